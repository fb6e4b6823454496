#!/usr/bin/env bash
# The device test matrix, in two halves:
#
#   scripts/device-matrix.sh compile
#       here (no GPU needed): compiles the matrix (bench/matrix-problems.txt,
#       335 problems) and the RetinaNet shapes (bench/retinanet-problems.txt,
#       f16 and bf16) for sm_90a into .device/matrix and .device/retinanet.
#
#   scripts/device-matrix.sh run OUT
#       on the GPU machine: verifies every bundle with ck-bench (the C++
#       profiler on ckrt) and with bench/device_check.py (PyTorch/ATen as the
#       reference), and times the RetinaNet shapes against cuDNN in the same
#       run. Results go to OUT; the exit code is non-zero if anything failed.
#
# With the `device` tool, carry .device/matrix, .device/retinanet,
# build/bin/ck-bench and build/lib/libckrt.so.0.5 and run the second command;
# docs/DeviceTesting.md has the details.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

case "${1:-}" in
compile)
  python3 bench/matrix.py compile bench/matrix-problems.txt .device/matrix --jobs 2
  python3 bench/matrix.py compile bench/retinanet-problems.txt .device/retinanet --jobs 2
  ;;
run)
  out="${2:?usage: device-matrix.sh run OUT}"
  mkdir -p "$out"
  export PYTHONUNBUFFERED=1
  status=0
  build/bin/ck-bench --bundles .device/matrix --no-time --json "$out/ckbench-matrix.json" \
    > "$out/ckbench-matrix.log" 2>&1 || status=1
  tail -n 2 "$out/ckbench-matrix.log"
  python3 bench/device_check.py .device/matrix --json "$out/matrix.json" \
    > "$out/matrix.log" 2>&1 || status=1
  tail -n 1 "$out/matrix.log"
  python3 bench/device_check.py .device/retinanet --time --cudnn \
    --json "$out/retinanet.json" > "$out/retinanet.log" 2>&1 || status=1
  tail -n 1 "$out/retinanet.log"
  exit $status
  ;;
*)
  echo "usage: $0 compile | run OUT" >&2
  exit 2
  ;;
esac
