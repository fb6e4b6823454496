#!/bin/bash
# Probe: the staging hand-off to store waves. The forward and backward-data
# bf16 layers, each with the database's choices and with the persistent
# partition and roles 4,8 (and 4,4), by two compilers: OLD (before the
# hand-off) and NEW. Bundles KEY@{db,p48,p44}-{old,new} under .device/handoff.
OLD=${OLD:?ck-compile before the hand-off}
NEW=${NEW:?ck-compile with it}
OUT=.device/handoff
DB=bench/results/h100-concurrent/sm_90a.tuning
rm -rf $OUT; mkdir -p $OUT
for v in old new; do
  if [ $v = old ]; then CKC=$OLD; else CKC=$NEW; fi
  for dir in fwd bwd_data; do
    for c in db p48 p44; do
      case $c in
        db) flags="--tuning-db $DB";;
        p48) flags="--no-tuning-db --partition=data_parallel,dp=persistent --waves=4,8";;
        p44) flags="--no-tuning-db --partition=data_parallel,dp=persistent --waves=4,4";;
      esac
      $CKC --chip=sm_90a --no-cache $flags --csv bench/data/retinanet_bwd_weight.csv \
        --direction $dir --type bf16 --report -o $OUT/tmp > $OUT-$c-$v-$dir.log 2>&1 || echo "some failed: $c $v $dir"
      for k in $(cut -f1 $OUT/tmp/index.txt); do mv $OUT/tmp/$k $OUT/$k@$c-$v; done
      rm -rf $OUT/tmp
    done
  done
done
ls $OUT | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/index.txt
wc -l < $OUT/index.txt
grep -h "spill stores [1-9]" $OUT-*.log | sort | uniq -c
