#!/bin/bash
# The layers whose database kernels are mma.sync (the six G = 32 layers and
# the five K = 36 ones, bf16, all three directions), compiled by two
# compilers into .device/swz as KEY@old and KEY@new for ../h100-blocks/run.sh
# (D=.device/swz NAME=swz), with ../h100-blocks/sm_90a.tuning: CKC_OLD
# before the swizzle (29e197e), CKC_NEW after it (a45c316).
csv=.device/swz-layers.csv
mkdir -p .device
{ sed -n 3p bench/data/retinanet_bwd_weight.csv
  grep -E '^32,|^1,16,256,36,' bench/data/retinanet_bwd_weight.csv; } > $csv
OUT=.device/swz DB=bench/results/h100-blocks/sm_90a.tuning \
  DIRS="fwd bwd_data bwd_weight" CSV=$csv \
  bash bench/results/h100-blocks/compile-index.sh \
  old=${CKC_OLD:?the compiler before the swizzle} \
  new=${CKC_NEW:-build/bin/ck-compile}
