#!/bin/bash
# On the device machine: the sample .device/san88 (two data-parallel 4,8 kernels with load_registers 40, two K = 36 8,8 kernels with 96) verified and timed, then memcheck, racecheck and synccheck of ck-bench's check of each; logs in $OUT/sanitizer.tgz.
set -u
python3 bench/device_check.py .device/san88 --time --rounds 3 --json $OUT/check.json > $OUT/check.log 2>&1; tail -6 $OUT/check.log
for tool in memcheck racecheck synccheck; do
  for b in .device/san88/*/; do
    echo "== $b" >> $OUT/$tool.log
    timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 build/bin/ck-bench --bundle "$b" --no-time >> $OUT/$tool.log 2>&1
    echo "rc $?" >> $OUT/$tool.log
  done
  echo "$tool: $(grep -c 'ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards' $OUT/$tool.log) clean of 4"
done
cd $OUT && tar czf sanitizer.tgz memcheck.log racecheck.log synccheck.log && rm memcheck.log racecheck.log synccheck.log
