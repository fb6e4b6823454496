#!/bin/bash
# The backward-weight layers (bf16 and f16) with the database's choices
# (../h100-grouped-tma/sm_90a.tuning), compiled into $OUT/<type>/ for
# run.sh: after the change, split-K's one elementwise reduction kernel.
set -u
OUT=${OUT:-.device/skfused}
CKC=${CKC:-build/bin/ck-compile}
DB=bench/results/h100-grouped-tma/sm_90a.tuning
rm -rf $OUT; mkdir -p $OUT
for t in bf16 f16; do
  $CKC --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
    --direction bwd_weight --type $t --tuning-db $DB --no-cache \
    -o $OUT/$t > $OUT/$t.log 2>&1 || echo "fail $t"
done
