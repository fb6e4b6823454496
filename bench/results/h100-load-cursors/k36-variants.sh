#!/bin/bash
# Here: the K = 36 backward-weight layers at 7x7 and 100x100 (f16, bf16)
# compiled for sm_90a with the tuning database's choice (`tuned`) and
# other split-K and StreamK partitions of the same kernel, into
# $OUT/<type>/<layer>@<variant>. On the device:
#   python3 bench/device_check.py $OUT/<type> --time --rounds 3 --cudnn
set -eu
OUT=${OUT:-.device/k36}
rm -rf "$OUT"
DB=bench/results/h100-linear-access/sm_90a.tuning
for TYPE in f16 bf16; do
  compile() { # LAYER IN VARIANT [flags]
    local layer=$1 in=$2 v=$3; shift 3
    build/bin/ck-compile --chip=sm_90a --direction bwd_weight --type $TYPE \
      -N 16 -C 256 -K 36 --in $in --filter 3,3 --pad 1,1 --no-cache \
      --tuning-db $DB -o "$OUT/$TYPE/$layer@$v" "$@" 2>&1 | grep -v wrote || true
  }
  big="--waves=4,8 --windows=output"
  compile k36-100 100,100 tuned
  for kb in 33 66 88; do
    compile k36-100 100,100 kb$kb $big --partition=split_k,k_batch=$kb
  done
  compile k36-100 100,100 kb44wg $big --partition=split_k,k_batch=44,reduce=workgroups
  compile k36-100 100,100 sk $big --partition=stream_k
  compile k36-100 100,100 sktree $big --partition=stream_k,reduce=tree
  compile k36-100 100,100 w88 --waves=8,8 --windows=output --partition=split_k
  small="--waves=4,4 --windows=output"
  compile k36-7 7,7 tuned
  for kb in 2 4; do
    compile k36-7 7,7 kb${kb}cl $small --partition=split_k,k_batch=$kb,reduce=cluster
  done
  compile k36-7 7,7 kb8wg $small --partition=split_k,k_batch=8,reduce=workgroups
  compile k36-7 7,7 kb8 $small --partition=split_k,k_batch=8
  compile k36-7 7,7 sk $small --partition=stream_k
done
for d in "$OUT"/*; do
  ls "$d" | grep -v index.txt | awk '{print $1"\t-"}' > "$d/index.txt"
done
