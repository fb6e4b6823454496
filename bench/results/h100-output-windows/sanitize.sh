#!/bin/bash
# On the device: compute-sanitizer memcheck, racecheck and synccheck (ck-bench
# verifying each bundle once) on this session's new kernels in the final
# bundles (scripts/device-bench.sh compile into $D): backward-weight over
# the output gradient's windows (K = 36 at 25x25 and 7x7: cp.async gather of
# dy, TMA x, roles 4,4, split-K) and split-K with reduce = cluster (forward
# K = 36 25x25). Logs under $OUT/san/, a line per run here.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/final10}
SAN=/usr/local/cuda/bin/compute-sanitizer
mkdir -p $OUT/san
for B in $D/bwd_weight_bf16/*-C256-K36-in25x25-* $D/bwd_weight_f16/*-C256-K36-in7x7-* \
         $D/fwd_bf16/*-C256-K36-in25x25-*; do
  for tool in memcheck racecheck synccheck; do
    log=$OUT/san/$tool-$(basename $B | sed 's/-NHWGC.*//').log
    $SAN --tool $tool --error-exitcode 9 ./build/bin/ck-bench --bundle $B \
      --no-time > $log 2>&1
    echo "$tool $(basename $B | sed 's/-d1x1.*//') rc $? $(grep -h 'ERROR SUMMARY' $log | tail -1)"
  done
done
