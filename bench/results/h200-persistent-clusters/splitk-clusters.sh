#!/bin/bash
# Here: the backward-weight 1x1 layers' split-K kernels in clusters of
# 2 or 4 along M (B, x, multicast) or N (A, dy, multicast), with 64-row
# (roles 4,4) and 128-row (4,8) tiles, beside two copies of the database's
# kernel (`@db`, `@db2`), one folder per set under OUT. Variants that do
# not compile are left out. On the device:
#   python3 bench/device_check.py OUT/SET --time --rounds 5 --json F
set -u
OUT=${OUT:?}
TUNING_DB=${TUNING_DB:-bench/results/h200-wgmma-row-groups/sm_90a.tuning}
SETS=${SETS:-bwd_weight_f16 bwd_weight_bf16}
# C:K:size (1x1, stride 1).
LAYERS=${LAYERS:-"256:512:100 1024:256:50 2048:256:25 512:256:100"}
VARIANTS=(
  "a21=--waves=4,4 --cluster=2x1" "a41=--waves=4,4 --cluster=4x1"
  "a14=--waves=4,4 --cluster=1x4" "b21=--waves=4,8 --cluster=2x1"
  "b41=--waves=4,8 --cluster=4x1" "b14=--waves=4,8 --cluster=1x4"
)
rm -rf "$OUT"
for set in $SETS; do
  direction=${set%_*}; type=${set##*_}
  mkdir -p "$OUT/$set"
  for layer in $LAYERS; do
    IFS=: read -r c k s <<< "$layer"
    key=$direction-$type-G1-N16-C$c-K$k-in${s}x$s-f1x1-s1x1-d1x1-pl0x0-pr0x0-NHWGC_GKYXC_NHWGK
    compile() { # NAME FLAGS...
      local name=$1; shift
      build/bin/ck-compile --no-cache --chip=sm_90a --direction "$direction" \
        --type "$type" -N 16 -C "$c" -K "$k" --in "${s}x$s" --filter 1x1 "$@" \
        -o "$OUT/$set/$key@$name" > /dev/null 2> "$OUT/$name.err" ||
        { echo "skip $key@$name: $(tail -1 "$OUT/$name.err")"; rm -rf "$OUT/$set/$key@$name"; }
    }
    compile db --tuning-db "$TUNING_DB"
    compile db2 --tuning-db "$TUNING_DB"
    for v in "${VARIANTS[@]}"; do
      # shellcheck disable=SC2086 # the flags are words
      compile "${v%%=*}" --partition=split_k ${v#*=}
    done
  done
done
rm -f "$OUT"/*.err
