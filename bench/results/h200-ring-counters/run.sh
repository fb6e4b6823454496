#!/bin/bash
# On the device: the A/B sets of ring counters (ab.sh of
# ../h100-load-cursors: base=.device/base/b new=.device/new/b into
# .device/ab-carry), each set verified against ATen and timed in 5 rounds,
# and each cubin's SASS instruction count; results in $OUT/res.tgz.
export PYTHONUNBUFFERED=1
ab=${AB:-.device/ab-carry}
mkdir -p $OUT/r
for d in $ab/*/*/; do
  n=$(/usr/local/cuda/bin/cuobjdump -sass $d/kernels.cubin |
      grep -cE '^ +/\*[0-9a-f]{4}\*/')
  echo "$(basename $(dirname $d))/$(basename $d) $n"
done > $OUT/r/sass-count.txt
for s in $(ls $ab); do
  python3 bench/device_check.py $ab/$s --time --rounds 5 \
    --json $OUT/r/$s.json > $OUT/r/$s.log 2>&1
  echo "$s: $(tail -n 1 $OUT/r/$s.log)"
  tar czf $OUT/res.tgz -C $OUT r
done
