#!/bin/bash
# ncu on ck's and cuDNN's forward K=2376 100x100 bf16 kernels.
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
NCU=/usr/local/cuda/bin/ncu
$NCU --set full -c 1 --launch-skip 2 -k regex:gemm ./build/bin/ck-bench --bundle .device/prof/fwd2376 --no-verify --warmup 2 --repeat 1 > $OUT/ncu-ck.txt 2>&1
echo "ck rc $?"
$NCU --set full --nvtx --nvtx-include "prof/" python3 .device/prof/cudnn_fwd.py > $OUT/ncu-cudnn.txt 2>&1
echo "cudnn rc $?"
