#!/bin/bash
# Here: the forward and backward-data K = 2376 layers at 100x100 (the
# model's two longest kernels, 0.81x-0.97x cuDNN's speed in
# ../h100-mma-occupancy/final/) compiled for sm_90a with the tuning
# database's choice (`tuned`) and with other partitions of the same
# 128 x 256 wgmma kernel, into $OUT/<direction>-<type>/<layer>@<variant>.
# On the device:
#   python3 bench/device_check.py $OUT/<direction>-<type> --time --rounds 3 --cudnn
set -eu
OUT=${OUT:-.device/k2376}
rm -rf "$OUT"
DB=bench/results/h100-linear-access/sm_90a.tuning
for DIR in bwd_data fwd; do
  for TYPE in bf16 f16; do
    set_dir="$OUT/$DIR-$TYPE"
    compile() { # VARIANT [flags]
      local v=$1; shift
      build/bin/ck-compile --chip=sm_90a --direction $DIR --type $TYPE \
        -N 16 -C 256 -K 2376 --in 100,100 --filter 3,3 --pad 1,1 --no-cache \
        --tuning-db $DB -o "$set_dir/k2376-100@$v" "$@" > /dev/null
    }
    compile tuned
    compile dp --waves=4,8 --partition=data_parallel
    compile c21 --waves=4,8 --partition=data_parallel --cluster=2x1
    compile pers --waves=4,8 --partition=data_parallel,dp=persistent
    ls "$set_dir" | grep -v index.txt | awk '{print $1"\t-"}' > "$set_dir/index.txt"
  done
done
