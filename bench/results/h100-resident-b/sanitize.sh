#!/bin/bash
# On the device: compute-sanitizer memcheck, racecheck and synccheck (ck-bench
# verifying each bundle once) on kernels that keep B resident: compile-check.sh's
# bundles in $D (more B columns than workgroups, so that workgroups copy B
# again; backward-data's one-K-tile slices; partial tiles). Logs under
# $OUT/san/, a line per run here.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/rescheck/check}
SAN=/usr/local/cuda/bin/compute-sanitizer
mkdir -p $OUT/san
for B in $D/columns-fwd-bf16 $D/columns-bwdd-f16 $D/slices-bwdd-bf16 $D/partial-fwd-f16; do
  for tool in memcheck racecheck synccheck; do
    log=$OUT/san/$tool-$(basename $B).log
    $SAN --tool $tool --error-exitcode 9 ./build/bin/ck-bench --bundle $B \
      --no-time > $log 2>&1
    echo "$tool $(basename $B) rc $? $(grep -h 'ERROR SUMMARY' $log | tail -1)"
  done
done
