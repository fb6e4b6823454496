#!/bin/bash
# The sound benchmark (scripts/device-bench.sh run) of the sets named, on
# the bundles of `TUNING_DB=bench/results/h100-grouped-window/sm_90a.tuning
# BUNDLES=.device/final8 scripts/device-bench.sh compile` (or of the
# BUNDLES given); two calls of three sets each keep each under the
# device's 600 s.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
BUNDLES=${BUNDLES:-.device/final8} bash scripts/device-bench.sh run $OUT/bench "$@"
echo "bench rc $?"
cd $OUT && tar czf bench.tgz bench && ls
