#!/bin/bash
# Backward-data of the K = 36 head (C = 256, 3x3), whose copies gather dy's
# windows too: the tuning database's choice (`tuned`) beside 8 load and 8
# math waves (`w88`, load_registers from the heuristic), into
# $OUT/<type>/<layer>@<variant>; on the device run.sh's device_check line.
set -eu
OUT=${OUT:-.device/setmaxnreg-bwdd}
rm -rf "$OUT"
DB=bench/results/h100-linear-access/sm_90a.tuning
for TYPE in bf16 f16; do
  for in in 25 50 100; do
    for v in tuned w88; do
      flags="--tuning-db $DB"
      [ $v = w88 ] && flags="--no-tuning-db --waves=8,8"
      # shellcheck disable=SC2086 # the flags are words
      build/bin/ck-compile --chip=sm_90a --direction bwd_data --type $TYPE \
        -N 16 -C 256 -K 36 --in $in,$in --filter 3,3 --pad 1,1 --no-cache \
        -o "$OUT/$TYPE/k36-$in@$v" $flags 2>&1 | grep -v wrote || true
    done
  done
  ls "$OUT/$TYPE" | grep -v index.txt | awk '{print $1"\t-"}' > "$OUT/$TYPE/index.txt"
done
