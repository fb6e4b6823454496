#!/bin/bash
# Split-K whose tile's splits are one thread block cluster adding up their
# partial tiles from each other's LDS (reduce = cluster) against the
# reduction kernel, on the RetinaNet layers (all three directions, bf16 and
# f16) whose database choice (../h100-output-windows/sm_90a.tuning) is
# split-K: the choice as it is (kernel@) and with reduce = cluster
# (cluster@: ,reduce=cluster added to --partition=split_k, whose heuristic
# k_batch is then at most 8), into $OUT/<direction>-<type>/ for
# ../h100-output-windows/run.sh (device_check --time: graphs, rotating
# buffers, both variants of a layer in one process).
# h100/ and h200/ hold run.sh's results on each card.
set -u
OUT=${OUT:-.device/skc}
CKC=${CKC:-build/bin/ck-compile}
DB=bench/results/h100-output-windows/sm_90a.tuning
CSV=bench/data/retinanet_bwd_weight.csv
rm -rf $OUT $OUT-work; mkdir -p $OUT-work
sed 's/--partition=split_k\(,k_batch=[0-9]*\)\?\( \|$\)/--partition=split_k\1,reduce=cluster\2/' \
  $DB > $OUT-work/cluster.tuning
compileSet() {
  local name=$1 dir=$2 t=$3; shift 3
  $CKC --chip=sm_90a --csv $CSV --direction $dir --type $t --no-cache \
    --report "$@" -o $OUT-work/$name-$dir-$t > $OUT-work/$name-$dir-$t.log 2>&1
}
for dir in ${DIRS:-bwd_weight fwd bwd_data}; do
  for t in bf16 f16; do
    set=$dir-$t; mkdir -p $OUT/$set
    compileSet kernel $dir $t --tuning-db $DB
    compileSet cluster $dir $t --tuning-db $OUT-work/cluster.tuning
    while IFS=$'\t' read -r key _; do
      grep -q "^meta partition split_k" \
        $OUT-work/kernel-$set/$key/plan.ckplan || continue
      grep -q "^meta partition split_k.*reduce = cluster" \
        $OUT-work/cluster-$set/$key/plan.ckplan 2>/dev/null || continue
      mv $OUT-work/kernel-$set/$key $OUT/$set/$key@kernel
      mv $OUT-work/cluster-$set/$key $OUT/$set/$key@cluster
    done < $OUT-work/kernel-$set/index.txt
  done
done
grep -h "spill stores [1-9]" $OUT-work/*.log | sort | uniq -c
grep -h "error" $OUT-work/*.log | sort | uniq -c | head
for d in $OUT/*-*16; do
  ls $d | grep -v index.txt | awk '{print $1"\t-"}' > $d/index.txt
  echo "$d $(ls $d | grep -c @kernel) kernel, $(ls $d | grep -c @cluster) cluster"
done
