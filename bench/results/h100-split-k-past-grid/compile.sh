#!/bin/bash
# The K = 2376 backward-weight layers at 100x100 and 50x50 (GEMM 2376 x
# 2304, 171 tiles of 128 x 256 on 132 SMs that hold one workgroup each),
# bf16 and f16: the tuning database's split-K (2 splits: 342 workgroups,
# 2.6 rounds) against 3, 4 and 6 splits and StreamK over the last partial
# round (tail=1) or over every tile (tail=all), roles 4,8 throughout. One
# folder per set under $OUT (<key>@<variant>) for
# bench/device_check.py --time (../h100-output-windows/run.sh).
set -u
OUT=${OUT:-.device/pastgrid}
CKC=${CKC:-build/bin/ck-compile}
DB=${DB:-bench/results/h100-resident-b/sm_90a.tuning}
rm -rf $OUT $OUT-work; mkdir -p $OUT-work
compileOne() { # set key variant flags...
  local set=$1 key=$2 v=$3; shift 3
  local work=$OUT-work/$key@$v
  $CKC --chip=sm_90a --direction bwd_weight -N 16 -C 256 -K 2376 \
    --filter 3,3 --pad 1,1 --no-cache --report "$@" -o $work > $work.log 2>&1 ||
    { echo "FAILED $key@$v"; cat $work.log; return; }
  mkdir -p $OUT/$set && mv $work $OUT/$set/$key@$v
}
for t in bf16 f16; do
  for H in 100 50; do
    key=bwd_weight-$t-K2376-${H}x$H
    p="--type $t --in $H,$H"
    compileOne $t $key db $p --tuning-db $DB
    for k in 3 4 6; do
      compileOne $t $key k$k $p --partition=split_k,k_batch=$k --waves=4,8
    done
    compileOne $t $key sk1 $p --partition=stream_k,tail=1 --waves=4,8
    compileOne $t $key skall $p --partition=stream_k,tail=all --waves=4,8
  done
done
source $(dirname $0)/../h100-resident-b/index-sets.sh
