#!/bin/bash
# Here: sm_80 code (mma.sync m16n8k16, cp.async, ldmatrix) of the large
# 3x3 backward-weight layers with more warps per SM than the heuristic's
# 8 waves of 64 x 64 (255 registers: 2 warps per scheduler): waves of
# 64 x 32 or 32 x 64 (about half the accumulators) in blocks of 8 or 16
# waves, beside the heuristic's kernel (`default`). PTX, which the H100's
# driver compiles at load. The 16-wave configs need a compiler whose sm_80
# register reserve for addressing (lib/Target/Chip.cpp) is 32, not 64: the
# measured ones came from such a local build (CK_COMPILE=...). On the device:
#   python3 bench/device_check.py $OUT/<type> --time --rounds 3
set -eu
OUT=${OUT:-.device/occupancy}
TYPES=${TYPES:-f16}
CK_COMPILE=${CK_COMPILE:-build/bin/ck-compile}
rm -rf "$OUT"
layer() { # NAME K IN
  echo "$1 -N 16 -C 256 -K $2 --in $3 --filter 3x3 --pad 1,1"
}
LAYERS=("$(layer k256-100 256 100x100)" "$(layer k2376-50 2376 50x50)"
        "$(layer k2376-100 2376 100x100)")
config() { # BLOCK WAVE STAGES PARTITION
  echo "#ck.gemm_config<block = [$1], wave = [$2], mma = #ck.mma_sync<16x8x16, \
$TYPE>, partition = #ck.partition<$4>, lds_buffers = $3, async_copy>"
}
for TYPE in $TYPES; do
  for spec in "${LAYERS[@]}"; do
    read -r name flags <<< "$spec"
    variant() { # VARIANT [ck-compile flags]
      local v=$1; shift
      "$CK_COMPILE" --chip=sm_80 --direction bwd_weight --type $TYPE \
        $flags --no-cache --no-tuning-db --toolkit=/tmp/none \
        -o "$OUT/$TYPE/$name@$v" "$@" 2>&1 | grep -v "wrote\|no ptxas" || true
    }
    variant default
    for p in data_parallel stream_k; do
      tag=${p%%_*}
      variant b128x256w64x64s3$tag --config="$(config '128, 256, 32' '64, 64' 3 $p)"
      variant b128x256w64x32s3$tag --config="$(config '128, 256, 32' '64, 32' 3 $p)"
      variant b256x128w64x32s3$tag --config="$(config '256, 128, 32' '64, 32' 3 $p)"
      variant b128x256w32x64s3$tag --config="$(config '128, 256, 32' '32, 64' 3 $p)"
      variant b128x128w64x32s3$tag --config="$(config '128, 128, 32' '64, 32' 3 $p)"
      variant b128x128w64x32s4$tag --config="$(config '128, 128, 32' '64, 32' 4 $p)"
      variant b128x256w64x32s4$tag --config="$(config '128, 256, 32' '64, 32' 4 $p)"
    done
  done
  find "$OUT/$TYPE" -mindepth 1 -maxdepth 1 -type d -empty -delete
done
