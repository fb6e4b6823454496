#!/bin/bash
# On the device: ncu's full set with the SASS source page (warp-stall
# samples per instruction) of one ck kernel, the database's backward-data
# bf16 3x3 C = K = 256 100x100 bundle (persistent, roles 4,8), one launch.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
NCU=/usr/local/cuda/bin/ncu
B=${B:-.device/prof9/bwd_data_bf16/bwd_data-bf16-G1-N16-C256-K256-in100x100-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK}
$NCU --set full --import-source no -o $OUT/stalls --launch-skip 3 \
  --launch-count 1 -k regex:'gemm_0$' ./build/bin/ck-bench --bundle $B \
  --no-verify --warmup 4 --repeat 2 > $OUT/stalls.ncu.log 2>&1
$NCU --import $OUT/stalls.ncu-rep --page source --csv --print-source sass \
  > $OUT/stalls.source.csv 2>&1
rm -f $OUT/stalls.ncu-rep
