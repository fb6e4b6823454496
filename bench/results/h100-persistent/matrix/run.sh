#!/bin/bash
# On the device: every matrix problem with the persistent grid forced (roles 4,4) and launched on one workgroup, so that one ring spans all of a GEMM's tiles; then racecheck on the larger ones.
export LD_LIBRARY_PATH=$PWD/build/lib:$LD_LIBRARY_PATH
build/bin/ck-bench --bundles .device/matrix-persistent --no-time --json $OUT/matrix.json > $OUT/matrix.log 2>&1
tail -2 $OUT/matrix.log
grep -E "^(FAIL|ERROR)" $OUT/matrix.log | head
for k in 6abb4c460a33 9146c073be57 314ff7bc5fa1 ef8e62912035 ba1cd1ff7c53 f9b3b6b7c888 d384105378a3 72ebc43e27e8 0a5904347723 5ef011beeef1 b8cd66eb05a4 ; do
  timeout 40 /usr/local/cuda/bin/compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 9 build/bin/ck-bench --bundle .device/matrix-persistent/$k --no-time > /tmp/r.txt 2>&1; echo "racecheck $k rc=$? $(grep -h 'RACECHECK SUMMARY' /tmp/r.txt)"
done | tee $OUT/racecheck.txt
