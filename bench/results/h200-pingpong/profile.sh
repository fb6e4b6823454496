#!/bin/bash
# On the device: ncu of compile.sh's pingpong kernels beside the
# database's (speed of light, compute and memory workload, warp states),
# one launch each after warm-up, clocks and caches as they are. Bundles
# under $D (compile.sh's OUT) named KEY@VARIANT, variants in $VARIANTS;
# one text file per kernel under $OUT.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/pp}
VARIANTS=${VARIANTS:-"tuned ppp4 ppp5"}
NCU=/usr/local/cuda/bin/ncu
SECTIONS="--section SpeedOfLight --section MemoryWorkloadAnalysis
  --section ComputeWorkloadAnalysis --section WarpStateStats
  --section SchedulerStats"
for key in "$@"; do
  for v in $VARIANTS; do
    bundle=$(ls -d $D/*/$key@$v | head -1)
    $NCU $SECTIONS --cache-control none --clock-control none \
      --launch-skip 3 --launch-count 1 ./build/bin/ck-bench --bundle $bundle \
      --no-verify --warmup 4 --repeat 4 > $OUT/$key@$v.txt 2>&1
    echo "$key@$v rc $?"
  done
done
