#!/bin/bash
# The K = 36 head over the output gradient's windows with roles 4,4 and
# split-K (compile.sh's fastest): the split-K heuristic's k_batch against
# fixed ones, reduce = workgroups, and 2 or 3 LDS stages (two workgroups
# per SM), bf16 and f16, into $OUT/sweep-<type>/<key>@<variant>.
set -u
OUT=${OUT:-.device/ows}
CKC=${CKC:-build/bin/ck-compile}
CSV=bench/data/retinanet_bwd_weight.csv
rm -rf $OUT $OUT-work; mkdir -p $OUT-work
grep -E '^#|^G|^1,16,256,36,' $CSV > $OUT-work/k36.csv
compileSet() { # type variant flags...
  local t=$1 v=$2; shift 2
  local work=$OUT-work/$t-$v
  $CKC --chip=sm_90a --csv $OUT-work/k36.csv --direction bwd_weight --type $t \
    --no-cache --no-tuning-db --windows=output --waves=4,4 --report "$@" \
    -o $work > $work.log 2>&1
  mkdir -p $OUT/sweep-$t
  while IFS=$'\t' read -r key _; do
    [ -f $work/$key/plan.ckplan ] && mv $work/$key $OUT/sweep-$t/$key@$v
  done < $work/index.txt
}
for t in bf16 f16; do
  compileSet $t sk --partition=split_k
  for s in 6 11 16 33 44 66; do
    compileSet $t sk$s --partition=split_k,k_batch=$s
  done
  compileSet $t skwg --partition=split_k,reduce=workgroups
  compileSet $t sk-s2 --partition=split_k --stages=2
  compileSet $t sk44-s2 --partition=split_k,k_batch=44 --stages=2
  compileSet $t sk-s3 --partition=split_k --stages=3
done
grep -H "spill stores [1-9]" $OUT-work/*.log | sort | uniq -c | head -20
for d in $OUT/*; do
  ls $d | grep -v index.txt | awk '{print $1"\t-"}' > $d/index.txt
  echo "$d $(ls $d | grep -vc index.txt) bundles"
done
