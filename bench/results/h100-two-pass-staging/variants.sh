#!/bin/bash
# Here: every RetinaNet layer of the six sets as a persistent kernel with
# roles 4,8 and 4 stages (a staging tile of half the columns: two passes),
# into $OUT/<set>/<key>@two-pass, beside the tuning database's kernel
# (<key>@tuned, from $BASE, a `scripts/device-bench.sh compile` folder of
# ../h100-persistent-lean/sm_90a.tuning). Layers whose variant does not
# compile, or compiles to the database's kernel, are left out. On the
# device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
set -eu
OUT=${OUT:-.device/twopass}
BASE=${BASE:-.device/db3}
rm -rf "$OUT"
for set in bwd_weight_f16 bwd_weight_bf16 fwd_f16 fwd_bf16 bwd_data_f16 \
           bwd_data_bf16; do
  direction=${set%_*}; type=${set##*_}
  build/bin/ck-compile --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
    --direction "$direction" --type "$type" \
    --partition=data_parallel,dp=persistent --waves=4,8 --stages=4 \
    --jobs 2 -o "$OUT/tmp" > "$OUT-$set.log" 2>&1 || true
  for d in "$OUT/tmp"/*/; do
    [ -f "$d/kernels.cubin" ] || continue
    key=$(basename "$d")
    cmp -s "$d/kernels.cubin" "$BASE/$set/$key/kernels.cubin" &&
      cmp -s "$d/plan.ckplan" "$BASE/$set/$key/plan.ckplan" && continue
    mkdir -p "$OUT/$set"
    mv "$d" "$OUT/$set/$key@two-pass"
    cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned"
  done
  rm -rf "$OUT/tmp"
  ls "$OUT/$set" | awk '{print $1"\t-"}' > "$OUT/$set/index.txt"
done
