#!/bin/bash
# Device run 4: the small-GEMM heuristic (44 bundles that it changes, old
# and new, verified and timed); the device matrix and the sanitizer sample
# on the final compiler.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
./build/bin/ck-bench --bundles .device/heur --repeat 100 --json $OUT/heur.json > $OUT/heur.log 2>&1
echo "heur: $(tail -1 $OUT/heur.log)"
./build/bin/ck-bench --bundles .device/matrix --no-time --json $OUT/ckbench-matrix.json > $OUT/ckbench-matrix.log 2>&1
echo "matrix: $(tail -1 $OUT/ckbench-matrix.log)"
bash scripts/device-sanitize.sh run $OUT/sanitize
echo "sanitize rc $?"
cd $OUT && tar czf run4.tgz heur.* ckbench-matrix.* sanitize && ls
