#!/bin/bash
# Here: the backward-data bf16 1x1 layers furthest behind cuDNN in
# ../h100-mma-occupancy/final/ (0.79x-0.85x), whose 128 x 256 tiles are
# not a whole number of rounds on 132 SMs, with the database's choice
# (`tuned`) and other partitions, into $OUT/<layer>@<variant>. On the
# device:
#   python3 bench/device_check.py $OUT --time --rounds 3 --cudnn
set -eu
OUT=${OUT:-.device/p1x1}
rm -rf "$OUT"
DB=bench/results/h100-linear-access/sm_90a.tuning
compile() { # LAYER C K IN VARIANT [flags]
  local layer=$1 c=$2 k=$3 in=$4 v=$5; shift 5
  build/bin/ck-compile --chip=sm_90a --direction bwd_data --type bf16 \
    -N 16 -C $c -K $k --in $in --filter 1,1 --no-cache --tuning-db $DB \
    -o "$OUT/$layer@$v" "$@" > /dev/null
}
for layer in "c512k512-100 512 512 100,100" "c512k1024-50 512 1024 50,50" \
             "c1024k512-50 1024 512 50,50" "c1024k2048-25 1024 2048 25,25"; do
  set -- $layer
  compile "$@" tuned
  compile "$@" dp --waves=4,8 --partition=data_parallel
  compile "$@" sk --waves=4,8 --partition=stream_k
  compile "$@" sktail --waves=4,8 --partition=stream_k,tail=1
  compile "$@" pers --waves=4,8 --partition=data_parallel,dp=persistent
  compile "$@" dp44 --waves=4,4 --partition=data_parallel
done
ls "$OUT" | grep -v index.txt | awk '{print $1"\t-"}' > "$OUT/index.txt"
