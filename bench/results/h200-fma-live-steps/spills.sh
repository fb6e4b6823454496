#!/bin/bash
# Here: every problem of bench/matrix-problems.txt compiled for CHIP
# (default sm_90a) with --report; prints the kernels that spill (ptxas's
# spill stores on NVIDIA, the code object's VGPR spill count on AMD).
CHIP=${CHIP:-sm_90a}
OUT=${OUT:-/tmp/spills-$CHIP}
i=0
while read -r line; do
  i=$((i + 1))
  # shellcheck disable=SC2086 # the flags are words
  build/bin/ck-compile --chip="$CHIP" $line -o "$OUT/$i" --report 2>&1 |
    grep -E "spill stores [1-9]|spills [1-9]" | sed "s/^/$i: /"
done < bench/matrix-problems.txt
