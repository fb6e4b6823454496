#!/usr/bin/env bash
# Installs the build into a fresh prefix (`cmake --install`) and builds
# examples/downstream against it with find_package(CkMlir): the program
# must parse a ck convolution and lower it to a ck.gemm, and pkg-config must
# find ckrt there. Run by test-all.sh after the build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${CK_BUILD_DIR:-$root/build}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
cmake -S "$root/examples/downstream" -B "$work/downstream" -G Ninja \
  -DCkMlir_DIR="$work/prefix/lib/cmake/CkMlir" > "$work/configure.log"
ninja -C "$work/downstream" > "$work/build.log"
"$work/downstream/ck-downstream" > "$work/out.mlir"
grep -q "ck.gemm" "$work/out.mlir" || {
  echo "test-downstream: ck-downstream printed no ck.gemm" >&2
  cat "$work/out.mlir" >&2
  exit 1
}
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --libs ckrt \
  | grep -q -- "-lckrt" || {
  echo "test-downstream: pkg-config does not find ckrt" >&2
  exit 1
}
"$work/prefix/bin/ck-opt" --version | grep -q "ck-mlir" || {
  echo "test-downstream: the installed ck-opt does not run" >&2
  exit 1
}
# The installed Python package, away from the source tree: it finds the
# install's libck_mlir_capi.so and ck-opt by itself and compiles a problem.
python_dir="$(find "$work/prefix/lib" -maxdepth 3 -type d -name ck_mlir -path '*dist-packages*')"
[ -n "$python_dir" ] || {
  echo "test-downstream: cmake --install put no ck_mlir package under lib/python3.X/dist-packages" >&2
  exit 1
}
(cd "$work" && env -u CK_MLIR_CAPI -u CK_OPT -u CKRT_LIBRARY \
  PYTHONPATH="$(dirname "$python_dir")" /usr/bin/python3 - "$work" <<'PY'
import os, sys
import ck_mlir
from ck_mlir import tools
work = sys.argv[1]
assert ck_mlir.__file__.startswith(work), ck_mlir.__file__
assert tools.find_ck_opt() == os.path.join(work, "prefix", "bin", "ck-opt"), tools.find_ck_opt()
problem = ck_mlir.ConvProblem(G=1, N=2, C=8, K=8, input_size=(7, 7), filter_size=(3, 3), pad_left=(1, 1), pad_right=(1, 1), direction="fwd")
problem.compile("gfx942", os.path.join(work, "bundle"))
files = sorted(os.listdir(os.path.join(work, "bundle")))
assert files == ["kernels.hsaco", "plan.ckplan", "reference.ckplan"], files
PY
) || {
  echo "test-downstream: the installed ck_mlir package does not compile a problem" >&2
  exit 1
}
echo "test-downstream: installed, built examples/downstream against it, ran it; the installed ck_mlir compiled a problem"
