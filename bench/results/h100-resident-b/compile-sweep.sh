#!/bin/bash
# The G = 32 forward and backward-data layers, bf16 and f16: the tuning
# database's choice against B kept resident (--resident-b, persistent
# data-parallel) with one to four math warpgroups and 3 or 4 stages. One
# folder per set under $OUT (<key>@<variant>) for
# bench/device_check.py --time (../h100-output-windows/run.sh).
set -u
OUT=${OUT:-.device/gsweep}
CKC=${CKC:-build/bin/ck-compile}
DB=${DB:-bench/results/h100-split-k-cluster/sm_90a.tuning}
rm -rf $OUT $OUT-work; mkdir -p $OUT-work
compileOne() { # set key variant flags...
  local set=$1 key=$2 v=$3; shift 3
  local work=$OUT-work/$key@$v
  $CKC --chip=sm_90a -G 32 -N 16 --filter 3,3 --pad 1,1 --no-cache \
    --report "$@" -o $work > $work.log 2>&1 || { echo "FAILED $key@$v"; cat $work.log; return; }
  mkdir -p $OUT/$set && mv $work $OUT/$set/$key@$v
}
RES="--partition=data_parallel,dp=persistent --resident-b"
while read -r C H S M; do
  for dir in fwd bwd_data; do
    for t in bf16 f16; do
      key=$dir-$t-C$C-${H}x$H-s$S
      p="--direction $dir --type $t -C $C -K $C --in $H,$H --stride $S,$S"
      compileOne $dir-$t $key db $p --tuning-db $DB
      compileOne $dir-$t $key w8s4 $p $RES --waves=4,8 --stages=4 --merge-groups=$M
      compileOne $dir-$t $key w12s3 $p $RES --waves=4,12 --stages=3 --merge-groups=$M
      compileOne $dir-$t $key w12s4 $p $RES --waves=4,12 --stages=4 --merge-groups=$M
      compileOne $dir-$t $key w16s3 $p $RES --waves=4,16 --stages=3 --merge-groups=$M
    done
  done
done < <(grep -v '^#' $(dirname $0)/layers.txt)
source $(dirname $0)/index-sets.sh
