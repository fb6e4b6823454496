#!/bin/bash
# On the device: ck-bench (verified, then back-to-back launches between two
# events, median of 50) of compile.sh's bundles and, in the same run, of
# the probe bundles of the previous compiler (../h100-streamk-tail
# bwd_weight base@, bf16, copied to .device/skold); then ncu durations of
# each kernel of the split-K bf16 bundles (as profile-before.sh).
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
for set in .device/skfused/bf16 .device/skfused/f16 .device/skold; do
  name=$(echo $set | tr / _ | sed 's/^_device_//')
  ./build/bin/ck-bench --bundles $set --repeat 50 --json $OUT/$name.json > $OUT/$name.log 2>&1
  echo "$name rc $?"; tail -n1 $OUT/$name.log
done
NCU=/usr/local/cuda/bin/ncu
for B in $(grep -l "split_k" .device/skfused/bf16/*/plan.ckplan | xargs -n1 dirname); do
  echo "== $(basename $B)"
  $NCU --clock-control none --metrics gpu__time_duration.sum,launch__grid_size \
    --launch-skip 4 --launch-count 2 -k regex:gemm \
    ./build/bin/ck-bench --bundle $B --no-verify --warmup 2 --repeat 1 2>&1 |
    grep -E "gemm_|duration|grid_size"
done > $OUT/after.txt
