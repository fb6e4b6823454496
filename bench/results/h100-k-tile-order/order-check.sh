#!/bin/bash
# Here: backward-data bf16 with 1024 filters (16 K-tiles per tap, by
# channel blocks) under every partition that copies by TMA alone, into
# $OUT/k1024@<partition>: data-parallel, persistent, clusters of two along
# M, split-K reduced by a kernel, by the workgroups and by the cluster,
# StreamK as a tree and linear. On the device (8/8 passed, README.md):
#   python3 bench/device_check.py $OUT --rounds 1
set -eu
OUT=${OUT:-.device/order}
rm -rf "$OUT"
compile() { # VARIANT [flags]
  local v=$1; shift
  build/bin/ck-compile --chip=sm_90a --direction=bwd_data --type=bf16 -N 4 \
    -C 256 -K 1024 --in=16,16 --filter=3,3 --pad=1,1 --waves=4,8 --no-cache \
    -o "$OUT/k1024@$v" "$@" > /dev/null
}
compile dp --partition=data_parallel
compile pers --partition=data_parallel,dp=persistent
compile c21 --partition=data_parallel --cluster=2x1
compile skk --partition=split_k,k_batch=3
compile skwg --partition=split_k,k_batch=4,reduce=workgroups
compile skcl --partition=split_k,k_batch=2,reduce=cluster
compile sktree --partition=stream_k,reduce=tree
compile sklin --partition=stream_k,reduce=linear,dp=per_tile
ls "$OUT" | grep -v index.txt | awk '{print $1"\t-"}' > "$OUT/index.txt"
