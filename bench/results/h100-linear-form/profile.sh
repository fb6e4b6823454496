#!/bin/bash
# On the device: where the sm_80 kernels' time goes. For each bundle B
# named in $@ (under $D): ncu's full set on one launch of its GEMM kernel
# (clocks and caches as they are), the sections as text, and the SASS
# with the warp-stall samples of every instruction (source page, CSV).
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/s80/f16}
NCU=/usr/local/cuda/bin/ncu
for name in "$@"; do
  B=$D/$name; tag=${name//@/-}
  $NCU --cache-control none --clock-control none --set full \
    --import-source no -o $OUT/$tag --launch-skip 3 --launch-count 1 \
    -k regex:'gemm_0$' ./build/bin/ck-bench --bundle $B --no-verify \
    --warmup 4 --repeat 2 > $OUT/$tag.ncu.log 2>&1
  $NCU --import $OUT/$tag.ncu-rep --page details > $OUT/$tag.txt 2>&1
  $NCU --import $OUT/$tag.ncu-rep --page source --csv --print-source sass \
    > $OUT/$tag.source.csv 2>&1
  rm -f $OUT/$tag.ncu-rep
done
