#!/bin/bash
# ncu of two stride-1 G = 32 layers (bf16, C = K = 8 at 100x100 and 16 at
# 50x50), forward and backward-weight: ck's database kernel and cuDNN's; a
# summary per kernel under $OUT. The bundles (.device/grouped/fwd-C8 and so
# on, with an index.txt) are `ck-compile --chip=sm_90a --direction D --type
# bf16 -G 32 -N 16 -C C -K C --in H,H --filter 3,3 --pad 1,1 --tuning-db
# bench/results/h100-blocks/sm_90a.tuning` of 29e197e. D names another
# directory of bundles with an index.txt.
D=${D:-.device/grouped}
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
NCU=/usr/local/cuda/bin/ncu
for K in $(cut -f1 $D/index.txt); do
  $NCU --set full -k regex:gemm -c 1 --launch-skip 2 ./build/bin/ck-bench --bundle $D/$K --no-verify --warmup 2 --repeat 1 > $OUT/ncu-ck-$K.txt 2>&1
  echo "ck $K rc $?"
  $NCU --set full --nvtx --nvtx-include "cudnn/" python3 bench/cudnn_nvtx.py $D/$K > $OUT/ncu-cudnn-$K.txt 2>&1
  echo "cudnn $K rc $?"
done
cd $OUT && tar czf ncu.tgz ncu-*.txt && rm ncu-*.txt
