#!/bin/bash
# ncu durations (boost clocks, no other metrics) of every kernel of the
# tuned split-K backward-weight bundles among D's (the probe's
# ../h100-streamk-tail bundles, base@ choices), one launch each after two
# warm-up launches: the GEMM, `_sum` and `_reduce`.
D=${D:-.device/sktail/bwd_weight}
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
NCU=/usr/local/cuda/bin/ncu
for B in $(grep -l "split_k" $D/*@base/plan.ckplan | xargs -n1 dirname); do
  K=$(basename $B)
  echo "== $K"
  $NCU --clock-control none --metrics gpu__time_duration.sum,launch__grid_size \
    --launch-skip 6 --launch-count 3 -k regex:gemm \
    ./build/bin/ck-bench --bundle $B --no-verify --warmup 2 --repeat 1 2>&1 |
    grep -E "gemm_|duration|grid_size"
done
