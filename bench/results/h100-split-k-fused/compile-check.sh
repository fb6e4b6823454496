#!/bin/bash
# Split-K's elementwise reduction on every accumulator layout and k_batch
# form, for ck-bench's verification on the device (run-check.sh):
# scripts/device-modes.sh's split-K modes of the RetinaNet backward-weight
# layers (f16, sm_90a: k_batch auto with and without roles 4,4, 2 and 16),
# and split-K of forward (bf16, roles 4,8) and of f32 backward-weight
# (tf32 mma.sync, whose accumulators lie as f16 mma.sync's) into
# $OUT/<name>/.
set -u
OUT=${OUT:-.device/skcheck}
CKC=${CKC:-build/bin/ck-compile}
CSV=bench/data/retinanet_bwd_weight.csv
rm -rf $OUT .device/modes
bash scripts/device-modes.sh compile split_k_auto waves44_split_k_auto \
  split_k2_nodet split_k16_nodet > /dev/null
mkdir -p $OUT && mv .device/modes/* $OUT/
extra() {
  local name=$1; shift
  $CKC --csv $CSV --no-cache --no-tuning-db "$@" -o $OUT/$name \
    > $OUT/$name.log 2>&1 || echo "fail $name"
}
extra fwd_split_k_w48 --chip=sm_90a --direction=fwd --type=bf16 \
  --partition=split_k --waves=4,8
extra f32_split_k --chip=sm_90a --direction=bwd_weight --type=f32 \
  --partition=split_k
ls $OUT
