#!/bin/bash
# Backward-weight over the output gradient's windows (--windows=output:
# GEMM M = Y*X*K, N = C, K = N*Hi*Wi) against the input's (the database's
# choice, ../h100-split-k-workgroups/sm_90a.tuning), on RetinaNet's stride-1
# 3x3 backward-weight layers: the K = 36 head (bf16 and f16) with several
# kernel choices each, and the C = K = 256 and K = 2376 layers (bf16) with
# roles 4,8. One folder per set under $OUT (<key>@<variant>) for
# bench/device_check.py --time (graphs, rotating buffers).
set -u
OUT=${OUT:-.device/ow}
CKC=${CKC:-build/bin/ck-compile}
DB=bench/results/h100-split-k-workgroups/sm_90a.tuning
CSV=bench/data/retinanet_bwd_weight.csv
rm -rf $OUT $OUT-work; mkdir -p $OUT-work
grep -E '^#|^G|^1,16,256,36,' $CSV > $OUT-work/k36.csv
grep -E '^#|^G|^1,16,256,(256|2376),[0-9]+,[0-9]+,3,3,1,1,' $CSV > $OUT-work/wide.csv
compileSet() { # set csv type variant flags...
  local set=$1 csv=$2 t=$3 v=$4; shift 4
  local work=$OUT-work/$set-$v
  $CKC --chip=sm_90a --csv $OUT-work/$csv.csv --direction bwd_weight --type $t \
    --no-cache --report "$@" -o $work > $work.log 2>&1
  mkdir -p $OUT/$set
  while IFS=$'\t' read -r key _; do
    [ -f $work/$key/plan.ckplan ] && mv $work/$key $OUT/$set/$key@$v
  done < $work/index.txt
}
for t in bf16 f16; do
  compileSet k36-$t k36 $t input --tuning-db $DB
  compileSet k36-$t k36 $t out --windows=output --no-tuning-db
  compileSet k36-$t k36 $t out44 --windows=output --waves=4,4 --no-tuning-db
  compileSet k36-$t k36 $t out48 --windows=output --waves=4,8 --no-tuning-db
  compileSet k36-$t k36 $t outsk44 --windows=output --waves=4,4 --partition=split_k --no-tuning-db
  compileSet k36-$t k36 $t outsk48 --windows=output --waves=4,8 --partition=split_k --no-tuning-db
  compileSet k36-$t k36 $t outs3 --windows=output --stages=3 --no-tuning-db
done
compileSet wide-bf16 wide bf16 input --tuning-db $DB
compileSet wide-bf16 wide bf16 out48 --windows=output --waves=4,8 --no-tuning-db
grep -H "spill stores [1-9]" $OUT-work/*.log | sort | uniq -c | head -20
for d in $OUT/*; do
  ls $d | grep -v index.txt | awk '{print $1"\t-"}' > $d/index.txt
  echo "$d $(ls $d | grep -vc index.txt) bundles"
done
