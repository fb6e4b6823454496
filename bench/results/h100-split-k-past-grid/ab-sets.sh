#!/bin/bash
# Here: the A/B sets of README.md's sections 2 and 3, from two folders of
# bundles compiled by scripts/device-bench.sh compile (or ck-compile --csv)
# with the compiler before and after the change: every bundle whose plan or
# cubin differs goes to $OUT/<set>/<key>@$A_NAME and <key>@$B_NAME.
#   A=.device/before B=.device/after OUT=.device/ab1 ab-sets.sh
set -u
A_NAME=${A_NAME:-before}; B_NAME=${B_NAME:-after}
rm -rf $OUT
for set in $(ls $B); do
  for d in $B/$set/*/; do
    key=$(basename $d)
    if ! cmp -s $d/plan.ckplan $A/$set/$key/plan.ckplan ||
       ! cmp -s $d/kernels.cubin $A/$set/$key/kernels.cubin; then
      mkdir -p $OUT/$set
      cp -r $A/$set/$key $OUT/$set/$key@$A_NAME
      cp -r $d $OUT/$set/$key@$B_NAME
    fi
  done
done
for d in $OUT/*; do
  ls $d | grep -v index.txt | awk '{print $1"\t-"}' > $d/index.txt.new
  mv $d/index.txt.new $d/index.txt
  echo "$d $(grep -c . $d/index.txt) bundles"
done
