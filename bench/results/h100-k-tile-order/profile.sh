#!/bin/bash
# On the device: ncu's full set on one launch of ck's backward-data
# K = 2376 100x100 bf16 kernel (the database's, .device/k2376/bwd_data-bf16/
# k2376-100@tuned from variants.sh) and on cuDNN's (cudnn_bwd_data.py);
# the sections as text and ck's SASS with its stall samples (CSV, xz).
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
NCU=/usr/local/cuda/bin/ncu
P=bench/results/h100-k-tile-order
$NCU --set full --import-source no -o $OUT/ck -c 1 --launch-skip 2 \
  -k regex:'gemm_0$' ./build/bin/ck-bench \
  --bundle .device/k2376/bwd_data-bf16/k2376-100@tuned --no-verify \
  --warmup 2 --repeat 1 > $OUT/ncu-ck.log 2>&1
echo "ck rc $?"
$NCU --import $OUT/ck.ncu-rep --page details > $OUT/ncu-ck.txt 2>&1
$NCU --import $OUT/ck.ncu-rep --page source --csv --print-source sass \
  > $OUT/ncu-ck-sass.csv 2>&1
$NCU --set full --nvtx --nvtx-include "prof/" python3 $P/cudnn_bwd_data.py \
  > $OUT/ncu-cudnn.txt 2>&1
echo "cudnn rc $?"
cd $OUT && xz ncu-ck-sass.csv; rm -f ck.ncu-rep; ls -la
