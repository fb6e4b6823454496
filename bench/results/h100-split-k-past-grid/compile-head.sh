#!/bin/bash
# The backward-weight layers still behind cuDNN after sections 1-6 (the
# K = 2376 head at 7x7, 13x13 and 25x25; 1x1 C = K = 512 100x100 and the
# 1x1 layers of 1024 by 2048 at 25x25), bf16 and f16: the database's
# choice against roles 4,8 or 4,4 with split-K's rule, data-parallel,
# persistent data-parallel and StreamK over the last round. One folder
# per set under $OUT (<key>@<variant>) for ../h100-output-windows/run.sh.
set -u
OUT=${OUT:-.device/head}
CKC=${CKC:-build/bin/ck-compile}
DB=${DB:-bench/results/h100-split-k-past-grid/sm_90a.tuning}
rm -rf $OUT $OUT-work; mkdir -p $OUT-work
compileOne() { # set key variant flags...
  local set=$1 key=$2 v=$3; shift 3
  local work=$OUT-work/$key@$v
  $CKC --chip=sm_90a --direction bwd_weight -N 16 --no-cache --report "$@" \
    -o $work > $work.log 2>&1 || { echo "FAILED $key@$v"; cat $work.log; return; }
  mkdir -p $OUT/$set && mv $work $OUT/$set/$key@$v
}
while read -r name shape; do
  for t in bf16 f16; do
    p="--type $t $shape"
    compileOne $t $t-$name db $p --tuning-db $DB
    compileOne $t $t-$name sk48 $p --partition=split_k --waves=4,8
    compileOne $t $t-$name sk44 $p --partition=split_k --waves=4,4
    compileOne $t $t-$name dp48 $p --partition=data_parallel --waves=4,8
    compileOne $t $t-$name dpp48 $p --partition=data_parallel,dp=persistent --waves=4,8
    compileOne $t $t-$name st48 $p --partition=stream_k,tail=1 --waves=4,8
  done
done <<'LAYERS'
K2376-7x7 -C 256 -K 2376 --in 7,7 --filter 3,3 --pad 1,1
K2376-13x13 -C 256 -K 2376 --in 13,13 --filter 3,3 --pad 1,1
K2376-25x25 -C 256 -K 2376 --in 25,25 --filter 3,3 --pad 1,1
C512-K512-100x100 -C 512 -K 512 --in 100,100 --filter 1,1
C1024-K2048-25x25 -C 1024 -K 2048 --in 25,25 --filter 1,1
C2048-K1024-25x25 -C 2048 -K 1024 --in 25,25 --filter 1,1
LAYERS
source $(dirname $0)/../h100-resident-b/index-sets.sh
