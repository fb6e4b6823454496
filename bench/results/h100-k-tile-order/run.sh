#!/bin/bash
# On the device machine, with the final compiler's bundles: the sound
# benchmark of the backward-data sets (.device/bench/bwd_data_{f16,bf16},
# `scripts/device-bench.sh compile` with ../h100-linear-access/sm_90a.tuning)
# into $OUT/final, then memcheck, racecheck and synccheck of ck-bench's
# check of each bundle of .device/san (the K = 2376 backward-data kernels
# at 7x7 and 13x13, split-K and data-parallel, and a K = 1024 StreamK one:
# all copy their K-tiles by channel blocks); logs in $OUT/sanitizer.tgz.
set -u
bash scripts/device-bench.sh run $OUT/final bwd_data_f16 bwd_data_bf16
n=$(ls -d .device/san/*/ | wc -l)
for tool in memcheck racecheck synccheck; do
  for b in .device/san/*/; do
    echo "== $b" >> $OUT/$tool.log
    timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool $tool \
      --report-api-errors no --error-exitcode 9 build/bin/ck-bench \
      --bundle "$b" --no-time >> $OUT/$tool.log 2>&1
    echo "rc $?" >> $OUT/$tool.log
  done
  echo "$tool: $(grep -c 'ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards' $OUT/$tool.log) clean of $n"
done
cd $OUT && tar czf sanitizer.tgz memcheck.log racecheck.log synccheck.log &&
  rm memcheck.log racecheck.log synccheck.log
