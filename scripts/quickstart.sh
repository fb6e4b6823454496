#!/usr/bin/env bash
# The main job: installs the dependencies, builds ck-mlir and compiles the
# default problem (RetinaNet's most frequent 3x3 backward-weight
# convolution: G=1 N=16 C=256 K=256, 50x50, stride 1, pad 1, f16) for an
# AMD chip (gfx942, with its resource report) and for the H100 (sm_90a).
# Where a GPU is present it runs the matching bundle with ck-bench, which
# verifies it against the reference kernels and times it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${CK_BUILD_DIR:-$root/build}"
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh" ck-opt ck-compile ck-bench ckrt-info

problem=(--direction=bwd_weight --type=f16 -G 1 -N 16 -C 256 -K 256
         --in=50,50 --filter=3,3 --stride=1,1 --pad=1,1)
out="$build/quickstart"
"$build/bin/ck-compile" --chip=gfx942 "${problem[@]}" -o "$out/gfx942" --report
"$build/bin/ck-compile" --chip=sm_90a "${problem[@]}" -o "$out/sm_90a"

if devices="$("$build/bin/ckrt-info" 2>&1)"; then
  echo "$devices"
  case "$devices" in
  *sm_9*) bundle="$out/sm_90a" ;;
  *gfx942*) bundle="$out/gfx942" ;;
  *)
    echo "quickstart: no bundle for this GPU; compile one with" \
      "ck-compile --chip=<arch>" >&2
    exit 1
    ;;
  esac
  "$build/bin/ck-bench" --bundle "$bundle"
else
  echo "quickstart: compiled $out/gfx942 and $out/sm_90a; not run: $devices"
fi
