#!/bin/bash
# Here: the K = 2376 head's layers with pinned 128-row blocks beside the
# database's kernel (`@tuned`, from BASE, a `scripts/device-bench.sh
# compile` folder), one folder per set under OUT. VARIANTS lists
# NAME=N=PARTITION (a block of 128 x N, wave tiles of 16 x N, roles 4,8,
# 4 stages, lean load waves); SIZES the input sizes, SETS the sets.
# The two runs of README.md:
#   OUT=.device/wide BASE=.device/bench9 bash .../wide-tiles.sh
#   OUT=.device/p192 BASE=.device/bench9 SIZES="50 100" SETS="fwd_f16 fwd_bf16" \
#     VARIANTS="p192=192=data_parallel, dp = persistent;p256=256=data_parallel, dp = persistent" \
#     bash .../wide-tiles.sh
# On the device: OUT=... bash .../wide-run.sh (WIDE = this OUT).
set -eu
OUT=${OUT:?}
BASE=${BASE:?}
SIZES=${SIZES:-25 50 100}
SETS=${SETS:-fwd_f16 fwd_bf16 bwd_data_f16 bwd_data_bf16}
VARIANTS=${VARIANTS:-"p256=256=data_parallel, dp = persistent;dp256=256=data_parallel"}
rm -rf "$OUT"
IFS=';' read -r -a variants <<< "$VARIANTS"
for set in $SETS; do
  direction=${set%_*}; type=${set##*_}
  for s in $SIZES; do
    key=$direction-$type-G1-N16-C256-K2376-in${s}x$s-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK
    for v in "${variants[@]}"; do
      name=${v%%=*}; rest=${v#*=}; n=${rest%%=*}; partition=${rest#*=}
      config="#ck.gemm_config<block = [128, $n, 64], wave = [16, $n], mma = #ck.wgmma<$type>, partition = #ck.partition<$partition>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 64>"
      build/bin/ck-compile --no-cache --chip=sm_90a --direction "$direction" \
        --type "$type" -N 16 -C 256 -K 2376 --in "${s}x$s" --filter 3x3 --pad 1x1 \
        --config "$config" -o "$OUT/$set/$key@$name" > /dev/null
      if cmp -s "$OUT/$set/$key@$name/kernels.cubin" "$BASE/$set/$key/kernels.cubin"; then
        rm -rf "$OUT/$set/$key@$name"
      fi
    done
    cp -r "$BASE/$set/$key" "$OUT/$set/$key@tuned"
  done
done
