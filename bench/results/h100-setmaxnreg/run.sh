#!/bin/bash
# On the device machine, after compile.sh: every variant verified and timed
# (device_check --time: CUDA graphs over rotating buffers, the variants of
# a layer in one process), then compute-sanitizer's memcheck, racecheck
# and synccheck on ck-bench's check of two w88 bundles.
set -u
B=${B:-.device/setmaxnreg}
mkdir -p "$OUT"
for t in bf16 f16; do
  python3 bench/device_check.py "$B/$t" --time --rounds 3 \
    --json "$OUT/$t.json" > "$OUT/$t.log" 2>&1
  tail -3 "$OUT/$t.log"
done
for tool in memcheck racecheck synccheck; do
  for b in bf16/k36-7@w88 bf16/k36-100@w88; do
    echo "== $b" >> "$OUT/$tool.log"
    /usr/local/cuda/bin/compute-sanitizer --tool $tool --error-exitcode 9 \
      build/bin/ck-bench --bundle "$B/$b" --no-time >> "$OUT/$tool.log" 2>&1
    echo "rc $?" >> "$OUT/$tool.log"
  done
  echo "$tool: $(grep -c 'ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards' "$OUT/$tool.log") clean of 2"
done
