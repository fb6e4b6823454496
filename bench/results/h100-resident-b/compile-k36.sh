#!/bin/bash
# The K = 36 head's backward-weight at 7x7 and 13x13 (C = 256, 3x3, pad
# 1, N = 16) over the output gradient's windows with roles 4,4 and split-K:
# the database's choice (a second kernel adds the splits) against the
# splits added by the workgroups themselves (reduce = workgroups) or inside
# a cluster (reduce = cluster), for several k_batch. One folder per type
# under $OUT (<key>@<variant>) for ../h100-output-windows/run.sh.
set -u
OUT=${OUT:-.device/k36r}
CKC=${CKC:-build/bin/ck-compile}
DB=bench/results/h100-resident-b/sm_90a.tuning
rm -rf $OUT $OUT-work; mkdir -p $OUT-work
compileOne() { # set key variant flags...
  local set=$1 key=$2 v=$3; shift 3
  local work=$OUT-work/$key@$v
  $CKC --chip=sm_90a --direction bwd_weight -N 16 -C 256 -K 36 --filter 3,3 \
    --pad 1,1 --no-cache --report "$@" -o $work > $work.log 2>&1 ||
    { echo "FAILED $key@$v"; cat $work.log; return; }
  mkdir -p $OUT/$set && mv $work $OUT/$set/$key@$v
}
for t in bf16 f16; do
  for h in 7 13; do
    key=k36-$t-${h}x$h
    p="--type $t --in $h,$h"
    compileOne $t $key db $p --tuning-db $DB
    for kb in 4 6 8; do
      for r in workgroups cluster; do
        compileOne $t $key k$kb$r $p --windows=output --waves=4,4 \
          --partition=split_k,k_batch=$kb,reduce=$r
      done
    done
  done
done
source $(dirname $0)/index-sets.sh
