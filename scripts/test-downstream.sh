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
echo "test-downstream: installed, built examples/downstream against it, ran it"
