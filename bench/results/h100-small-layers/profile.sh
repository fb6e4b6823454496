#!/bin/bash
# ncu of the forward 3x3 C=K=256 7x7 bf16 layer: ck's database kernel
# (one kernel, 13 workgroups), ck's split-K with 6 K batches (three
# kernels), and cuDNN's; the summary of each kernel.
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
NCU=/usr/local/cuda/bin/ncu
K=fwd-bf16-G1-N16-C256-K256-in7x7-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK
for c in db:1 s44k6:3; do
  n=${c#*:}; c=${c%:*}
  $NCU --set full -k regex:gemm -c $n --launch-skip $((2 * n)) ./build/bin/ck-bench --bundle .device/small/$K@$c --no-verify --warmup 2 --repeat 1 > $OUT/ncu-ck-$c.txt 2>&1
  echo "ck $c rc $?"
done
$NCU --set full --nvtx --nvtx-include "cudnn/" python3 bench/cudnn_nvtx.py .device/small/$K@db > $OUT/ncu-cudnn.txt 2>&1
echo "cudnn rc $?"
