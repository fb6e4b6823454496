#!/bin/bash
# Here: the fourteen 1x1 RetinaNet layers, forward and backward-data, f16
# and bf16, as persistent data-parallel kernels (units on one ring; the
# heuristic now gives such kernels load waves of 64 registers) with one or
# two math warpgroups, into $OUT/<set>/<key>@persistent-<waves>, beside the
# tuning database's own kernel (<key>@tuned, copied from $BASE, a
# `scripts/device-bench.sh compile` folder), through bench/variants.sh. A
# variant that compiles to the database's kernel is left out. On the
# device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
set -eu
cd "$(dirname "$0")/../../.."
export OUT=${OUT:-.device/lean} BASE=${BASE:-.device/bench6}
export SETS="fwd_f16 fwd_bf16 bwd_data_f16 bwd_data_bf16"
CSV=$(mktemp)
export CSV
awk -F, '/^#/ || /^G,/ || ($7 == 1 && $8 == 1)' bench/data/retinanet_bwd_weight.csv > "$CSV"
# shellcheck disable=SC2034 # read by bench/variants.sh
VARIANTS=("persistent-4,8=--partition=data_parallel,dp=persistent --waves=4,8"
          "persistent-4,4=--partition=data_parallel,dp=persistent --waves=4,4")
# shellcheck source=bench/variants.sh
source bench/variants.sh
rm -f "$CSV"
