#!/bin/bash
# ncu on ck's database kernel (persistent, roles 4,8, 128 x 256, 3 stages)
# and cuDNN's for the forward 1x1 C=1024 K=512 50x50 bf16 layer; the
# per-instruction stall samples of ck's kernel.
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
NCU=/usr/local/cuda/bin/ncu
P=bench/results/h100-blocks/profile
$NCU --set full --import-source no -o $OUT/ck -c 1 --launch-skip 2 -k regex:gemm ./build/bin/ck-bench --bundle .device/prof/ck --no-verify --warmup 2 --repeat 1 > $OUT/ncu-ck.log 2>&1
echo "ck rc $?"
$NCU --import $OUT/ck.ncu-rep --page details > $OUT/ncu-ck.txt 2>&1
$NCU --import $OUT/ck.ncu-rep --page source --csv --print-source sass > $OUT/ncu-ck-sass.csv 2>&1
$NCU --set full --nvtx --nvtx-include "prof/" python3 $P/cudnn_fwd.py > $OUT/ncu-cudnn.txt 2>&1
echo "cudnn rc $?"
cd $OUT && xz ncu-ck-sass.csv; rm -f ck.ncu-rep; ls -la
