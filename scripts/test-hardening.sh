#!/usr/bin/env bash
# The hardening checks: the unit tests under AddressSanitizer and
# UndefinedBehaviorSanitizer, then each fuzzer for a bounded time: the
# libFuzzer targets for the plan and problem parsers (built with the
# sanitizers) and the IR mutation fuzzer for ck-opt. Any finding fails the
# run; its input is kept under $CK_FUZZ_OUT for a regression test.
#
#   bash scripts/test-hardening.sh            # after scripts/build.sh
#   CK_FUZZ_SECONDS=600 bash scripts/test-hardening.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${CK_BUILD_DIR:-$root/build}"
san="${CK_SANITIZE_BUILD_DIR:-$root/build-sanitize}"
seconds="${CK_FUZZ_SECONDS:-60}"
findings="${CK_FUZZ_OUT:-$san/fuzz-findings}"

if [ ! -f "$san/build.ninja" ]; then
  flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  cmake -G Ninja -S "$root" -B "$san" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DCK_BUILD_FUZZERS=ON
fi
unit_tests=(CKUnitTests CKRuntimeTests CKProblemTests CKBenchTests CKScheduleTests)
fuzzers=(ck-plan-fuzzer ck-problem-fuzzer)
ninja -C "$san" "${unit_tests[@]}" "${fuzzers[@]}"

# The binary of a target of the sanitizer build.
binary() { find "$san" -name "$1" -type f -executable | head -n 1; }

# allow_user_poisoning=0: LLVM's allocators poison their slabs in code
# compiled here (with ASan) but not in Debian's libMLIR (without), so their
# own annotations would read as errors; ASan's checks of every access stay.
export ASAN_OPTIONS="detect_leaks=1:allow_user_poisoning=0:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
for t in "${unit_tests[@]}"; do
  echo "test-hardening: $t under ASan/UBSan"
  "$(binary "$t")" --gtest_brief=1
done

mkdir -p "$findings"
for f in "${fuzzers[@]}"; do
  corpus_name="${f#ck-}"
  corpus_name="${corpus_name%-fuzzer}"
  # Work on a copy: libFuzzer adds what it finds to its corpus directory.
  work="$(mktemp -d)"
  cp -r "$root/fuzz/corpus/$corpus_name/." "$work/"
  echo "test-hardening: $f for $seconds s"
  status=0
  "$(binary "$f")" "$work" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$findings/$f-" -print_final_stats=1 \
    >"$work.log" 2>&1 || status=$?
  grep -E "^stat::number_of_executed_units|ERROR|SUMMARY" "$work.log" || true
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$work.log" >&2
    echo "test-hardening: $f failed (exit $status); inputs in $findings" >&2
    exit 1
  fi
  rm -rf "$work" "$work.log"
done

python3 "$root/scripts/fuzz-ir.py" --ck-opt "$build/bin/ck-opt" \
  --seconds "$seconds" --seed "${CK_FUZZ_SEED:-2026}" --out "$findings/ir"
echo "test-hardening: sanitizers and fuzzers found nothing"
