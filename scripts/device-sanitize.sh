#!/usr/bin/env bash
# compute-sanitizer on a sample of the kernel families, in two halves:
#
#   scripts/device-sanitize.sh compile
#       here (no GPU needed): compiles each bundle of the sample SAMPLE
#       (default bench/sanitizer-sample.txt: NAME, then ck-compile's flags)
#       for sm_90a, or the chip its flags name, into BUNDLES/NAME (default
#       .device/sanitize).
#
#   scripts/device-sanitize.sh run OUT
#       on the GPU machine: runs ck-bench (which verifies each bundle
#       against its reference kernel) under compute-sanitizer's memcheck,
#       racecheck and synccheck, writing OUT/memcheck.log,
#       OUT/racecheck.log and OUT/synccheck.log. The exit code is non-zero
#       if a bundle failed or the tool found an error.
#
# API errors are not reported: ckrt asks the driver for one parameter past
# each kernel's last, expecting CUDA_ERROR_INVALID_VALUE, to check that the
# kernel takes exactly the plan's arguments (CudaBackend.cpp).
#
# With the `device` tool, carry BUNDLES, build/bin/ck-bench and
# build/lib/libckrt.so.0.5.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

sample="${SAMPLE:-bench/sanitizer-sample.txt}"
bundles="${BUNDLES:-.device/sanitize}"

case "${1:-}" in
compile)
  rm -rf "$bundles"
  mkdir -p "$bundles"
  grep -v '^#' "$sample" | while read -r name flags; do
    chip=--chip=sm_90a
    case " $flags " in *" --chip="*) chip= ;; esac
    # shellcheck disable=SC2086 # the flags are words
    build/bin/ck-compile $chip $flags -o "$bundles/$name" \
      > "$bundles/$name.log" 2>&1 || { cat "$bundles/$name.log"; exit 1; }
  done
  echo "compiled $(grep -vc '^#' "$sample") bundles into $bundles"
  ;;
run)
  out="${2:?usage: device-sanitize.sh run OUT}"
  mkdir -p "$out"
  sanitizer=/usr/local/cuda/bin/compute-sanitizer
  status=0
  for tool in memcheck racecheck synccheck; do
    : > "$out/$tool.log"
    for bundle in "$bundles"/*/; do
      echo "== $(basename "$bundle")" >> "$out/$tool.log"
      "$sanitizer" --tool "$tool" --report-api-errors no --error-exitcode 9 \
        build/bin/ck-bench --bundle "$bundle" --no-time \
        >> "$out/$tool.log" 2>&1 || status=1
    done
    echo "$tool: $(grep -c '^PASS' "$out/$tool.log") passed," \
      "$(grep -c 'ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards' \
        "$out/$tool.log") clean of $(ls -d "$bundles"/*/ | wc -l)"
  done
  exit $status
  ;;
*)
  echo "usage: $0 compile | run OUT" >&2
  exit 2
  ;;
esac
