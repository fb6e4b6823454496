#!/bin/bash
# Here: the six RetinaNet sets for sm_90a without a tuning database, by the
# compiler before the rule (OLD, a copy of 3f30acf's build/bin/ck-compile)
# and by this build, into .device/heur-old and .device/heur-new; then the
# kernels that differ, paired, with the database's kernel of each layer
# (from BASE, `scripts/device-bench.sh compile` with
# ../h100-persistent-lean/sm_90a.tuning) into .device/heurab/<set>/:
#   OLD=/tmp/ck-compile-old BASE=.device/bench7 compile.sh
# On the device, per set:
#   python3 bench/device_check.py .device/heurab/<set> --time --rounds 3 --json F
set -eu
OLD=${OLD:?the old ck-compile}
BASE=${BASE:-.device/bench7}
for which in old new; do
  ck=build/bin/ck-compile
  [ $which = old ] && ck=$OLD
  rm -rf .device/heur-$which
  for set in "bwd_weight f16" "bwd_weight bf16" "fwd f16" "fwd bf16" \
             "bwd_data f16" "bwd_data bf16"; do
    read -r d t <<<"$set"
    $ck --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
      --direction $d --type=$t --jobs 2 -o .device/heur-$which/${d}_$t > /dev/null
  done
done
OUT=.device/heurab bash bench/results/h100-load-cursors/ab.sh \
  old=.device/heur-old new=.device/heur-new
for s in .device/heurab/*/; do
  set=$(basename "$s")
  for d in "$s"*@new; do
    k=$(basename "${d%@new}")
    cp -r "$BASE/$set/$k" "$s$k@tuned"
  done
  ls "$s" | grep @ | awk '{print $1"\t-"}' > "$s/index.txt"
done
