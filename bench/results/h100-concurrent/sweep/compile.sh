#!/bin/bash
# Compile the 15 sm_90a sweep choices of the strided backward-data layers.
CKC=build/bin/ck-compile
OUT=.device/ssweep
rm -rf $OUT; mkdir -p $OUT
# The stride-2 layers of the RetinaNet table.
(head -3 bench/data/retinanet_bwd_weight.csv; awk -F, 'NR>3 && $9==2' bench/data/retinanet_bwd_weight.csv) > $OUT/strided.csv
choices=("|" "--partition=split_k --stages=1|@partition=split_k@stages=1" "--stages=1|@stages=1" "--partition=data_parallel --stages=1|@partition=data_parallel@stages=1"
 "--stages=3|@stages=3" "--partition=split_k --stages=3|@partition=split_k@stages=3" "--partition=data_parallel --stages=3|@partition=data_parallel@stages=3")
for w in 4,4 4,8; do
  choices+=("--waves=$w|@waves=$w" "--partition=split_k --waves=$w|@partition=split_k@waves=$w" "--partition=data_parallel --waves=$w|@partition=data_parallel@waves=$w" "--partition=data_parallel,dp=persistent --waves=$w|@partition=data_parallel,dp=persistent@waves=$w")
done
for type in bf16 f16; do
  D=$OUT/bwd_data-$type; mkdir -p $D
  for c in "${choices[@]}"; do
    flags=${c%%|*}; suffix=${c#*|}
    T=$OUT/tmp; rm -rf $T
    $CKC --chip=sm_90a --no-cache --no-tuning-db --csv $OUT/strided.csv --direction bwd_data --type $type $flags --jobs 2 -o $T > $OUT/c.log 2>&1 || { echo "fail $type $flags"; tail -3 $OUT/c.log; }
    while IFS=$'\t' read -r key summary; do
      mv $T/$key "$D/$key$suffix"; printf '%s\t%s\n' "$key$suffix" "$summary" >> $D/index.txt
    done < $T/index.txt
  done
done
rm -rf $OUT/tmp $OUT/c.log
du -sh $OUT; wc -l $OUT/*/index.txt
