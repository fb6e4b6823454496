#!/bin/bash
# On the device: each set of compile.sh's folder ($G, default
# .device/gs2) verified against ATen and timed in 5 rounds beside cuDNN,
# then ncu (../h200-behind-profile/profile.sh) of the database's kernels
# and cuDNN's calls in f16; results in $OUT/res.tgz.
export PYTHONUNBUFFERED=1
g=${G:-.device/gs2}
mkdir -p $OUT/r
for s in $(ls $g); do
  python3 bench/device_check.py $g/$s --time --cudnn --rounds 5 \
    --json $OUT/r/$s.json > $OUT/r/$s.log 2>&1
  echo "$s: $(tail -n 1 $OUT/r/$s.log)"
  tar czf $OUT/res.tgz -C $OUT r
done
mkdir -p $OUT/r/ncu
OUT=$OUT/r/ncu D=$g bash bench/results/h200-behind-profile/profile.sh \
  ${NCU_KEYS:-fwd-f16-G32-N16-C16-K16-in100x100-f3x3-s2x2-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK@tuned fwd-f16-G32-N16-C32-K32-in50x50-f3x3-s2x2-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK@tuned}
tar czf $OUT/res.tgz -C $OUT r
