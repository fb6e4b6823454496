#!/bin/bash
# Verify and time every bundle of D (compile.sh's .device/blocks, or
# compile-index.sh's .device/index) with ck-bench: back-to-back
# launches between two events, to choose among candidates.
set -u
D=${D:-.device/blocks}
NAME=${NAME:-blocks}
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
./build/bin/ck-bench --bundles $D --repeat 50 --json $OUT/$NAME.json > $OUT/$NAME.log 2>&1
echo "rc $?"
tail -2 $OUT/$NAME.log
cd $OUT && xz -k $NAME.json && ls
