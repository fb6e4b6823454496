#!/bin/bash
# Bounds of two database kernels (bf16, sm_90a): backward-data 3x3
# C = K = 256 at 100x100 (`bd`: persistent, 128 x 256, roles 4,8, 4
# stages, two-pass TMA stores) and forward 3x3 C = 256, K = 2376 at 100x100
# (`fw`: data-parallel, 128 x 240, roles 4,8, 4 stages).
#
#   bash bench/results/h200-overlap-bounds/bounds.sh compile
#       here: each kernel's PTX (ck-compile with the database's flags, no
#       ptxas), its variants (bounds-ptx.py), each through ptxas into a
#       bundle .device/bounds/<kernel>-<variant> beside the plans of BASE
#       (default .device/bench9, a `scripts/device-bench.sh compile`
#       folder); `bd-onebox` with B's map made 5-D (README.md).
#   OUT=... bash bench/results/h200-overlap-bounds/bounds.sh run
#       on the device: all of them timed unverified, the benchmark's way
#       (CUDA graphs over rotating buffers, 3 rounds), then bd-base against
#       bd-onebox verified (5 rounds).
set -eu
here=$(dirname "$0")
case "${1:-}" in
compile)
  base=${BASE:-.device/bench9}
  common="--no-cache --chip=sm_90a --type bf16 -N 16 -C 256 --in 100x100 --filter 3x3 --pad 1x1"
  key() { echo "$1-bf16-G1-N16-C256-K$2-in100x100-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK"; }
  rm -rf .device/bounds .device/bounds-ptx
  # shellcheck disable=SC2086 # the flags are words
  build/bin/ck-compile $common --direction bwd_data -K 256 \
    --partition=data_parallel,dp=persistent --waves=4,8 --stages=4 \
    --toolkit=/nonexistent -o .device/bounds-ptx/bd > /dev/null
  # shellcheck disable=SC2086
  build/bin/ck-compile $common --direction fwd -K 2376 \
    --partition=data_parallel --waves=4,8 --toolkit=/nonexistent \
    -o .device/bounds-ptx/fw > /dev/null
  python3 "$here/bounds-ptx.py" .device/bounds-ptx/bd/kernels.ptx .device/bounds-ptx/bd/v --one-box-b
  python3 "$here/bounds-ptx.py" .device/bounds-ptx/fw/kernels.ptx .device/bounds-ptx/fw/v
  for k in bd fw; do
    case $k in
    bd) plans="$base/bwd_data_bf16/$(key bwd_data 256)" ;;
    fw) plans="$base/fwd_bf16/$(key fwd 2376)" ;;
    esac
    for ptx in .device/bounds-ptx/$k/v/*.ptx; do
      v=$(basename "$ptx" .ptx)
      d=.device/bounds/$k-$v
      mkdir -p "$d"
      cp "$plans/plan.ckplan" "$plans/reference.ckplan" "$d/"
      /usr/local/cuda/bin/ptxas -arch sm_90a "$ptx" -o "$d/kernels.cubin"
    done
  done
  sed -i 's/^tensormap 1 tiled t1 dims 256 9 256 1 strides 512 4608 1179648 box 64 1 64 1 elements 1 1 1 1 swizzle 128$/tensormap 1 tiled t1 dims 64 9 256 1 4 strides 512 4608 1179648 128 box 64 1 64 1 4 elements 1 1 1 1 1 swizzle 128/' \
    .device/bounds/bd-onebox/plan.ckplan
  grep -q 'dims 64 9 256 1 4' .device/bounds/bd-onebox/plan.ckplan
  mkdir -p .device/onebox
  rm -rf .device/onebox/*
  mv .device/bounds/bd-onebox .device/onebox/
  cp -r .device/bounds/bd-base .device/onebox/
  ;;
run)
  OUT=${OUT:?}
  python3 bench/device_check.py .device/bounds --no-verify --time --rounds 3 \
    --json "$OUT/bounds.json" > "$OUT/bounds.log" 2>&1
  python3 bench/device_check.py .device/onebox --time --rounds 5 \
    --json "$OUT/onebox.json" > "$OUT/onebox.log" 2>&1
  grep -h "TIME\|passed" "$OUT/bounds.log" "$OUT/onebox.log"
  ;;
*)
  echo "usage: bounds.sh compile | run" >&2
  exit 2
  ;;
esac
