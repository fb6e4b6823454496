#!/bin/bash
# Here: kernel variants of the RetinaNet layers beside the tuning
# database's, for bench/device_check.py to time side by side. The layers of
# CSV (default bench/data/retinanet_bwd_weight.csv) in SETS (default: all
# six sets) are compiled with each variant's flags into
# $OUT/<set>/<key>@<name>, beside the database's kernel (<key>@tuned,
# copied from $BASE, a `scripts/device-bench.sh compile` folder). Each
# VARIANTS entry (a bash array, set before sourcing this) is NAME=FLAGS,
# where @TYPE@ stands for the set's element type (for a pinned
# `--config=#ck.gemm_config<..., mma = #ck.wgmma<@TYPE@>>`); the default is
# the persistent kernel of roles 4,8 and 4 stages (a staging tile of half
# the columns: two passes). Layers whose variant does not compile, or
# compiles to the database's kernel, are left out. With BASE_TWICE=1 the
# database's kernel is copied twice (<key>@tuned and <key>@tuned2), so
# that two copies of one kernel show the run's drift beside the variants.
# On the device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
# The experiments that used it: bench/results/h100-two-pass-staging/
# (OUT=.device/twopass BASE=.device/db3, and streamk/variants-streamk.sh)
# and h100-persistent-lean/variants.sh.
set -eu
OUT=${OUT:?the output folder}
BASE=${BASE:?the folder of the database kernels}
CSV=${CSV:-bench/data/retinanet_bwd_weight.csv}
SETS=${SETS:-bwd_weight_f16 bwd_weight_bf16 fwd_f16 fwd_bf16 bwd_data_f16 bwd_data_bf16}
if [ -z "${VARIANTS+x}" ]; then
  VARIANTS=("two-pass=--partition=data_parallel,dp=persistent --waves=4,8 --stages=4")
fi
rm -rf "$OUT"
for set in $SETS; do
  direction=${set%_*}; type=${set##*_}
  for variant in "${VARIANTS[@]}"; do
    name=${variant%%=*}
    flags=${variant#*=}
    flags=${flags//@TYPE@/$type}
    # shellcheck disable=SC2086 # the flags are words
    build/bin/ck-compile --chip=sm_90a --csv "$CSV" \
      --direction "$direction" --type "$type" $flags \
      --jobs 2 -o "$OUT/tmp" > "$OUT-$set-$name.log" 2>&1 || true
    for d in "$OUT/tmp"/*/; do
      [ -f "$d/kernels.cubin" ] || continue
      key=$(basename "$d")
      cmp -s "$d/kernels.cubin" "$BASE/$set/$key/kernels.cubin" &&
        cmp -s "$d/plan.ckplan" "$BASE/$set/$key/plan.ckplan" && continue
      mkdir -p "$OUT/$set"
      mv "$d" "$OUT/$set/$key@$name"
      if [ ! -d "$OUT/$set/$key@tuned" ]; then
        cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned"
        if [ -n "${BASE_TWICE:-}" ]; then
          cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned2"
        fi
      fi
    done
    rm -rf "$OUT/tmp"
  done
  find "$OUT/$set" -mindepth 1 -maxdepth 1 -type d -printf '%f\t-\n' | sort \
    > "$OUT/$set/index.txt"
done
