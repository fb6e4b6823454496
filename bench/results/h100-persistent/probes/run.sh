#!/bin/bash
# On the device: verify and time every probe bundle, then sanitize the persistent ones.
export LD_LIBRARY_PATH=$PWD/build/lib:$LD_LIBRARY_PATH
B=build/bin/ck-bench
cd .device/persist
for d in */; do d=${d%/}; echo "== $d"; ../../$B --bundle $d --repeat 200 2>&1 | tail -4; done > $OUT/bench.txt 2>&1
for d in fwd-bf16-k36-pers fwd-f16-g32-pers fwd-f16-mmasync-pers bwd_weight-bf16-pers bwd_data-bf16-1x1-s2-pers3 fwd-bf16-1x1-512-1024-pers3; do for tool in racecheck memcheck; do echo "== $tool $d"; timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 ../../$B --bundle $d --no-time > /tmp/s.txt 2>&1; echo "rc=$?"; tail -3 /tmp/s.txt; done; done > $OUT/sanitize.txt 2>&1
cat $OUT/bench.txt | grep -E "^==|us|pass|fail|FAIL|error" | head -120
grep -E "^==|ERROR SUMMARY|rc=|pass|fail" $OUT/sanitize.txt | head -80
