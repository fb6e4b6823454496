#!/bin/bash
# Here: the A/B sets of ab/: every direction and type with
# ../h100-linear-access/sm_90a.tuning, once by the compiler before the
# change ($BEFORE: d7ffe48, no reallocated registers where units share a
# ring) and once by
# $AFTER, then every bundle that differs paired in $OUT/<set>/<key>@{base,new}.
# On the device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
set -eu
OUT=${OUT:-.device/ab}
for v in before after; do
  C=$BEFORE; [ $v = after ] && C=$AFTER
  for d in fwd bwd_data bwd_weight; do
    for t in f16 bf16; do
      "$C" --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
        --direction $d --type=$t \
        --tuning-db bench/results/h100-linear-access/sm_90a.tuning \
        --no-cache --jobs 2 -o /tmp/ab-$v/${d}_$t > /dev/null
    done
  done
done
OUT=$OUT bash bench/results/h100-load-cursors/ab.sh base=/tmp/ab-before \
  new=/tmp/ab-after
