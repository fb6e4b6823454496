#!/bin/bash
# On the device: SASS of the K = 36 100x100 backward-weight kernel
# (.device/sass/*.cubin) and the A/B sets ab.sh made (.device/ab90: sm_90a,
# .device/ab80: sm_80 PTX), each verified and timed in 3 rounds; results
# under $OUT (res.tgz, refreshed after each set).
#   run-ab.sh SETS80...
export PYTHONUNBUFFERED=1
mkdir -p $OUT/r
for c in .device/sass/*.cubin; do
  /usr/local/cuda/bin/cuobjdump -sass $c > $OUT/r/sass-$(basename $c .cubin).txt
done
run() { # DIR SET
  python3 bench/device_check.py $1/$2 --time --rounds 3 \
    --json $OUT/r/$(basename $1)-$2.json > $OUT/r/$(basename $1)-$2.log 2>&1
  echo "$1/$2: $(tail -n 1 $OUT/r/$(basename $1)-$2.log)"
  tar czf $OUT/res.tgz -C $OUT r
}
for s in $(ls ${AB90:-.device/ab90}); do run ${AB90:-.device/ab90} $s; done
for s in "$@"; do run ${AB80:-.device/ab80} $s; done
