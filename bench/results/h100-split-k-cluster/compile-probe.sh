#!/bin/bash
# Backward-weight C = 1024, K = 512, 50x50 (bf16) with split-K of k_batch
# 2, 4 and 8, roles 4,4 (64 x 256 tiles, 32 of them) and 4,8 (128 x 256,
# 16), each with the reduction kernel and with reduce = cluster, into
# $OUT/probe/ for ../h100-output-windows/run.sh.
set -u
OUT=${OUT:-.device/skp}
CKC=${CKC:-build/bin/ck-compile}
rm -rf $OUT && mkdir -p $OUT/probe
for w in 4,8 4,4; do
  for k in 2 4 8; do
    for r in kernel cluster; do
      $CKC --chip=sm_90a -C 1024 -K 512 -N 16 --in 50,50 --filter 1,1 \
        --type bf16 --direction bwd_weight --waves=$w \
        --partition=split_k,k_batch=$k,reduce=$r --no-cache \
        -o "$OUT/probe/bwd_weight-bf16-G1-N16-C1024-K512-in50x50@w${w/,/}-k$k-$r" > /dev/null
    done
  done
done
ls $OUT/probe | awk '{print $1"\t-"}' > $OUT/probe/index.txt
