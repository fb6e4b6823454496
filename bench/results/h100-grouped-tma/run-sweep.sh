#!/bin/bash
# On the device: ck-bench --sweep of compile-sweep.sh's bundles (verified,
# then timed; the winners into $OUT/<type>.tuning) and ck-bench of the
# previous database's choices, per type.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
R=bench/results/h100-grouped-tma
for t in bf16 f16; do
  ./build/bin/ck-bench --bundles .device/sweep/$t --sweep --csv $R/layers.csv \
    --direction bwd_weight --type $t --tuning-db $OUT/$t.tuning \
    --json $OUT/sweep-$t.json > $OUT/sweep-$t.log 2>&1
  echo "sweep $t rc $?"; tail -n1 $OUT/sweep-$t.log
  ./build/bin/ck-bench --bundles .device/sweep/base-$t --repeat 50 \
    --json $OUT/base-$t.json > $OUT/base-$t.log 2>&1
  echo "base $t rc $?"; tail -n1 $OUT/base-$t.log
done
cd $OUT && tar czf sweep.tgz *.json *.log *.tuning && ls
