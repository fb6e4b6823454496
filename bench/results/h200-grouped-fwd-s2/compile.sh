#!/bin/bash
# Here: G = 32 forward layers (LAYERS: "C IN STRIDE" per layer; by
# default the two of stride 2 that ../h200-bench-1129b/ ran furthest
# behind cuDNN, 0.75x), in both types, compiled with the choices of
# VARIANTS (NAME=FLAGS;...) beside two copies of the database's kernel
# (`@tuned`, `@tuned2`, from BASE, a `scripts/device-bench.sh compile`
# folder), one folder per set under OUT.
# With MERGE64=1 every choice merges groups to 64 channels (64 / C).
# On the device: python3 bench/device_check.py OUT/SET --time --rounds 5.
set -eu
OUT=${OUT:?}
BASE=${BASE:?}
VARIANTS=${VARIANTS:-"h=;m2=--merge-groups=2;m8=--merge-groups=8;w44=--waves=4,4 --partition=data_parallel;w44p=--waves=4,4 --partition=data_parallel,dp=persistent;w48=--waves=4,8 --partition=data_parallel;w48p=--waves=4,8 --partition=data_parallel,dp=persistent;w412=--waves=4,12 --partition=data_parallel;s3=--stages=3;rb=--resident-b --waves=4,12 --partition=data_parallel,dp=persistent;m2w44=--merge-groups=2 --waves=4,4 --partition=data_parallel;m2w48p=--merge-groups=2 --waves=4,8 --partition=data_parallel,dp=persistent;m8w412=--merge-groups=8 --waves=4,12 --partition=data_parallel;m1=--merge-groups=1"}
rm -rf "$OUT"
IFS=';' read -r -a variants <<< "$VARIANTS"
for type in f16 bf16; do
  set=fwd_$type
  IFS=';' read -r -a layers <<< "${LAYERS:-16 100x100 2;32 50x50 2}"
  for layer in "${layers[@]}"; do
    read -r c in st <<< "$layer"
    key=fwd-$type-G32-N16-C$c-K$c-in$in-f3x3-s${st}x$st-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK
    for v in "${variants[@]}"; do
      name=${v%%=*}; flags=${v#*=}
      [ -n "${MERGE64:-}" ] && flags="$flags --merge-groups=$((64 / c))"
      # shellcheck disable=SC2086
      build/bin/ck-compile --no-cache --no-tuning-db --chip=sm_90a --direction fwd \
        --type "$type" -G 32 -N 16 -C "$c" -K "$c" --in "$in" --filter 3x3 \
        --stride "${st}x$st" --pad 1x1 $flags -o "$OUT/$set/$key@$name" > /dev/null ||
        echo "no $key@$name"
    done
    cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned"
    cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned2"
  done
done
