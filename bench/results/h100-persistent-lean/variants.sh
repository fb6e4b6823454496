#!/bin/bash
# Here: the fourteen 1x1 RetinaNet layers, forward and backward-data, f16
# and bf16, as persistent data-parallel kernels (units on one ring; the
# heuristic now gives such kernels load waves of 64 registers) with one or
# two math warpgroups, into $OUT/<set>/<key>@<choice>, beside the tuning
# database's own kernel (<key>@tuned, copied from $BASE, a
# `scripts/device-bench.sh compile` folder). A variant that compiles to the
# database's kernel is left out. On the device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
set -eu
OUT=${OUT:-.device/lean}
BASE=${BASE:-.device/bench6}
rm -rf "$OUT"
csv=$(mktemp)
awk -F, '/^#/ || /^G,/ || ($7 == 1 && $8 == 1)' bench/data/retinanet_bwd_weight.csv > "$csv"
for set in fwd_f16 fwd_bf16 bwd_data_f16 bwd_data_bf16; do
  direction=${set%_*}; type=${set##*_}
  for waves in 4,8 4,4; do
    build/bin/ck-compile --chip=sm_90a --csv "$csv" --direction "$direction" \
      --type "$type" --partition=data_parallel,dp=persistent --waves=$waves \
      --jobs 2 -o "$OUT/tmp-$waves" > /dev/null
    for d in "$OUT/tmp-$waves"/*/; do
      key=$(basename "$d")
      cmp -s "$d/kernels.cubin" "$BASE/$set/$key/kernels.cubin" &&
        cmp -s "$d/plan.ckplan" "$BASE/$set/$key/plan.ckplan" && continue
      mkdir -p "$OUT/$set"
      mv "$d" "$OUT/$set/$key@persistent-$waves"
      [ -d "$OUT/$set/$key@tuned" ] || cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned"
    done
    rm -rf "$OUT/tmp-$waves"
  done
  ls "$OUT/$set" | awk '{print $1"\t-"}' > "$OUT/$set/index.txt"
done
rm -f "$csv"
