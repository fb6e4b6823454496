#!/bin/bash
# Here: the A/B of two-pass staging. The six RetinaNet sets for sm_90a are
# compiled by the build with column-sliced staging before the heuristic
# kept whole rows (4 stages wherever a staging tile of half the columns
# let them fit), without a database into .device/h4 and with
# ../h100-persistent-lean/sm_90a.tuning into .device/db4; the kernels that
# differ from the previous build's (OLD_HEURISTIC, OLD_DATABASE: bb888e0's
# bundles of the same sets, 3 stages) are paired by ../h100-load-cursors/ab.sh.
#   OLD_HEURISTIC=.device/heur-final OLD_DATABASE=.device/bench8 compile.sh
# On the device, per set:
#   python3 bench/device_check.py .device/ab4h/SET --time --rounds 3 --json F
#   python3 bench/device_check.py .device/ab4db/SET --time --rounds 3 --json F
# and the table: ../../report.py compare with FILE@old FILE@new per set.
set -eu
rm -rf .device/h4
for set in "bwd_weight f16" "bwd_weight bf16" "fwd f16" "fwd bf16" \
           "bwd_data f16" "bwd_data bf16"; do
  read -r d t <<<"$set"
  build/bin/ck-compile --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
    --direction $d --type=$t --jobs 2 -o .device/h4/${d}_$t > /dev/null
done
TUNING_DB=bench/results/h100-persistent-lean/sm_90a.tuning BUNDLES=.device/db4 \
  bash scripts/device-bench.sh compile
OUT=.device/ab4h bash bench/results/h100-load-cursors/ab.sh \
  old="${OLD_HEURISTIC:?}" new=.device/h4
OUT=.device/ab4db bash bench/results/h100-load-cursors/ab.sh \
  old="${OLD_DATABASE:?}" new=.device/db4
