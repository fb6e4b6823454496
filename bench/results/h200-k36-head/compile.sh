#!/bin/bash
# Here: the K = 36 head's backward-weight at 100x100 (C = 256, 3x3, the
# output gradient's windows) in both types, compiled with the choices of
# VARIANTS (NAME=FLAGS;...) beside two copies of the database's kernel
# (`@tuned`, `@tuned2`, from BASE, a `scripts/device-bench.sh compile`
# folder), one folder per set under OUT.
# On the device: python3 bench/device_check.py OUT/SET --time --rounds 5.
set -eu
OUT=${OUT:?}
BASE=${BASE:?}
VARIANTS=${VARIANTS:-"k33=--partition=split_k,k_batch=33 --waves=4,8;k66=--partition=split_k,k_batch=66 --waves=4,8;k88=--partition=split_k,k_batch=88 --waves=4,8;w44=--partition=split_k --waves=4,4;wg=--partition=split_k,reduce=workgroups --waves=4,8;k66wg=--partition=split_k,k_batch=66,reduce=workgroups --waves=4,8;s3=--partition=split_k --waves=4,8 --stages=3"}
rm -rf "$OUT"
IFS=';' read -r -a variants <<< "$VARIANTS"
for type in f16 bf16; do
  set=bwd_weight_$type
  key=bwd_weight-$type-G1-N16-C256-K36-in100x100-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK
  for v in "${variants[@]}"; do
    name=${v%%=*}; flags=${v#*=}
    # shellcheck disable=SC2086
    build/bin/ck-compile --no-cache --no-tuning-db --chip=sm_90a --direction bwd_weight \
      --type "$type" -N 16 -C 256 -K 36 --in 100x100 --filter 3x3 --pad 1x1 \
      --windows=output $flags -o "$OUT/$set/$key@$name" > /dev/null || echo "no $name"
  done
  cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned"
  cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned2"
done
