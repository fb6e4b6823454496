#!/bin/bash
# The device matrix (bench/matrix.py compile) and the compute-sanitizer
# sample (scripts/device-sanitize.sh compile) on the compiler with store
# waves.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
./build/bin/ck-bench --bundles .device/matrix --no-time --json $OUT/ckbench-matrix.json > $OUT/ckbench-matrix.log 2>&1
echo "matrix: $(tail -1 $OUT/ckbench-matrix.log)"
timeout 420 bash scripts/device-sanitize.sh run $OUT/sanitize
echo "sanitize rc $?"
cd $OUT && tar czf check.tgz ckbench-matrix.* sanitize && ls
