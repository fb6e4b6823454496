#!/usr/bin/env bash
# The sound benchmark: ck against cuDNN on the RetinaNet layers, in two
# halves:
#
#   scripts/device-bench.sh compile
#       here (no GPU needed): the layers of TABLE (default
#       bench/data/retinanet_bwd_weight.csv) compiled for sm_90a with the
#       default heuristic (or the tuning database TUNING_DB names), one
#       bundle directory per direction and type under BUNDLES (default
#       .device/bench).
#
#   scripts/device-bench.sh run OUT [SET...]
#       on the GPU machine: measures the GPU's ceilings (bench/gputime.py),
#       verifies and times every bundle of the sets named (all six when none
#       is: bwd_weight_f16 ... bwd_data_bf16) against cuDNN in the same run
#       (bench/device_check.py --time --cudnn) and writes OUT/bench.md,
#       OUT/bench.json and OUT/bench.png (bench/report.py bench; the plot
#       needs matplotlib, else `python3 bench/report.py bench OUT` makes it
#       later anywhere). The exit code is non-zero if any result failed.
#
# With the `device` tool, carry BUNDLES and build/lib/libckrt.so.0.5
# (docs/DeviceTesting.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

table="${TABLE:-bench/data/retinanet_bwd_weight.csv}"
bundles="${BUNDLES:-.device/bench}"
# direction and type of each bundle set
sets=("bwd_weight f16" "bwd_weight bf16" "fwd f16" "fwd bf16" "bwd_data f16"
      "bwd_data bf16")

case "${1:-}" in
compile)
  for set in "${sets[@]}"; do
    read -r direction type <<<"$set"
    build/bin/ck-compile --chip=sm_90a --csv "$table" --direction "$direction" \
      --type="$type" ${TUNING_DB:+--tuning-db "$TUNING_DB"} \
      -o "$bundles/${direction}_$type" \
      > "$bundles-${direction}_$type.log" 2>&1
    tail -n 1 "$bundles-${direction}_$type.log"
  done
  ;;
run)
  out="${2:?usage: device-bench.sh run OUT [SET...]}"
  shift 2
  mkdir -p "$out"
  export PYTHONUNBUFFERED=1
  status=0
  python3 bench/gputime.py --json "$out/ceilings.json"
  for set in "${sets[@]}"; do
    read -r direction type <<<"$set"
    name="${direction}_$type"
    if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
      continue
    fi
    python3 bench/device_check.py "$bundles/$name" --time --cudnn \
      --json "$out/$name.json" > "$out/$name.log" 2>&1 || status=1
    echo "$name: $(tail -n 1 "$out/$name.log")"
  done
  python3 bench/report.py bench "$out"
  exit $status
  ;;
*)
  echo "usage: $0 compile | run OUT [SET...]" >&2
  exit 2
  ;;
esac
