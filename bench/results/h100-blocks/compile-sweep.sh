#!/bin/bash
# The forward and backward-data layers (f16 and bf16) with the tuning
# database's choices and with the persistent grid and roles 4,8 and 4,4,
# by build/bin/ck-compile: bundles KEY@{db,p48,p44} under .device/sweep2,
# to choose again where store waves changed the persistent kernels.
CKC=build/bin/ck-compile
OUT=.device/sweep2
DB=${DB:-bench/results/h100-concurrent/sm_90a.tuning}
rm -rf $OUT; mkdir -p $OUT
for type in bf16 f16; do
  for dir in fwd bwd_data; do
    for c in db p48 p44; do
      case $c in
        db) flags="--tuning-db $DB";;
        p48) flags="--no-tuning-db --partition=data_parallel,dp=persistent --waves=4,8";;
        p44) flags="--no-tuning-db --partition=data_parallel,dp=persistent --waves=4,4";;
      esac
      $CKC --chip=sm_90a --no-cache $flags --csv bench/data/retinanet_bwd_weight.csv \
        --direction $dir --type $type --report -o $OUT/tmp > $OUT-$c-$type-$dir.log 2>&1 || echo "some failed: $c $type $dir"
      for k in $(cut -f1 $OUT/tmp/index.txt); do mv $OUT/tmp/$k $OUT/$k@$c; done
      rm -rf $OUT/tmp
    done
  done
done
ls $OUT | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/index.txt
wc -l < $OUT/index.txt
grep -h "spill stores [1-9]" $OUT-*.log | sort | uniq -c
