#!/bin/bash
# On the device: verify and time compile-probe.sh's bundles with ck-bench
# (back-to-back launches between two events, median of 50), one JSON per
# direction (the directions given, default all three) under $OUT.
set -u
D=${D:-.device/sktail}
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
for dir in ${@:-fwd bwd_data bwd_weight}; do
  start=$SECONDS
  ./build/bin/ck-bench --bundles $D/$dir --repeat 50 --json $OUT/$dir.json \
    > $OUT/$dir.log 2>&1
  echo "$dir rc $? $((SECONDS - start)) s"; tail -n1 $OUT/$dir.log
done
