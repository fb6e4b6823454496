#!/bin/bash
# Here: does the math waves' fence after a `full` wait cost the kernels that
# the change made slower? For three layers (bf16, and the K = 36 head in
# f16 too): the database's kernel from BASE (compiled before the change)
# and NEW (after), and NEW's PTX without that fence (nofence.py; timing
# only), plus roles 8,8 for the K = 36 head with and without it; one
# folder per set under OUT.
# On the device: python3 bench/device_check.py OUT/SET --time --rounds 5
# (the nofence variants verify only by luck).
set -eu
here=$(dirname "$0")
OUT=${OUT:?}; BASE=${BASE:?}; NEW=${NEW:?}
DB=bench/results/h200-grouped-fwd-s2/sm_90a.tuning
rm -rf "$OUT"
variant() { # set key name flags...
  local set=$1 key=$2 name=$3; shift 3
  local ptx=/tmp/fence-ptx
  rm -rf $ptx
  build/bin/ck-compile --chip=sm_90a --no-cache --toolkit=/nonexistent "$@" -o $ptx > /dev/null
  mkdir -p "$OUT/$set/$key@$name"
  cp "$NEW/$set/$key/plan.ckplan" "$NEW/$set/$key/reference.ckplan" "$OUT/$set/$key@$name/"
  python3 "$here/nofence.py" $ptx/kernels.ptx $ptx/nofence.ptx
  /usr/local/cuda/bin/ptxas -arch sm_90a $ptx/nofence.ptx -o "$OUT/$set/$key@$name/kernels.cubin"
}
while read -r set key flags; do
  mkdir -p "$OUT/$set"
  cp -r "$BASE/$set/$key" "$OUT/$set/$key@base"
  cp -r "$NEW/$set/$key" "$OUT/$set/$key@new"
  dir=${set%_*}; type=${set##*_}
  # shellcheck disable=SC2086
  variant "$set" "$key" nofence --direction "$dir" --type "$type" $flags --tuning-db "$DB"
done <<'LAYERS'
bwd_weight_bf16 bwd_weight-bf16-G1-N16-C256-K36-in100x100-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK -N 16 -C 256 -K 36 --in 100x100 --filter 3x3 --pad 1x1
bwd_weight_f16 bwd_weight-f16-G1-N16-C256-K36-in100x100-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK -N 16 -C 256 -K 36 --in 100x100 --filter 3x3 --pad 1x1
bwd_data_bf16 bwd_data-bf16-G32-N16-C16-K16-in100x100-f3x3-s2x2-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK -G 32 -N 16 -C 16 -K 16 --in 100x100 --filter 3x3 --stride 2x2 --pad 1x1
bwd_data_bf16 bwd_data-bf16-G1-N16-C1024-K2048-in50x50-f1x1-s2x2-d1x1-pl0x0-pr0x0-NHWGC_GKYXC_NHWGK -N 16 -C 1024 -K 2048 --in 50x50 --filter 1x1 --stride 2x2
LAYERS
# Roles 8,8 for the K = 36 head, with and without the fence.
for type in bf16 f16; do
  set=bwd_weight_$type
  key=bwd_weight-$type-G1-N16-C256-K36-in100x100-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK
  flags="--direction bwd_weight --type $type -N 16 -C 256 -K 36 --in 100x100 --filter 3x3 --pad 1x1 --no-tuning-db --windows=output --partition=split_k --waves=8,8"
  # shellcheck disable=SC2086
  build/bin/ck-compile --chip=sm_90a --no-cache $flags -o "$OUT/$set/$key@w88" > /dev/null
  # shellcheck disable=SC2086
  variant "$set" "$key" w88nofence $flags
  cp "$OUT/$set/$key@w88/plan.ckplan" "$OUT/$set/$key@w88nofence/"
done
