#!/bin/bash
# On the device: ncu's full set (one launch each, clocks and caches as
# they are) of one kernel compiled before (base) and after (new) the
# change, bundles $G/base and $G/new; the details page and the SASS source
# page with its stall samples and executions; $OUT/ncu.tgz.
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
g=${G:?}
NCU=/usr/local/cuda/bin/ncu
mkdir -p $OUT/n
for s in base new; do
  $NCU --set full --import-source no --cache-control none --clock-control none \
    --kernel-name gemm_0 --launch-skip 1 --launch-count 1 -o $OUT/$s -f \
    ./build/bin/ck-bench --bundle $g/$s --no-verify --warmup 4 --repeat 4 > $OUT/n/$s.run.txt 2>&1
  echo "$s rc $?"
  $NCU -i $OUT/$s.ncu-rep --page details > $OUT/n/$s.details.txt 2>&1
  $NCU -i $OUT/$s.ncu-rep --page source --csv --print-source sass > $OUT/n/$s.source.csv 2>&1
  gzip -f $OUT/n/$s.source.csv
  rm -f $OUT/$s.ncu-rep
done
tar czf $OUT/ncu.tgz -C $OUT n
