#!/bin/bash
# On the device: ncu (one launch each, clocks and caches as they are) of
# the C = K = 16 layer's persistent kernel with 3, 4, 5 and 6 stages
# (compile.sh's p12m4, tuned, p12m4s5, p12m4s6 under $G), with the
# warp states and the source counters; then each kernel's SASS.
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
g=${G:-.device/gs2c}
mkdir -p $OUT/r
for d in $g/fwd_f16/*; do
  v=${d##*@}
  /usr/local/cuda/bin/ncu --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --section WarpStateStats --section SchedulerStats --section SourceCounters \
    --section Occupancy --section LaunchStats \
    --cache-control none --clock-control none --launch-skip 3 --launch-count 1 \
    ./build/bin/ck-bench --bundle $d --no-verify --warmup 4 --repeat 4 \
    > $OUT/r/$v.ncu.txt 2>&1
  echo "$v rc $?"
  /usr/local/cuda/bin/cuobjdump -sass $d/kernels.cubin > $OUT/r/$v.sass
done
tar czf $OUT/res.tgz -C $OUT r
