#!/bin/bash
# Here: the six RetinaNet sets (forward, backward-data, backward-weight;
# f16, bf16) as sm_80 PTX with the heuristic's configs (no tuning
# database), which the H100's driver compiles when ckrt loads it, into
# $OUT/sm80-<direction>-<type>, by the compiler $CK_COMPILE. Compile once
# with the compiler before a change and once after, then pair the bundles
# that differ and time them on the device:
#   CK_COMPILE=/tmp/ck-compile-before OUT=/tmp/before compile.sh
#   OUT=/tmp/after compile.sh
#   OUT=.device/ab ../h100-load-cursors/ab.sh base=/tmp/before new=/tmp/after
#   (device) AB80=.device/ab OUT=$OUT ../h100-load-cursors/run-ab.sh \
#              sm80-bwd_weight-f16 ...
#   ../h100-load-cursors/abstat.py <results> base
set -eu
CK_COMPILE=${CK_COMPILE:-build/bin/ck-compile}
for type in f16 bf16; do
  for direction in bwd_weight fwd bwd_data; do
    "$CK_COMPILE" --chip=sm_80 --csv bench/data/retinanet_bwd_weight.csv \
      --direction "$direction" --type="$type" --no-tuning-db \
      --toolkit=/tmp/no-ptxas --no-cache \
      -o "$OUT/sm80-$direction-$type" > /dev/null
  done
done
