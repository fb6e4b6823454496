#!/bin/bash
# Backward-weight of the K = 36 head at 50x50 (over dy's windows: GEMM 324 x
# 256 x 40000, 625 K-tiles), both types: the database's kernel twice
# (`@db`, `@db2`: 6 tiles of 64 x 256, roles 4,4, 22 splits, 4 stages)
# beside pinned variants of it: landed signals with 4 or 5 stages (`@l4`,
# `@l5`), 5 stages (`@s5`), the splits reduced by the workgroups
# themselves (`@wg`, `@wgl` with landed signals), and 12 tiles of 64 x 128
# with 11 splits of 57 K-tiles and 6 stages (`@n128`, `@n128l`). One
# folder per type under OUT.
# On the device: python3 bench/device_check.py OUT/SET --time --rounds 5.
set -eu
OUT=${OUT:?}
DB=${DB:-bench/results/h200-pingpong-1x1/sm_90a.tuning}
rm -rf "$OUT"
wide='block=[64,256,64],wave=[16,256],MMA'
narrow='block=[64,128,64],wave=[16,128],MMA'
sk22='partition=#ck.partition<split_k,k_batch=22>'
variants=(
  "l4 $wide,$sk22,lds_buffers=4,load_waves=4,async_copy,signal_landed"
  "l5 $wide,$sk22,lds_buffers=5,load_waves=4,async_copy,signal_landed"
  "s5 $wide,$sk22,lds_buffers=5,load_waves=4,async_copy"
  "wg $wide,partition=#ck.partition<split_k,k_batch=22,reduce=workgroups>,lds_buffers=4,load_waves=4,async_copy"
  "wgl $wide,partition=#ck.partition<split_k,k_batch=22,reduce=workgroups>,lds_buffers=4,load_waves=4,async_copy,signal_landed"
  "n128 $narrow,partition=#ck.partition<split_k,k_batch=11>,lds_buffers=6,load_waves=4,async_copy"
  "n128l $narrow,partition=#ck.partition<split_k,k_batch=11>,lds_buffers=6,load_waves=4,async_copy,signal_landed"
)
for type in bf16 f16; do
  set_dir="$OUT/bwd_weight_$type"
  mkdir -p "$set_dir"
  args="--chip=sm_90a --no-cache --direction bwd_weight --type $type -N 16 -C 256 -K 36 --in 50x50 --filter 3x3 --pad 1x1"
  # shellcheck disable=SC2086
  build/bin/ck-compile $args --tuning-db "$DB" -o /tmp/k36-db > /dev/null
  key=$(awk '/^meta key/ {print $3}' /tmp/k36-db/plan.ckplan)
  cp -r /tmp/k36-db "$set_dir/$key@db"
  cp -r /tmp/k36-db "$set_dir/$key@db2"
  for v in "${variants[@]}"; do
    read -r name config <<<"$v"
    config=${config/MMA/mma=#ck.wgmma<$type>}
    # shellcheck disable=SC2086
    build/bin/ck-compile $args --no-tuning-db --windows=output \
      "--config=#ck.gemm_config<$config>" -o "$set_dir/$key@$name" > /dev/null
  done
done
for d in "$OUT"/*/; do
  ls "$d" | grep -v index.txt | awk '{print $1"\t-"}' > "$d/index.txt"
done
rm -rf /tmp/k36-db
