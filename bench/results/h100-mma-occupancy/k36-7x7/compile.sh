#!/bin/bash
# Here: the K = 36 head's backward-weight at 7x7 (sm_90a, over the output
# gradient's windows, roles 4,4, split-K reduced in clusters) as the
# tuning database compiled it (`db`: 6 tiles of 64 x 256, 8 splits) and
# with pinned configs of 64-row tiles: 128 or 64 columns, 4 or 8 splits,
# 2 or 4 stages. On the device:
#   python3 bench/device_check.py $OUT/x --time --rounds 3 --cudnn
set -eu
OUT=${OUT:-.device/k7}
rm -rf "$OUT"
for t in bf16 f16; do
  base="-N 16 -C 256 -K 36 --in 7x7 --filter 3x3 --pad 1,1 --windows=output --no-cache"
  build/bin/ck-compile --chip=sm_90a --direction bwd_weight --type $t $base \
    --partition=split_k,k_batch=8,reduce=cluster --waves=4,4 -o "$OUT/x/$t@db"
  for v in n128k8:128:8:2 n128k4:128:4:2 n64k8:64:8:2 n128k8s4:128:8:4 n256k8s2:256:8:2; do
    IFS=: read -r name bn kb st <<< "$v"
    cfg="#ck.gemm_config<block = [64, $bn, 64], wave = [16, $bn], mma = #ck.wgmma<$t>, partition = #ck.partition<split_k, k_batch = $kb, reduce = cluster>, lds_buffers = $st, load_waves = 4, async_copy>"
    build/bin/ck-compile --chip=sm_90a --direction bwd_weight --type $t $base \
      --config="$cfg" -o "$OUT/x/$t@$name"
  done
done
