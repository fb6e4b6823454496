#!/bin/bash
# Verify and time every bundle under .device/small (index.txt lists them).
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=.device/small
ls $D | grep -v index.txt | awk '{print $1"\t-"}' > $D/index.txt
./build/bin/ck-bench --bundles $D --repeat 100 --json $OUT/small.json > $OUT/small.log 2>&1
echo "rc $?"
tail -5 $OUT/small.log
