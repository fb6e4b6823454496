#!/bin/bash
# Here: the eight layers of layers.csv in the six sets, as clusters
# multicasting B (2x1) or A (1x2) on the data-parallel grid and on split-K,
# and as the persistent grid at the heuristic's stages, beside the
# database's kernels (../h100-two-pass-staging/sm_90a.tuning, compiled in
# BASE by scripts/device-bench.sh compile). Then on the device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
OUT=${OUT:-.device/behind} BASE=${BASE:-.device/bench9} \
CSV=bench/results/h200-behind-profile/layers.csv
VARIANTS=(
  "c21=--partition=data_parallel --waves=4,8 --cluster=2x1"
  "c12=--partition=data_parallel --waves=4,8 --cluster=1x2"
  "sk21=--partition=split_k --waves=4,8 --cluster=2x1"
  "p3=--partition=data_parallel,dp=persistent --waves=4,8"
)
export OUT BASE CSV
. bench/variants.sh
