#!/bin/bash
# Here: sm_80 code (mma.sync m16n8k16, cp.async, ldmatrix) for the large
# 3x3 backward-weight layers, as PTX the H100's driver compiles at load:
# the heuristic's kernel (`default`) and pinned configurations (block,
# wave tile, LDS stages, wave roles). On the device:
#   python3 bench/device_check.py .device/s80/<type> --time --rounds 3
set -eu
OUT=${OUT:-.device/s80}
TYPES=${TYPES:-f16}
rm -rf "$OUT"
layer() { # NAME K IN
  echo "$1 -N 16 -C 256 -K $2 --in $3 --filter 3x3 --pad 1,1"
}
LAYERS=("$(layer k256-100 256 100x100)" "$(layer k2376-50 2376 50x50)"
        "$(layer k2376-100 2376 100x100)")
config() { # BLOCK WAVE STAGES [PARTITION [EXTRA]]
  echo "#ck.gemm_config<block = [$1], wave = [$2], mma = #ck.mma_sync<16x8x16, \
$TYPE>, partition = #ck.partition<${4:-stream_k}>, lds_buffers = $3, \
async_copy${5:+, $5}>"
}
for TYPE in $TYPES; do
  for spec in "${LAYERS[@]}"; do
    read -r name flags <<< "$spec"
    variant() { # VARIANT [ck-compile flags]
      local v=$1; shift
      build/bin/ck-compile --chip=sm_80 --direction bwd_weight --type $TYPE \
        $flags --no-cache --no-tuning-db --toolkit=/tmp/none \
        -o "$OUT/$TYPE/$name@$v" "$@" 2>&1 | grep -v "wrote\|no ptxas" || true
    }
    variant default
    variant b128x128k32s3 --config="$(config '128, 128, 32' '64, 64' 3)"
    variant b128x128k32s4 --config="$(config '128, 128, 32' '64, 64' 4)"
    variant b128x128k64s3 --config="$(config '128, 128, 64' '64, 64' 3)"
    variant b128x256k32s3 --config="$(config '128, 256, 32' '64, 64' 3)"
    variant b256x128k32s3 --config="$(config '256, 128, 32' '64, 64' 3)"
    variant b128x256k32s4 --config="$(config '128, 256, 32' '64, 64' 4)"
    variant b128x256k64s2 --config="$(config '128, 256, 64' '64, 64' 2)"
    variant b128x128k32s4sk --config="$(config '128, 128, 32' '64, 64' 4 'split_k, k_batch = 4')"
    variant r128x128k32s4 --config="$(config '128, 128, 32' '64, 64' 4 'split_k, k_batch = 4' 'load_waves = 4')"
    variant r128x128k32s6 --config="$(config '128, 128, 32' '64, 64' 6 'split_k, k_batch = 4' 'load_waves = 4')"
  done
  find "$OUT/$TYPE" -mindepth 1 -maxdepth 1 -type d -empty -delete
  ls "$OUT/$TYPE" | awk '{print $1"\t-"}' > "$OUT/$TYPE/index.txt"
done
