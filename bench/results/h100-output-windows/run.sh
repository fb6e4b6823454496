#!/bin/bash
# On the device: bench/device_check.py --time (verified against PyTorch,
# then CUDA graphs over rotating buffers) of compile.sh's sets, every
# variant of a layer in one process; cuDNN with --cudnn. Results under
# $OUT/ow.tar.gz.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
export PYTHONUNBUFFERED=1
D=${D:-.device/ow}
R=$OUT/ow; mkdir -p $R
for set in ${SETS:-$(ls $D)}; do
  python3 bench/device_check.py $D/$set --time ${CUDNN:+--cudnn} --json $R/$set.json > $R/$set.log 2>&1
  echo "$set rc $? $(tail -n1 $R/$set.log)"
done
tar -C $OUT -czf $OUT/ow.tar.gz ow && rm -rf $R
