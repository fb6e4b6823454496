#!/bin/bash
# On the device: what the K = 36 100x100 bf16 backward-weight kernel
# (roles 4,8, split-K, linear copies) spends its time on: ncu's speed of
# light, warp states, scheduler and memory sections (clocks and caches as
# they are), and the SASS of its K loops with an instruction count per
# loop block. The bundles are under $D (k36-100-*).
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/prof}
NCU=/usr/local/cuda/bin/ncu
for B in $D/k36-100-*; do
  name=$(basename $B)
  $NCU --cache-control none --clock-control none --set full -o $OUT/$name \
    --launch-skip 3 --launch-count 1 -k regex:'gemm_0$' \
    ./build/bin/ck-bench --bundle $B --no-verify --warmup 4 --repeat 2 > $OUT/$name.ncu.log 2>&1
  $NCU --import $OUT/$name.ncu-rep --page details --section SpeedOfLight \
    --section WarpStateStats --section SchedulerStats \
    --section MemoryWorkloadAnalysis --section Occupancy > $OUT/$name.txt 2>&1
  /usr/local/cuda/bin/cuobjdump -sass $B/kernels.cubin > $OUT/$name.sass
  rm -f $OUT/$name.ncu-rep
done
