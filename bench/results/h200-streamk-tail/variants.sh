#!/bin/bash
# The persistent 3x3 layers of 256 channels (forward and backward-data at
# 25x25, 50x50 and 100x100, both types) end on a partial round of tiles:
# 1250 tiles of 128 x 256 take 9.47 rounds of 132 workgroups at 100x100,
# 313 take 2.37 at 50x50. Beside the database's kernel twice (`@db`,
# `@db2`), the same 128 x 256 block with StreamK sharing out the last
# partial round (`tail = 1`) or the last two (`tail = 2`), the units of a
# workgroup on one ring (`ring = shared`, load waves of 64 registers), 4 or
# 3 stages (`@sk1s4`, `@sk1s3`, `@sk2s4`); and persistent 128 x 128 tiles
# with roles 4,8 and 4 stages (`@p128`), whose last round is fuller (2500
# tiles: 18.9 rounds at 100x100). One folder per set under OUT.
# On the device: python3 bench/device_check.py OUT/SET --time --rounds 5.
set -eu
OUT=${OUT:?}
DB=${DB:-bench/results/h200-pingpong-1x1/sm_90a.tuning}
rm -rf "$OUT"
variants=(
  "sk1s4 tail=1,ring=shared 4"
  "sk1s3 tail=1,ring=shared 3"
  "sk2s4 tail=2,ring=shared 4"
  "p128 - 4"
)
for type in bf16 f16; do
  for direction in fwd bwd_data; do
    for size in 25x25 50x50 100x100; do
      set_dir="$OUT/${direction}_$type"
      mkdir -p "$set_dir"
      args="--chip=sm_90a --no-cache --direction $direction --type $type -N 16 -C 256 -K 256 --in $size --filter 3x3 --pad 1x1"
      # shellcheck disable=SC2086
      build/bin/ck-compile $args --tuning-db "$DB" -o /tmp/sktail-db > /dev/null
      key=$(awk '/^meta key/ {print $3}' /tmp/sktail-db/plan.ckplan)
      cp -r /tmp/sktail-db "$set_dir/$key@db"
      cp -r /tmp/sktail-db "$set_dir/$key@db2"
      for v in "${variants[@]}"; do
        read -r name partition stages <<<"$v"
        config="block=[128,256,64],wave=[16,256],mma=#ck.wgmma<$type>,partition=#ck.partition<stream_k,$partition>,lds_buffers=$stages,load_waves=4,async_copy,load_registers=64"
        [ "$name" = p128 ] &&
          config="block=[128,128,64],wave=[16,128],mma=#ck.wgmma<$type>,partition=#ck.partition<data_parallel,dp=persistent>,lds_buffers=4,load_waves=4,async_copy,load_registers=64"
        # shellcheck disable=SC2086
        build/bin/ck-compile $args --no-tuning-db "--config=#ck.gemm_config<$config>" \
          -o "$set_dir/$key@$name" > /dev/null
      done
    done
  done
done
for d in "$OUT"/*/; do
  ls "$d" | grep -v index.txt | awk '{print $1"\t-"}' > "$d/index.txt"
done
rm -rf /tmp/sktail-db
