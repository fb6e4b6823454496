#!/bin/bash
# On the device: ncu of the layers furthest behind cuDNN in ../h100-bench/
# (most model time lost), ck's kernels (the database's bundles, every
# kernel of the plan) beside cuDNN's (the call the benchmark times, in
# bench/cudnn_nvtx.py's NVTX range). Sections: speed of light, memory,
# launch, occupancy, warp states, scheduler; one launch each, clocks and
# caches as they are. Bundles under $D, named by key in $@.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/bench9}
NCU=/usr/local/cuda/bin/ncu
SECTIONS="--section SpeedOfLight --section MemoryWorkloadAnalysis
  --section LaunchStats --section Occupancy --section WarpStateStats
  --section SchedulerStats --section ComputeWorkloadAnalysis"
for key in "$@"; do
  set=$(ls -d $D/*/$key | head -1)
  $NCU $SECTIONS --cache-control none --clock-control none \
    --launch-skip 3 --launch-count 2 ./build/bin/ck-bench --bundle $set \
    --no-verify --warmup 4 --repeat 4 > $OUT/$key.ck.txt 2>&1
  echo "$key ck rc $?"
  $NCU $SECTIONS --cache-control none --clock-control none --nvtx \
    --nvtx-include "cudnn/" python3 bench/cudnn_nvtx.py $set \
    > $OUT/$key.cudnn.txt 2>&1
  echo "$key cudnn rc $?"
done
