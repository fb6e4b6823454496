#!/bin/bash
# Here: the RetinaNet layers of SETS (default: all six sets) compiled with
# each variant's flags, into $OUT/<set>/<key>@<name>, beside the tuning
# database's kernel (<key>@tuned, from $BASE, a
# `scripts/device-bench.sh compile` folder of
# ../h100-persistent-lean/sm_90a.tuning). Each VARIANTS entry is
# NAME=FLAGS; the default is the persistent kernel of roles 4,8 and 4
# stages (a staging tile of half the columns: two passes). Layers whose
# variant does not compile, or compiles to the database's kernel, are
# left out. On the device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
set -eu
OUT=${OUT:-.device/twopass}
BASE=${BASE:-.device/db3}
SETS=${SETS:-bwd_weight_f16 bwd_weight_bf16 fwd_f16 fwd_bf16 bwd_data_f16 bwd_data_bf16}
if [ -z "${VARIANTS+x}" ]; then
  VARIANTS=("two-pass=--partition=data_parallel,dp=persistent --waves=4,8 --stages=4")
fi
rm -rf "$OUT"
for set in $SETS; do
  direction=${set%_*}; type=${set##*_}
  for variant in "${VARIANTS[@]}"; do
    name=${variant%%=*}
    # shellcheck disable=SC2086 # the flags are words
    build/bin/ck-compile --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
      --direction "$direction" --type "$type" ${variant#*=} \
      --jobs 2 -o "$OUT/tmp" > "$OUT-$set-$name.log" 2>&1 || true
    for d in "$OUT/tmp"/*/; do
      [ -f "$d/kernels.cubin" ] || continue
      key=$(basename "$d")
      cmp -s "$d/kernels.cubin" "$BASE/$set/$key/kernels.cubin" &&
        cmp -s "$d/plan.ckplan" "$BASE/$set/$key/plan.ckplan" && continue
      mkdir -p "$OUT/$set"
      mv "$d" "$OUT/$set/$key@$name"
      [ -d "$OUT/$set/$key@tuned" ] || cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned"
    done
    rm -rf "$OUT/tmp"
  done
  ls "$OUT/$set" | awk '{print $1"\t-"}' > "$OUT/$set/index.txt"
done
