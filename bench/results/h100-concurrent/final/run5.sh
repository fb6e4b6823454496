#!/bin/bash
# Device run 5, the final code: the sound benchmark of all six sets (the
# tuning database of bench/results/h100-concurrent), the device matrix and
# the compute-sanitizer sample.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
./build/bin/ck-bench --bundles .device/matrix --no-time --json $OUT/ckbench-matrix.json > $OUT/ckbench-matrix.log 2>&1
echo "matrix: $(tail -1 $OUT/ckbench-matrix.log)"
bash scripts/device-sanitize.sh run $OUT/sanitize
echo "sanitize rc $?"
BUNDLES=.device/final bash scripts/device-bench.sh run $OUT/bench
echo "bench rc $?"
cd $OUT && tar czf run5.tgz ckbench-matrix.* sanitize bench && ls
