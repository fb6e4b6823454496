#!/bin/bash
# On the H100: the device matrix (bench/matrix.py compile) and the
# compute-sanitizer sample (scripts/device-sanitize.sh compile) on the
# swizzled compiler, then the stride-2 G = 32 layers' choices
# (compile-merge.sh into .device/gmerge2) verified and timed by
# bench/device_check.py (CUDA graphs over rotating buffers).
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
./build/bin/ck-bench --bundles .device/matrix --no-time --json $OUT/ckbench-matrix.json > $OUT/ckbench-matrix.log 2>&1
echo "matrix: $(tail -1 $OUT/ckbench-matrix.log)"
timeout 300 bash scripts/device-sanitize.sh run $OUT/sanitize
echo "sanitize rc $?"
python3 bench/device_check.py .device/gmerge2 --time --json $OUT/merge-stride2.json > $OUT/merge-stride2.log 2>&1
echo "merge: $(tail -1 $OUT/merge-stride2.log)"
cd $OUT && tar czf check.tgz ckbench-matrix.* sanitize merge-stride2.* && ls
