#!/bin/bash
# Here: pingpong configs (block 256 x 128, two math warpgroups of 128 rows
# taking the rows in turn) on the large 3x3 layers beside the database's
# kernel (`@tuned`, `@tuned2`: two copies, the spread of one kernel) from
# BASE (a `scripts/device-bench.sh compile` folder), one folder per set
# under OUT. STAGES lists the ring depths tried; PARTS the partitions.
# With TUNING_DB, also the database's choice compiled by this build
# (`@db`). On the device: python3 bench/device_check.py OUT/SET --time
# --rounds 5.
set -eu
OUT=${OUT:?}
BASE=${BASE:?}
SETS=${SETS:-fwd_bf16 bwd_data_bf16}
LAYERS=${LAYERS:-"256:50 256:100 2376:100"}
STAGES=${STAGES:-"5"}
PARTS=${PARTS:-"p=data_parallel, dp = persistent;d=data_parallel"}
rm -rf "$OUT"
IFS=';' read -r -a parts <<< "$PARTS"
for set in $SETS; do
  direction=${set%_*}; type=${set##*_}
  for layer in $LAYERS; do
    k=${layer%:*}; s=${layer#*:}
    key=$direction-$type-G1-N16-C256-K$k-in${s}x$s-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK
    for st in $STAGES; do
      for p in "${parts[@]}"; do
        name=${p%%=*}; partition=${p#*=}
        config="#ck.gemm_config<block = [256, 128, 64], wave = [32, 128], mma = #ck.wgmma<$type>, partition = #ck.partition<$partition>, lds_buffers = $st, load_waves = 4, async_copy, load_registers = 64, pingpong>"
        build/bin/ck-compile --no-cache --chip=sm_90a --direction "$direction" \
          --type "$type" -N 16 -C 256 -K "$k" --in "${s}x$s" --filter 3x3 --pad 1x1 \
          --config "$config" -o "$OUT/$set/$key@pp$name$st" > /dev/null
      done
    done
    if [ -n "${TUNING_DB:-}" ]; then
      build/bin/ck-compile --no-cache --chip=sm_90a --direction "$direction" \
        --type "$type" -N 16 -C 256 -K "$k" --in "${s}x$s" --filter 3x3 --pad 1x1 \
        --tuning-db "$TUNING_DB" -o "$OUT/$set/$key@db" > /dev/null
    fi
    cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned"
    cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned2"
  done
done
