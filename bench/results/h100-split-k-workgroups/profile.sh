#!/bin/bash
# On the device: ncu (caches and clocks as they are, the fifth and sixth
# launches) of the 1x1 C = 1024, K = 512, 50x50 layer with each reduction:
# kernel time, DRAM bytes and L2 read hits, to see where the partial tiles
# are read from.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/skwg}
NCU=/usr/local/cuda/bin/ncu
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum
M=$M,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum
M=$M,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
for B in $D/bf16/*-C1024-K512-in50x50-*@kernel $D/bf16/*-C1024-K512-in50x50-*@wg; do
  echo "== $(basename $B)"
  $NCU --cache-control none --clock-control none --metrics $M \
    --launch-skip 8 --launch-count 4 -k regex:gemm \
    ./build/bin/ck-bench --bundle $B --no-verify --warmup 4 --repeat 2 2>&1 |
    grep -E "gemm_|duration|bytes|lookup"
done
