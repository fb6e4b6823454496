#!/bin/bash
# Here: StreamK kernels with roles 4,8 as the compiler builds them (`sk`:
# each unit a ring of its own) and with `ring = shared` (`ring`: the units
# share the ring, a stage less for 128 x 256 tiles, and the heuristic's
# load_registers), for the backward-data 1x1 bf16 layers of variants.sh
# and the K = 2376 layers the database or the heuristic gives StreamK,
# into $OUT/<layer>@<variant>. On the device:
#   python3 bench/device_check.py $OUT --time --rounds 3 --cudnn
set -eu
OUT=${OUT:-.device/streamk}
rm -rf "$OUT"
DB=bench/results/h100-linear-access/sm_90a.tuning
compile() { # LAYER DIRECTION C K IN FILTER PAD PARTITION
  local layer=$1 d=$2 c=$3 k=$4 in=$5 f=$6 pad=$7 partition=$8
  local common="--chip=sm_90a --direction $d --type bf16 -N 16 -C $c -K $k
    --in $in --filter $f --pad $pad --no-cache --tuning-db $DB"
  build/bin/ck-compile $common --waves=4,8 --partition=$partition \
    -o "$OUT/$layer@sk" > /dev/null
  build/bin/ck-compile $common --waves=4,8 --partition=$partition,ring=shared \
    -o "$OUT/$layer@ring" > /dev/null
}
compile c512k512-100 bwd_data 512 512 100,100 1,1 0,0 stream_k
compile c512k1024-50 bwd_data 512 1024 50,50 1,1 0,0 stream_k
compile c1024k512-50 bwd_data 1024 512 50,50 1,1 0,0 stream_k
compile c1024k2048-25 bwd_data 1024 2048 25,25 1,1 0,0 stream_k
compile bwd_data-k2376-50 bwd_data 256 2376 50,50 3,3 1,1 stream_k,tail=1
compile bwd_data-k2376-13 bwd_data 256 2376 13,13 3,3 1,1 stream_k,min_iters=8
compile bwd_weight-k2376-25 bwd_weight 256 2376 25,25 3,3 1,1 stream_k,tail=1
ls "$OUT" | grep -v index.txt | awk '{print $1"\t-"}' > "$OUT/index.txt"
