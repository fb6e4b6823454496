#!/bin/bash
# On the device: bench/device_check.py --time (verified against PyTorch,
# then CUDA graphs over rotating buffers) of every set under $D, all
# variants of a layer (KEY@variant bundles) in one process, twice over
# (passes 1 and 2) so that a difference can be told from the drift
# between consecutive timings. Results: $OUT/$NAME.tgz.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
export PYTHONUNBUFFERED=1
NAME=${NAME:-ab}
R=$OUT/$NAME; mkdir -p $R
for pass in 1 2; do
  for set in $(ls $D); do
    python3 bench/device_check.py $D/$set --time --json $R/$set-$pass.json > $R/$set-$pass.log 2>&1
    echo "$pass $set rc $? $(tail -n1 $R/$set-$pass.log)"
  done
done
tar -C $OUT -czf $OUT/$NAME.tgz $NAME && rm -rf $R
