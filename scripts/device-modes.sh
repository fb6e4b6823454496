#!/usr/bin/env bash
# A problem table (by default the RetinaNet layers,
# bench/data/retinanet_bwd_weight.csv) compiled for sm_90a in several
# partition, wave-role, type and direction modes, in two halves:
#
#   scripts/device-modes.sh compile [MODE...]
#       here (no GPU needed): one bundle directory per mode under
#       .device/modes/ (all modes when none is named).
#
#   scripts/device-modes.sh run OUT [MODE...]
#       on the GPU machine: ck-bench verifies every bundle of each mode
#       against the reference kernels, relaunches it 20 times on the same
#       inputs for bitwise determinism (modes not named *_nodet) and times
#       it (OUT/MODE.json); where `heuristic` is among the modes,
#       bench/device_check.py then times its bundles and cuDNN with the
#       same method in the same run (OUT/cudnn.json; CUDNN=0 skips it). The
#       exit code is non-zero if anything failed. bench/partition_table.py
#       tabulates a run.
#
# TABLE names another problem table (default
# bench/data/retinanet_bwd_weight.csv) and MODES_DIR the bundles' directory
# (default .device/modes).
#
# With the `device` tool, carry MODES_DIR, build/bin/ck-bench and
# build/lib/libckrt.so.0.5 (docs/DeviceTesting.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

table="${TABLE:-bench/data/retinanet_bwd_weight.csv}"
dir="${MODES_DIR:-.device/modes}"

# name, direction, ck-compile flags. Modes named *_nodet skip the
# determinism relaunches (the partition comparison's alternatives). The
# merge_groups modes other than 1 need tables whose G they divide (the
# depthwise table).
modes=(
  "heuristic bwd_weight"
  "heuristic_bf16 bwd_weight --type=bf16"
  "fwd fwd"
  "bwd_data bwd_data"
  "bwd_data_f32 bwd_data --type=f32"
  "fwd_f32 fwd --type=f32"
  "data_parallel_nodet bwd_weight --partition=data_parallel"
  "split_k_nodet bwd_weight --partition=split_k"
  "split_k2_nodet bwd_weight --partition=split_k,k_batch=2"
  "split_k4_nodet bwd_weight --partition=split_k,k_batch=4"
  "split_k8_nodet bwd_weight --partition=split_k,k_batch=8"
  "split_k16_nodet bwd_weight --partition=split_k,k_batch=16"
  "split_k_auto bwd_weight --partition=split_k,k_batch=auto"
  "split_k_auto_min8 bwd_weight --partition=split_k,k_batch=auto,min_iters=8"
  "waves44_split_k_auto bwd_weight --waves=4,4 --partition=split_k,k_batch=auto"
  "stream_k_tree bwd_weight --partition=stream_k"
  "stream_k_linear_nodet bwd_weight --partition=stream_k,reduce=linear"
  "waves44 bwd_weight --waves=4,4"
  "waves42 bwd_weight --waves=4,2"
  "waves44_streamk_tree bwd_weight --waves=4,4 --partition=stream_k"
  "waves42_streamk_linear bwd_weight --waves=4,2 --partition=stream_k,reduce=linear"
  "waves44_split_k bwd_weight --waves=4,4 --partition=split_k"
  "fwd_waves44 fwd --waves=4,4"
  "bwd_data_waves44 bwd_data --waves=4,4"
  "bwd_data_waves42 bwd_data --waves=4,2"
  "fwd_waves42 fwd --waves=4,2"
  "waves48 bwd_weight --waves=4,8"
  "waves42_stages3 bwd_weight --waves=4,2 --stages=3"
  "waves44_stages3_f32 bwd_weight --type=f32 --waves=4,4 --stages=3"
  "merge_groups1_nodet bwd_weight --merge-groups=1"
  "merge_groups8_nodet bwd_weight --merge-groups=8"
  "merge_groups16_nodet bwd_weight --merge-groups=16"
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
    case "$flags" in *--type*) ;; *) flags="--type=f16 $flags" ;; esac
    build/bin/ck-compile --chip=sm_90a --csv "$table" \
      --direction "$direction" $flags -o "$dir/$name" \
      > "$dir-$name.log" 2>&1
    tail -n 1 "$dir-$name.log"
  done
  ;;
run)
  out="${2:?usage: device-modes.sh run OUT [MODE...]}"
  shift 2
  mkdir -p "$out"
  export PYTHONUNBUFFERED=1
  status=0
  while read -r name _; do
    determinism=(--determinism 20)
    [[ "$name" == *_nodet ]] && determinism=()
    build/bin/ck-bench --bundles "$dir/$name" "${determinism[@]}" \
      --repeat 20 --json "$out/$name.json" > "$out/$name.log" 2>&1 || status=1
    echo "$name: $(tail -n 1 "$out/$name.log")"
  done < <(selected "$@")
  if [ "${CUDNN:-1}" != 0 ] && selected "$@" | grep -q '^heuristic '; then
    python3 bench/device_check.py "$dir/heuristic" --time --cudnn \
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
