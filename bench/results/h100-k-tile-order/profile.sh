#!/bin/bash
# On the device: ncu's full set on one launch of ck's GEMM kernel and on
# cuDNN's kernels (cudnn_conv.py) for each layer named in $@ as
# NAME:DIRECTION:TYPE:C:K:H:W:FILTER:STRIDE:PAD, ck's bundle being
# .device/prof/NAME (ck-compile with the tuning database); the sections as
# text under $OUT/NAME-{ck,cudnn}.txt and ck's SASS with its stall samples
# ($OUT/NAME-ck-sass.csv.xz).
# The first profile (profile/: backward-data K = 2376 100x100 bf16, the
# database's kernel before the change) was
#   k2376:bwd_data:bfloat16:256:2376:100:100:3:1:1
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
NCU=/usr/local/cuda/bin/ncu
P=bench/results/h100-k-tile-order
for layer in "$@"; do
  IFS=: read -r name direction dtype c k h w f s p <<<"$layer"
  $NCU --set full --import-source no -o $OUT/$name-ck -c 1 --launch-skip 2 \
    -k regex:'gemm_0$' ./build/bin/ck-bench --bundle .device/prof/$name \
    --no-verify --warmup 2 --repeat 1 > $OUT/$name-ck.log 2>&1
  $NCU --import $OUT/$name-ck.ncu-rep --page details > $OUT/$name-ck.txt 2>&1
  $NCU --import $OUT/$name-ck.ncu-rep --page source --csv --print-source sass \
    > $OUT/$name-ck-sass.csv 2>&1
  xz -f $OUT/$name-ck-sass.csv
  rm -f $OUT/$name-ck.ncu-rep
  $NCU --set full --nvtx --nvtx-include "prof/" python3 $P/cudnn_conv.py \
    $direction $dtype $c $k $h $w $f $s $p > $OUT/$name-cudnn.txt 2>&1
done
