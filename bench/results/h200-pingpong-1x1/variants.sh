#!/bin/bash
# Here: the 1x1 layers that ran slowest against cuDNN in ../h200-bench-1129f/
# (forward C = 1024, K = 256 at 50x50; C = 2048, K = 256 and K = 1024 at
# 25x25; backward-data C = 1024, K = 2048 at 25x25), both types: the
# database's kernel twice (`@db`, `@db2`) beside persistent kernels whose
# two math warpgroups take turns on tiles of their own (pingpong) with
# 128 x 128 blocks and 4 or 6 stages (`@pp128s4`, `@pp128s6`) and 128 x 256
# blocks (`@pp256`), and the same 128 x 128 block without turns, both
# warpgroups on one tile (`@p128`). One folder per set under OUT.
# On the device: python3 bench/device_check.py OUT/SET --time --rounds 5.
set -eu
OUT=${OUT:?}
DB=${DB:-bench/results/h200-landed-option/sm_90a.tuning}
rm -rf "$OUT"
persistent='partition=#ck.partition<data_parallel,dp=persistent>'
# VARIANTS=p128 (the second call): the 128 x 128 block without turns with
# 3, 4 and 5 stages (`@p128s3`, `@p128`, `@p128s5`).
if [ "${VARIANTS:-}" = p128 ]; then
  variants=(
    "p128s3 block=[128,128,64],wave=[16,128],MMA,$persistent,lds_buffers=3,load_waves=4,async_copy,load_registers=64"
    "p128 block=[128,128,64],wave=[16,128],MMA,$persistent,lds_buffers=4,load_waves=4,async_copy,load_registers=64"
    "p128s5 block=[128,128,64],wave=[16,128],MMA,$persistent,lds_buffers=5,load_waves=4,async_copy,load_registers=64"
  )
else variants=(
  "pp128s4 block=[128,128,64],wave=[16,128],MMA,$persistent,lds_buffers=4,load_waves=4,async_copy,load_registers=40,pingpong"
  "pp128s6 block=[128,128,64],wave=[16,128],MMA,$persistent,lds_buffers=6,load_waves=4,async_copy,load_registers=40,pingpong"
  "pp256 block=[128,256,64],wave=[16,256],MMA,$persistent,lds_buffers=4,load_waves=4,async_copy,load_registers=40,pingpong"
  "p128 block=[128,128,64],wave=[16,128],MMA,$persistent,lds_buffers=4,load_waves=4,async_copy,load_registers=64"
)
fi
for type in bf16 f16; do
  for layer in "fwd -C 1024 -K 256 --in 50x50" "fwd -C 2048 -K 256 --in 25x25" \
               "fwd -C 2048 -K 1024 --in 25x25" "bwd_data -C 1024 -K 2048 --in 25x25"; do
    read -r direction rest <<<"$layer"
    set_dir="$OUT/${direction}_$type"
    mkdir -p "$set_dir"
    # shellcheck disable=SC2086
    args="--chip=sm_90a --no-cache --direction $direction --type $type -N 16 $rest --filter 1x1"
    # shellcheck disable=SC2086
    build/bin/ck-compile $args --tuning-db "$DB" -o /tmp/pp1x1-db > /dev/null
    key=$(awk '/^meta key/ {print $3}' /tmp/pp1x1-db/plan.ckplan)
    cp -r /tmp/pp1x1-db "$set_dir/$key@db"
    cp -r /tmp/pp1x1-db "$set_dir/$key@db2"
    for v in "${variants[@]}"; do
      read -r name config <<<"$v"
      config=${config/MMA/mma=#ck.wgmma<$type>}
      # shellcheck disable=SC2086
      build/bin/ck-compile $args --no-tuning-db "--config=#ck.gemm_config<$config>" \
        -o "$set_dir/$key@$name" > /dev/null
    done
  done
done
for d in "$OUT"/*/; do
  ls "$d" | grep -v index.txt | awk '{print $1"\t-"}' > "$d/index.txt"
done
rm -rf /tmp/pp1x1-db
