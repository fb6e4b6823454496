#!/bin/bash
# Here: the backward-data bf16 1x1 layers whose 128 x 256 tiles fill
# rounds of 132 SMs only in part, as the database builds them (`tuned`)
# and as StreamK (ring = shared) and persistent data-parallel kernels
# whose units share one ring, with and without reallocated registers
# (load waves of LR registers per lane, the math waves the rest; pinned,
# as the heuristic now reallocates on its own: run 1 of README.md), into
# $OUT/<layer>@<variant>. On the device:
#   python3 bench/device_check.py $OUT --time --rounds 3 --cudnn
set -eu
OUT=${OUT:-.device/skring}
LR=${LR:-40}
rm -rf "$OUT"
DB=bench/results/h100-linear-access/sm_90a.tuning
config() { # PARTITION [load_registers]
  echo "#ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<$1>, lds_buffers = 3, load_waves = 4, async_copy${2:+, load_registers = $2}>"
}
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
  compile "$@" sk --config "$(config 'stream_k, ring = shared')"
  compile "$@" sklr --config "$(config 'stream_k, ring = shared' $LR)"
  compile "$@" sktaillr --config "$(config 'stream_k, tail = 1, ring = shared' $LR)"
  compile "$@" pers --config "$(config 'data_parallel, dp = persistent')"
  compile "$@" perslr --config "$(config 'data_parallel, dp = persistent' $LR)"
done
ls "$OUT" | grep -v index.txt | awk '{print $1"\t-"}' > "$OUT/index.txt"
