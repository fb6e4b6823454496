#!/bin/bash
# On the device: the persistent bundles whose plans give the grid as cus*K, verified and timed.
export LD_LIBRARY_PATH=$PWD/build/lib:$LD_LIBRARY_PATH
for s in fwd_bf16 fwd_f16 bwd_data_bf16 bwd_data_f16; do
  for d in $(grep -l "grid cus" .device/bench4/$s/*/plan.ckplan | xargs -n1 dirname); do
    build/bin/ck-bench --bundle $d --repeat 100 2>&1 | grep -E "^(PASS|FAIL|ERROR)" | sed -E 's/ max_abs.*\|/ |/'
  done
done | tee $OUT/cus.txt
grep -c "^PASS" $OUT/cus.txt
