#!/bin/bash
# Probe: the forward and backward-data bf16 layers with the database's
# choices (bench/results/h100-concurrent/sm_90a.tuning), compiled by two
# or more compilers into one directory of bundles named KEY@VERSION for
# run.sh (D=.device/index NAME=index). Each VERSION=COMPILER pair names a
# ck-compile binary, e.g.
#   bash compile-index.sh V0=/tmp/old/bin/ck-compile V1=build/bin/ck-compile
# V0 and V1 of index.json.xz and cmp.json.xz are ck-compile of 8fe5d51 and
# of the commit that builds wgmma descriptors once per tile (README.md).
# OUT, DB, DIRS and CSV (the layers, in ck-compile --csv's form) may name
# others.
OUT=${OUT:-.device/index}
DB=${DB:-bench/results/h100-concurrent/sm_90a.tuning}
DIRS=${DIRS:-"fwd bwd_data"}
CSV=${CSV:-bench/data/retinanet_bwd_weight.csv}
rm -rf $OUT; mkdir -p $OUT
for pair in "$@"; do
  v=${pair%%=*}; CKC=${pair#*=}
  for dir in $DIRS; do
    $CKC --chip=sm_90a --no-cache --tuning-db $DB --csv $CSV \
      --direction $dir --type bf16 --report -o $OUT/tmp > $OUT-$v-$dir.log 2>&1 || echo "fail $v $dir"
    for k in $(cut -f1 $OUT/tmp/index.txt); do mv $OUT/tmp/$k $OUT/$k@$v; done
    rm -rf $OUT/tmp
  done
done
ls $OUT | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/index.txt
wc -l < $OUT/index.txt
grep -h "spill stores [1-9]" $OUT-*.log | sort | uniq -c
