#!/bin/bash
# On the device: ck-bench verification (no timing) of compile-check.sh's
# bundles (or the directories given), one log and JSON per directory
# under $OUT; those not named *_nodet also launched 20 times on the same
# inputs for bitwise determinism, as scripts/device-modes.sh does.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
for d in ${@:-.device/skcheck/*/}; do
  name=$(basename $d)
  flags="--no-time"
  case $name in *_nodet) ;; *) flags="--no-time --determinism 20" ;; esac
  ./build/bin/ck-bench --bundles $d $flags --json $OUT/$name.json > $OUT/$name.log 2>&1
  echo "$name rc $? $(tail -n1 $OUT/$name.log)"
done
