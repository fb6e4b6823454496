#!/bin/bash
# On the device: ncu's full set (one launch each, clocks and caches as
# they are) of the C = K = 32 stride-2 layer's kernel with rings of 7 and
# 8 stages (roles 4,8, B resident; bundles $G/s7, $G/s8), the details
# page and the SASS source page with its stall samples; $OUT/res.tgz.
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
g=${G:-.device/st7}
NCU=/usr/local/cuda/bin/ncu
mkdir -p $OUT/r
for s in s7 s8; do
  $NCU --set full --import-source no --cache-control none --clock-control none \
    --launch-skip 3 --launch-count 1 -o $OUT/$s -f \
    ./build/bin/ck-bench --bundle $g/$s --no-verify --warmup 4 --repeat 4 > $OUT/r/$s.run.txt 2>&1
  echo "$s rc $?"
  $NCU -i $OUT/$s.ncu-rep --page details > $OUT/r/$s.details.txt 2>&1
  $NCU -i $OUT/$s.ncu-rep --page source --csv --print-source sass > $OUT/r/$s.source.csv 2>&1
  rm -f $OUT/$s.ncu-rep
done
tar czf $OUT/res.tgz -C $OUT r
