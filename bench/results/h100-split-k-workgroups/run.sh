#!/bin/bash
# On the device: ck-bench (verified, then back-to-back launches between two
# events, median of 50) of compile.sh's bundles, both reductions in one
# run; ck-bench verification with determinism (20 launches) of the check
# set; compute-sanitizer memcheck, racecheck and synccheck on two bundles
# with reduce = workgroups (mma.sync with cp.async, wgmma with roles 4,4).
# Everything under $OUT/skwg.tar.gz.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/skwg}
R=$OUT/skwg; mkdir -p $R
for set in $(ls $D | grep -- '-.*16$'); do
  ./build/bin/ck-bench --bundles $D/$set --repeat 50 --json $R/$set.json > $R/$set.log 2>&1
  echo "$set rc $? $(tail -n1 $R/$set.log)"
done
for d in $D/check/*/; do
  name=$(basename $d)
  ./build/bin/ck-bench --bundles $d --no-time --determinism 20 --json $R/check-$name.json > $R/check-$name.log 2>&1
  echo "check $name rc $? $(tail -n1 $R/check-$name.log)"
done
SAN=/usr/local/cuda/bin/compute-sanitizer
for B in $D/bwd_weight-bf16/*-C256-K36-in7x7-*@wg $D/bwd_weight-bf16/*-C2048-K256-in25x25-*@wg; do
  for tool in memcheck racecheck synccheck; do
    log=$R/san-$tool-$(basename $B | sed 's/-NHWGC.*//; s/@/_/').log
    $SAN --tool $tool --error-exitcode 9 ./build/bin/ck-bench --bundle $B \
      --no-time > $log 2>&1
    echo "$tool $(basename $B) rc $?"
  done
done
tar -C $OUT -czf $OUT/skwg.tar.gz skwg && rm -rf $R
