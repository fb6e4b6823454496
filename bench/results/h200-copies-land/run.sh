#!/bin/bash
# On the device, one call: the A/B sets (ab.sh of ../h100-load-cursors:
# base = the compiler before, new = after, the benchmark's bundles with the
# tuning database; every bundle that changed, into AB) verified against
# ATen and timed in 5 rounds with their SASS instruction counts
# (../h200-ring-counters/run.sh), then compute-sanitizer on
# sanitizer-sample.txt's bundles (SAN), last. Results in $OUT/res.tgz,
# $OUT/var.tgz and $OUT/san.tgz.
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:?}
AB=${AB:-.device/cl-ab} OUT=$OUT bash bench/results/h200-ring-counters/run.sh
# Other choices for the K = 36 head's backward-weight at 100x100 with the
# change (VAR: ../h200-k36-head/compile.sh's folders), 5 rounds.
if [ -n "${VAR:-}" ]; then
  mkdir -p "$OUT/var"
  for s in $(ls "$VAR"); do
    python3 bench/device_check.py "$VAR/$s" --time --rounds 5 \
      --json "$OUT/var/$s.json" > "$OUT/var/$s.log" 2>&1
    echo "$s: $(tail -n 1 "$OUT/var/$s.log")"
  done
  tar czf "$OUT/var.tgz" -C "$OUT" var
fi
if [ -n "${SAN:-}" ]; then
  BUNDLES=$SAN bash scripts/device-sanitize.sh run "$OUT/san" > "$OUT/san.txt" 2>&1
  echo "sanitizer rc $?"
  tail -n 3 "$OUT/san/"*.log
  tar czf "$OUT/san.tgz" -C "$OUT" san san.txt
fi
