#!/bin/bash
# On the device machine: the load_registers A/B ($AB, sets of ab.sh:
# `base`, `lr40`, `lr64` bundles of each changed kernel) verified and timed
# per set (device_check --time: CUDA graphs over rotating buffers, the
# variants of a layer in one process); then compute-sanitizer's memcheck,
# racecheck and synccheck on ck-bench's check of reallocating bundles.
set -u
AB=${AB:-.device/lrab}
B=${B:-.device/setmaxnreg}
mkdir -p "$OUT"
for s in "$AB"/*/; do
  s=$(basename "$s")
  timeout 150 python3 bench/device_check.py "$AB/$s" --time --rounds 3 \
    --json "$OUT/$s.json" > "$OUT/$s.log" 2>&1
  echo "$s: $(tail -1 "$OUT/$s.log")"
done
sample="$B/bf16/k36-7@w88 $B/bf16/k36-100@w88 $(ls -d "$AB"/bwd_weight-bf16/*@lr40 | head -2) $(ls -d "$AB"/fwd-bf16/*@lr40 | head -1)"
for tool in memcheck racecheck synccheck; do
  for b in $sample; do
    echo "== $b" >> "$OUT/$tool.log"
    timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool $tool --report-api-errors no \
      --error-exitcode 9 build/bin/ck-bench --bundle "$b" --no-time \
      >> "$OUT/$tool.log" 2>&1
    echo "rc $?" >> "$OUT/$tool.log"
  done
  echo "$tool: $(grep -c 'ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards' "$OUT/$tool.log") clean of $(echo $sample | wc -w)"
done
