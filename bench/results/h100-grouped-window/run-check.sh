#!/bin/bash
# On the H100: the device matrix and the compute-sanitizer sample
# (../h100-blocks/run-check.sh, on bundles of the swizzled compiler), then
# the stride-2 G = 32 layers' choices (compile-merge.sh into
# .device/gmerge2) verified and timed by bench/device_check.py (CUDA graphs
# over rotating buffers).
set -u
bash bench/results/h100-blocks/run-check.sh
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
python3 bench/device_check.py .device/gmerge2 --time --json $OUT/merge-stride2.json > $OUT/merge-stride2.log 2>&1
echo "merge: $(tail -1 $OUT/merge-stride2.log)"
