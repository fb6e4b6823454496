#!/bin/bash
# The K = 36 head's backward-weight layers (C = 256, 3x3, over the output
# gradient's windows) for sm_90a: the tuning database's choice (`tuned`:
# 4 load and 4 or 8 math waves) beside 8 load and 8 math waves
# (`w88`: 128 x 256 tiles, which fit 512 threads only where the load waves
# give registers to the math waves, `load_registers`), into
# $OUT/<type>/<layer>@<variant>. At 100x100 also other load_registers
# (`lr40`, `lr96`: the heuristic's config with the count pinned). On the
# device: python3 bench/device_check.py $OUT/<type> --time --rounds 3
set -eu
OUT=${OUT:-.device/setmaxnreg}
rm -rf "$OUT"
DB=bench/results/h100-linear-access/sm_90a.tuning
for TYPE in f16 bf16; do
  compile() { # LAYER IN VARIANT [flags]
    local layer=$1 in=$2 v=$3; shift 3
    build/bin/ck-compile --chip=sm_90a --direction bwd_weight --type $TYPE \
      -N 16 -C 256 -K 36 --in $in --filter 3,3 --pad 1,1 --no-cache \
      -o "$OUT/$TYPE/$layer@$v" "$@" 2>&1 | grep -v wrote || true
  }
  for in in 7 13 25 50 100; do
    compile k36-$in $in,$in tuned --tuning-db $DB
    compile k36-$in $in,$in w88 --no-tuning-db --waves=8,8 --windows=output \
      --partition=split_k
  done
  # w88's config at 100x100 (--mlir-print-ir-after=ck-select-gemm-config).
  for lr in 40 96; do
    compile k36-100 100,100 lr$lr --no-tuning-db --windows=output \
      --config="#ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<$TYPE>, partition = #ck.partition<split_k, k_batch = 44>, lds_buffers = 4, load_waves = 8, async_copy, load_registers = $lr>"
  done
done
for d in "$OUT"/*; do
  ls "$d" | grep -v index.txt | awk '{print $1"\t-"}' > "$d/index.txt"
done
