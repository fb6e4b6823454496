#!/bin/bash
# The direct-epilogue experiment (README.md here): seven layers, each with
# the database's choice (db), the same with every lane storing its own
# accumulator pairs (dbD), and persistent grids of 4 stages with direct
# stores (p48D, p44D). The D variants need the experiment's build, whose
# CK_EXP_DIRECT switch (skip the staging tile, and its LDS in the
# configuration's estimate) was not kept; its variants build nothing else.
OUT=${OUT:-.device/epi}
DB=bench/results/h100-grouped-window/sm_90a.tuning
CKC=${CKC:-build/bin/ck-compile}
rm -rf $OUT; mkdir -p $OUT
probs=(
 "fwd-3x3-100:--direction fwd -C 256 -K 256 --in 100,100 --filter 3,3 --pad 1,1"
 "bwd_data-3x3-100:--direction bwd_data -C 256 -K 256 --in 100,100 --filter 3,3 --pad 1,1"
 "fwd-K2376-50:--direction fwd -C 256 -K 2376 --in 50,50 --filter 3,3 --pad 1,1"
 "fwd-1x1-C512K1024:--direction fwd -C 512 -K 1024 --in 50,50 --filter 1,1"
 "fwd-1x1-C1024K512:--direction fwd -C 1024 -K 512 --in 50,50 --filter 1,1"
 "bwd_data-1x1-C1024K512:--direction bwd_data -C 1024 -K 512 --in 50,50 --filter 1,1"
 "fwd-1x1-C256K512-100:--direction fwd -C 256 -K 512 --in 100,100 --filter 1,1"
)
for p in "${probs[@]}"; do
  name=${p%%:*}; args=${p#*:}
  for v in ${VARIANTS:-db dbD p48D p44D}; do
    env=(); flags=()
    case $v in
      db) flags=(--tuning-db $DB);;
      dbD) env=(CK_EXP_DIRECT=1); flags=(--tuning-db $DB);;
      p48D) env=(CK_EXP_DIRECT=1); flags=(--no-tuning-db --partition=data_parallel,dp=persistent --waves=4,8 --stages=4);;
      p44D) env=(CK_EXP_DIRECT=1); flags=(--no-tuning-db --partition=data_parallel,dp=persistent --waves=4,4 --stages=4);;
      p48) flags=(--no-tuning-db --partition=data_parallel,dp=persistent --waves=4,8);;
    esac
    env "${env[@]}" $CKC --chip=sm_90a --no-cache "${flags[@]}" --type bf16 -N 16 $args -o $OUT/$name@$v > $OUT-$name@$v.log 2>&1 || { echo "failed $name@$v"; tail -2 $OUT-$name@$v.log; rm -rf $OUT/$name@$v; }
    env "${env[@]}" $CKC --chip=sm_90a --no-cache "${flags[@]}" --type bf16 -N 16 $args --report 2>&1 | grep kernel | sed "s/^/$name@$v /"
  done
done
ls $OUT | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/index.txt
wc -l < $OUT/index.txt
