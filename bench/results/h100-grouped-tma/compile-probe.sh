#!/bin/bash
# Probe: the six G = 32 backward-weight layers (bf16), each compiled as
#   base@  the database's choice (../h100-tma-store/sm_90a.tuning) with the
#          groups per GEMM of the rule before TMA (32 channels: 4, 2, 1);
#   tNN@   groups merged to 64 channels (8, 4, 2: x and dy by TMA boxes of
#          64 channels) with wave roles NN and the heuristic's partition;
#   tNNs@  the same with split-K;
# into one directory of bundles for ../h100-blocks/run.sh (D=$OUT
# NAME=probe). CKC names the compiler (default build/bin/ck-compile).
OUT=${OUT:-.device/probe}
CKC=${CKC:-build/bin/ck-compile}
rm -rf $OUT; mkdir -p $OUT
# C H stride old-merge new-merge database-flags
layers=(
  "8 100 1 4 8 --stages=3"
  "16 50 1 2 4 --stages=3"
  "32 25 1 1 2 --stages=3"
  "8 200 2 4 8 --partition=split_k --stages=3"
  "16 100 2 2 4 --partition=split_k --stages=3"
  "32 50 2 1 2 --partition=split_k --stages=3"
)
for layer in "${layers[@]}"; do
  read -r c h s old new db <<<"$layer"
  key="C${c}-${h}x${h}-s${s}"
  args="--chip=sm_90a --direction=bwd_weight --type=bf16 -G 32 -N 16 -C $c -K $c
        --in=$h,$h --filter=3,3 --pad=1,1 --stride=$s,$s --no-cache --report"
  run() { $CKC $args "${@:2}" -o $OUT/$key@$1 > $OUT/$key@$1.log 2>&1 || echo "fail $key@$1"; }
  run base --merge-groups=$old $db
  run t44 --merge-groups=$new --waves=4,4
  run t48 --merge-groups=$new --waves=4,8
  run t44s --merge-groups=$new --waves=4,4 --partition=split_k
  run t48s --merge-groups=$new --waves=4,8 --partition=split_k
done
grep -l "tensormap 0" $OUT/*/plan.ckplan | wc -l
grep -h "spill stores [1-9]" $OUT/*.log | sort | uniq -c
ls $OUT | grep -v '\.log$' | awk '{print $1"\t-"}' > $OUT/index.txt
mv $OUT/*.log $OUT/.. 2>/dev/null; wc -l < $OUT/index.txt
