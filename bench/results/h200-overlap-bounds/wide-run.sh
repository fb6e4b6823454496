#!/bin/bash
# On the device: wide-tiles.sh's bundles (WIDE, default .device/wide),
# verified and timed side by side, one JSON per set under $OUT.
set -u
OUT=${OUT:?}
WIDE=${WIDE:-.device/wide}
for s in "$WIDE"/*/; do
  set_=$(basename "$s")
  python3 bench/device_check.py "$s" --time --rounds 3 --json "$OUT/$set_.json" \
    > "$OUT/$set_.log" 2>&1
  echo "$set_: $(tail -n 1 "$OUT/$set_.log")"
done
