#!/bin/bash
# Every metric of ncu's full set (--page raw) for the forward and
# backward-weight G = 32, C = K = 8, 100x100 layers, before (old) and
# after (new) the swizzle: compile-swizzle.sh's bundles.
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
NCU=/usr/local/cuda/bin/ncu
for K in fwd-bf16-G32-N16-C8-K8-in100x100-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK bwd_weight-bf16-G32-N16-C8-K8-in100x100-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK; do
for v in old new; do
  $NCU --set full --page raw -k regex:gemm -c 1 --launch-skip 2 ./build/bin/ck-bench --bundle .device/swz/$K@$v --no-verify --warmup 2 --repeat 1 > $OUT/raw-${K%%-bf16*}-$v.txt 2>&1
  echo "$K $v rc $?"
done; done
cd $OUT && tar czf raw.tgz raw-*.txt && rm raw-*.txt
