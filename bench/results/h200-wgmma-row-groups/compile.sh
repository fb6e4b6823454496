#!/bin/bash
# Here: pinned #ck.wgmma configs whose waves hold two row groups (wave
# tiles of 32 rows: a warpgroup owns 128 rows), in all three directions and
# both types, into .device/rg (verified and timed on the device by
# `python3 bench/device_check.py .device/rg`) and a small sample into
# .device/rgsan (`BUNDLES=.device/rgsan bash scripts/device-sanitize.sh run
# OUT`). Configs that do not fit a problem are reported and left out.
set -u
mk() {
  local dir=$1 name=$2 direction=$3 type=$4 config=$5
  shift 5
  local out=$dir/$direction-$type-$name
  if ! build/bin/ck-compile --no-cache --chip=sm_90a --direction "$direction" \
      --type "$type" "$@" --config "#ck.gemm_config<$config>" -o "$out" \
      > "$out.log" 2>&1; then
    echo "left out $name $direction $type: $(grep -m1 error "$out.log")"
    rm -rf "$out"
  fi
  rm -f "$out.log"
}
rm -rf .device/rg .device/rgsan
mkdir -p .device/rg .device/rgsan
p3="-N 16 -C 256 -K 256 --in 50x50 --filter 3x3 --pad 1x1"
p1="-N 16 -C 512 -K 1024 --in 25x25 --filter 1x1"
small="-N 2 -C 256 -K 256 --in 20x20 --filter 3x3 --pad 1x1"
for t in f16 bf16; do
  w="wave = [32, 128], mma = #ck.wgmma<$t>"
  for d in fwd bwd_data bwd_weight; do
    # shellcheck disable=SC2086 # the problem flags are words
    {
    mk .device/rg wg1 $d $t "block = [128, 128, 64], $w, lds_buffers = 4, load_waves = 4, async_copy" $p3
    mk .device/rg wg2 $d $t "block = [256, 128, 64], $w, lds_buffers = 4, load_waves = 4, async_copy" $p3
    mk .device/rg pers $d $t "block = [256, 128, 64], $w, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 64" $p1
    mk .device/rg noroles $d $t "block = [128, 64, 64], wave = [32, 64], mma = #ck.wgmma<$t>, lds_buffers = 3, async_copy" $p1
    mk .device/rg skc $d $t "block = [256, 128, 64], $w, partition = #ck.partition<split_k, k_batch = 2, reduce = cluster>, lds_buffers = 4, load_waves = 4, async_copy" $p1
    mk .device/rg sk $d $t "block = [256, 128, 64], $w, partition = #ck.partition<stream_k>, lds_buffers = 3, load_waves = 4, async_copy" $p1
    if [ $t = bf16 ]; then
      mk .device/rgsan wg2 $d $t "block = [256, 128, 64], $w, lds_buffers = 4, load_waves = 4, async_copy" $small
      mk .device/rgsan pers $d $t "block = [256, 128, 64], $w, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 64" $small
      mk .device/rgsan skc $d $t "block = [256, 128, 64], $w, partition = #ck.partition<split_k, k_batch = 2, reduce = cluster>, lds_buffers = 4, load_waves = 4, async_copy" $small
    fi
    }
  done
done
