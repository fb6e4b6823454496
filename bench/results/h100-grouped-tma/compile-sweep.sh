#!/bin/bash
# The G = 32 backward-weight layers (layers.csv), bf16 and f16, for one
# device call:
#   .device/sweep/<type>   ck-compile --sweep (15 choices each) with groups
#                          merged to 64 channels (the rule with TMA);
#   .device/sweep/base-<type>  the previous database's choices
#                          (../h100-tma-store/sm_90a.tuning) with the
#                          groups per GEMM of the rule before (32 channels:
#                          8 -> 4, 16 -> 2, 32 -> 1), written into a copy
#                          of the database as --merge-groups.
# run-sweep.sh times them.
set -eu
R=bench/results/h100-grouped-tma
rm -rf .device/sweep; mkdir -p .device/sweep
sed -E '/bwd_weight-[a-z0-9]+-G32-/{
  /-C8-/s/$/ --merge-groups=4/
  /-C16-/s/$/ --merge-groups=2/
  /-C32-/s/$/ --merge-groups=1/
}' bench/results/h100-tma-store/sm_90a.tuning > .device/sweep/base.tuning
for t in bf16 f16; do
  build/bin/ck-compile --chip=sm_90a --csv $R/layers.csv --direction bwd_weight \
    --type $t --sweep --no-cache -o .device/sweep/$t > .device/sweep-$t.log 2>&1
  build/bin/ck-compile --chip=sm_90a --csv $R/layers.csv --direction bwd_weight \
    --type $t --tuning-db .device/sweep/base.tuning --no-cache \
    -o .device/sweep/base-$t > .device/sweep-base-$t.log 2>&1
  tail -n1 .device/sweep-$t.log .device/sweep-base-$t.log
done
