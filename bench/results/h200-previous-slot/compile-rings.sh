#!/bin/bash
# Here: two G = 32 forward layers (f16; C = K = 32 at 50x50 stride 2,
# C = K = 8 at 100x100) with roles 4,8, B resident and rings of 6, 7 and 8
# stages, compiled by this compiler (`@newS`) beside the same choices
# compiled before the change (`@oldS`, from OLD: the sweep folder of
# ../h200-grouped-fwd-s2/compile.sh, whose variants are `@p8sSrb`), in
# OUT/fwd_f16. On the device: python3 bench/device_check.py OUT/fwd_f16
# --time --rounds 5.
set -eu
OUT=${OUT:?}
OLD=${OLD:?}
rm -rf "$OUT"
mkdir -p "$OUT/fwd_f16"
for layer in "32 50x50 2" "8 100x100 1"; do
  read -r c in st <<< "$layer"
  key=fwd-f16-G32-N16-C$c-K$c-in$in-f3x3-s${st}x$st-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK
  for s in 6 7 8; do
    cp -r "$OLD/fwd_f16/$key@p8s${s}rb" "$OUT/fwd_f16/$key@old$s"
    build/bin/ck-compile --no-cache --no-tuning-db --chip=sm_90a --direction fwd \
      --type f16 -G 32 -N 16 -C "$c" -K "$c" --in "$in" --filter 3x3 \
      --stride "${st}x$st" --pad 1x1 --waves=4,8 \
      --partition=data_parallel,dp=persistent --merge-groups=$((64 / c)) \
      --stages=$s --resident-b -o "$OUT/fwd_f16/$key@new$s" > /dev/null
  done
done
