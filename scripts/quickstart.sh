#!/usr/bin/env bash
# The main job: installs the dependencies, builds ck-mlir and compiles the
# default problem (the largest RetinaNet backward-weight convolution,
# G=1 N=16 C=256 K=256 50x50, 3x3, stride 1, pad 1, f16) through
# ck-conv-to-gemm, printing the GEMM on views it becomes.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${CK_BUILD_DIR:-$root/build}"
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh" ck-opt
"$build/bin/ck-opt" "$root/test/Examples/retinanet-bwd-weight.mlir" -ck-conv-to-gemm
echo "quickstart: compiled the default problem to a GEMM on views."
echo "quickstart: GPU code generation and running it are not built yet (see docs/Architecture.md)."
