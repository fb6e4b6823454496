#!/usr/bin/env bash
# The RetinaNet layers (bench/data/retinanet_bwd_weight.csv, f16) compiled
# for sm_90a in several partition and wave-role modes, in two halves:
#
#   scripts/device-modes.sh compile [MODE...]
#       here (no GPU needed): one bundle directory per mode under
#       .device/modes/ (all modes when none is named).
#
#   scripts/device-modes.sh run OUT [MODE...]
#       on the GPU machine: ck-bench verifies every bundle of each mode
#       against the reference kernels, relaunches it 20 times on the same
#       inputs for bitwise determinism and times it (OUT/MODE.json); then
#       bench/device_check.py times the heuristic bundles and cuDNN with
#       the same method in the same run (OUT/cudnn.json). The exit code is
#       non-zero if anything failed.
#
# With the `device` tool, carry .device/modes, build/bin/ck-bench and
# build/lib/libckrt.so (docs/DeviceTesting.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# name, direction, ck-compile flags.
modes=(
  "heuristic bwd_weight"
  "waves44 bwd_weight --waves=4,4"
  "waves42 bwd_weight --waves=4,2"
  "waves44_streamk_tree bwd_weight --waves=4,4 --partition=stream_k"
  "waves42_streamk_linear bwd_weight --waves=4,2 --partition=stream_k,reduce=linear"
  "waves44_split_k bwd_weight --waves=4,4 --partition=split_k"
  "fwd_waves44 fwd --waves=4,4"
  "bwd_data_waves44 bwd_data --waves=4,4"
)

# The modes named in "$@", or all of them.
selected() {
  for mode in "${modes[@]}"; do
    name="${mode%% *}"
    if [ $# -eq 0 ] || [[ " $* " == *" $name "* ]]; then
      echo "$mode"
    fi
  done
}

case "${1:-}" in
compile)
  shift
  selected "$@" | while read -r name direction flags; do
    # shellcheck disable=SC2086 # the flags are words
    build/bin/ck-compile --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
      --direction "$direction" --type f16 $flags -o ".device/modes/$name" \
      > ".device/modes-$name.log" 2>&1
    tail -n 1 ".device/modes-$name.log"
  done
  ;;
run)
  out="${2:?usage: device-modes.sh run OUT [MODE...]}"
  shift 2
  mkdir -p "$out"
  export PYTHONUNBUFFERED=1
  status=0
  while read -r name _; do
    build/bin/ck-bench --bundles ".device/modes/$name" --determinism 20 \
      --repeat 20 --json "$out/$name.json" > "$out/$name.log" 2>&1 || status=1
    echo "$name: $(tail -n 1 "$out/$name.log")"
  done < <(selected "$@")
  if [ -d .device/modes/heuristic ]; then
    python3 bench/device_check.py .device/modes/heuristic --time --cudnn \
      --json "$out/cudnn.json" > "$out/cudnn.log" 2>&1 || status=1
    echo "cudnn: $(tail -n 1 "$out/cudnn.log")"
  fi
  exit $status
  ;;
*)
  echo "usage: $0 compile [MODE...] | run OUT [MODE...]" >&2
  exit 2
  ;;
esac
