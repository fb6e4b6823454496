#!/bin/bash
# Deep rings and sm_80's named-barrier rings on the H100, the bundles of
# deep-sample.txt: `check.sh compile` here, then `check.sh run` on the
# device (carry build/bin/ck-bench, build/lib/libckrt.so.0.5 and
# .device/deep): ck-bench verifies and times them, then
# scripts/device-sanitize.sh runs memcheck, racecheck and synccheck.
set -u
export SAMPLE=bench/results/h100-stages/deep-sample.txt BUNDLES=.device/deep
case "${1:-}" in
compile)
  bash scripts/device-sanitize.sh compile
  ls -d $BUNDLES/*/ | xargs -n1 basename | awk '{print $1"\t-"}' > $BUNDLES/index.txt;;
run)
  export LD_LIBRARY_PATH=$PWD/build/lib
  ./build/bin/ck-bench --bundles $BUNDLES --repeat 20 > $OUT/deep.log 2>&1
  echo "bench rc $?"
  bash scripts/device-sanitize.sh run $OUT
  echo "sanitize rc $?";;
*) echo "usage: $0 compile|run" >&2; exit 2;;
esac
