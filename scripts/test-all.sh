#!/usr/bin/env bash
# Installs the dependencies, builds everything and runs every test: the lit
# suite (check-ck), the GoogleTest unit tests (ctest), the Python tests, an
# install with a downstream project built against it
# (scripts/test-downstream.sh), and the hardening checks (the unit tests under ASan/UBSan and each fuzzer for
# a bounded time, scripts/test-hardening.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${CK_BUILD_DIR:-$root/build}"
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh" all mlir-doc
ninja -C "$build" check-ck
ctest --test-dir "$build" --output-on-failure
CK_OPT="$build/bin/ck-opt" PYTHONPATH="$root/python" /usr/bin/python3 -m pytest -q "$root/python/tests" "$root/bench/tests"
bash "$root/scripts/test-downstream.sh"
bash "$root/scripts/test-hardening.sh"
echo "test-all: every test passed"
