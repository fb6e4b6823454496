#!/bin/bash
# Device run 2: ckrt's GPU tests (after/fork-join), then the strided
# backward-data sweep (15 choices x 8 layers x 2 types), verified and timed.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
./build/bin/CKRuntimeTests --gtest_filter='Gpu.*' > $OUT/gputests.log 2>&1; echo "gpu tests rc $?"; tail -3 $OUT/gputests.log
for d in .device/ssweep/*/; do n=$(basename $d)
  ./build/bin/ck-bench --bundles $d --repeat 100 --json $OUT/$n.json > $OUT/$n.log 2>&1
  echo "$n: $(tail -1 $OUT/$n.log)"
done
cd $OUT && tar czf run2.tgz *.json *.log && ls
