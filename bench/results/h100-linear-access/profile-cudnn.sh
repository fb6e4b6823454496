#!/bin/bash
# On the device: what cuDNN runs for some of the layers where ck trails it
# (or leads it least), beside ck's kernels for them: ncu's launch and
# speed-of-light numbers (kernel name, grid, block, registers, shared
# memory, duration, SM and memory throughput) of each kernel of one call.
# The bundles are under $D.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/cud}
NCU=/usr/local/cuda/bin/ncu
S="--section LaunchStats --section SpeedOfLight --section Occupancy"
for B in $D/*/; do
  name=$(basename $B)
  echo "== $name"
  echo "-- cuDNN"
  $NCU --cache-control none --clock-control none --nvtx --nvtx-include "cudnn/" $S \
    python3 bench/cudnn_nvtx.py $B 2>&1 |
    grep -E "^  [a-zA-Z_].*\(|Duration|Registers Per|Shared Memory Config|Dynamic Shared|Grid Size|Block Size|Compute \(SM\) Throughput|Memory Throughput  |Achieved Occupancy|Cluster Size"
  echo "-- ck"
  $NCU --cache-control none --clock-control none --launch-skip 3 --launch-count 2 $S \
    ./build/bin/ck-bench --bundle $B --no-verify --warmup 2 --repeat 1 2>&1 |
    grep -E "^  [a-zA-Z_].*\(|Duration|Registers Per|Dynamic Shared|Grid Size|Block Size|Compute \(SM\) Throughput|Memory Throughput  |Achieved Occupancy|Cluster Size"
done
