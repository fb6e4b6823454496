#!/bin/bash
# Here: the A/B sets of ab/. Forward and backward-data (f16, bf16) with
# ../h100-linear-access/sm_90a.tuning, once by the compiler before the
# change ($BEFORE, built at d2bd675) and once by $AFTER (the change with
# all-taps.patch applied: channel blocks wherever A is an im2col walk of
# more than one block per tap), then every bundle that differs paired in
# $OUT/<set>/<key>@{base,new}. On the device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
set -eu
OUT=${OUT:-.device/tm}
for v in before after; do
  C=$BEFORE; [ $v = after ] && C=$AFTER
  for s in "fwd f16" "fwd bf16" "bwd_data f16" "bwd_data bf16"; do
    read -r d t <<<"$s"
    "$C" --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
      --direction $d --type=$t \
      --tuning-db bench/results/h100-linear-access/sm_90a.tuning \
      --no-cache --jobs 2 -o /tmp/tm-$v/${d}_$t > /dev/null
  done
done
OUT=$OUT bash bench/results/h100-load-cursors/ab.sh base=/tmp/tm-before \
  new=/tmp/tm-after
