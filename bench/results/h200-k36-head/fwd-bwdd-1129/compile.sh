#!/bin/bash
# Here: the K = 36 forward and backward-data layers at 100x100 (forward
# also at 50x50), the database's kernel (@base / @db) beside other
# choices, into .device/k36f and .device/k36d; on the device, per set:
#   python3 bench/device_check.py .device/k36f/fwd_f16 --time --rounds 5
set -u
db=bench/results/h200-wgmma-row-groups/sm_90a.tuning
compile() { # DIR DIRECTION TYPE SIZE NAME FLAGS...
  local dir=$1 direction=$2 type=$3 size=$4 name=$5
  shift 5
  build/bin/ck-compile --chip=sm_90a --no-cache --tuning-db $db \
    --direction $direction --type $type -N 16 -C 256 -K 36 --in $size \
    --filter 3x3 --pad 1,1 "$@" \
    -o $dir/${direction}_$type/$direction-$type-K36-$size@$name > /dev/null ||
    echo "$direction $type $size $name: not compiled"
}
for t in f16 bf16; do
  cfg() { # BLOCK_M STAGES
    echo "--config=#ck.gemm_config<block = [$1, 40, 64], wave = [$(($1 / 8)), 40], mma = #ck.wgmma<$t>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = $2, load_waves = 4, async_copy>"
  }
  for s in 100x100 50x50; do
    compile .device/k36f fwd $t $s base
    compile .device/k36f fwd $t $s c21 --cluster=2x1
    compile .device/k36f fwd $t $s m256 "$(cfg 256 4)"
    compile .device/k36f fwd $t $s m256s3 "$(cfg 256 3)"
    compile .device/k36f fwd $t $s rb2 --partition=data_parallel,dp=persistent \
      --waves=4,8 --resident-b --stages=2
  done
  p="--partition=data_parallel,dp=persistent"
  compile .device/k36d bwd_data $t 100x100 db
  compile .device/k36d bwd_data $t 100x100 p48 $p --waves=4,8
  compile .device/k36d bwd_data $t 100x100 p48s2 $p --waves=4,8 --stages=2
  compile .device/k36d bwd_data $t 100x100 p48s3 $p --waves=4,8 --stages=3
  compile .device/k36d bwd_data $t 100x100 p44 $p --waves=4,4
  compile .device/k36d bwd_data $t 100x100 w44 --waves=4,4
  compile .device/k36d bwd_data $t 100x100 w88s2 --waves=8,8 --stages=2
  compile .device/k36d bwd_data $t 100x100 w88s3 --waves=8,8 --stages=3
done
for d in .device/k36f/* .device/k36d/*; do
  ls $d | grep -v index.txt | awk '{print $1"\t-"}' > $d/index.txt
done
