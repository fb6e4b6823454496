#!/bin/bash
# Here: the four 3x3 forward and backward-data layers of 256 channels
# (K = 256 and 2376 at 100x100 and 50x50), both types, with one math
# warpgroup of 64 x 128 per workgroup and two workgroups per SM: 3 stages,
# persistent (pp3: 264 workgroups) or data-parallel (dp3), beside the
# database's kernel (@tuned, from BASE). Then on the device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
set -eu
OUT=${OUT:-.device/pp} BASE=${BASE:-.device/bench9}
rm -rf "$OUT"
for dir in fwd bwd_data; do
  for t in f16 bf16; do
    s=${dir}_$t
    mkdir -p "$OUT/$s"
    for layer in "256 100" "256 50" "2376 100" "2376 50"; do
      set -- $layer
      key=$(ls "$BASE/$s" | grep -- "-C256-K$1-in$2x$2-f3x3-s1x1")
      cp -r "$BASE/$s/$key" "$OUT/$s/$key@tuned"
      for v in "pp3:data_parallel, dp = persistent" "dp3:data_parallel"; do
        config="#ck.gemm_config<block = [64, 128, 64], wave = [16, 128],"
        config+=" mma = #ck.wgmma<$t>, partition = #ck.partition<${v#*:}>,"
        config+=" lds_buffers = 3, load_waves = 4, async_copy>"
        build/bin/ck-compile --chip=sm_90a --direction $dir --type $t -N 16 \
          -C 256 -K "$1" --in "$2,$2" --filter 3,3 --pad 1,1 \
          "--config=$config" -o "$OUT/$s/$key@${v%%:*}" > /dev/null
      done
    done
  done
done
