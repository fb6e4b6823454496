#!/bin/bash
# Split-K whose workgroups add up their partial tiles (reduce = workgroups)
# against the reduction kernel, on the RetinaNet layers (all three
# directions, bf16 and f16) whose database choice
# (../h100-split-k-fused/sm_90a.tuning) is split-K: the choice as it is
# (kernel@) and with reduce = workgroups (wg@: ,reduce=workgroups added to
# --partition=split_k, or the partition given where the entry leaves it to
# the heuristic), into $OUT/<direction>-<type>/ for run.sh. Layers whose
# splits cannot all be resident at once are refused and keep kernel@ alone.
# Then a check set for ck-bench's verification with determinism: the
# heuristic's split-K with reduce = workgroups without the database, with
# roles 4,4 and without, and forward bf16 with roles 4,8 (check/).
set -u
OUT=${OUT:-.device/skwg}
CKC=${CKC:-build/bin/ck-compile}
DB=bench/results/h100-split-k-fused/sm_90a.tuning
CSV=bench/data/retinanet_bwd_weight.csv
rm -rf $OUT $OUT-work; mkdir -p $OUT-work
awk '/^tuned/ && !/--partition=/ { print $0 " --partition=split_k,reduce=workgroups"; next }
     { print }' $DB |
  sed 's/--partition=split_k\( \|$\)/--partition=split_k,reduce=workgroups\1/' \
  > $OUT-work/wg.tuning
compileSet() {
  local name=$1 dir=$2 t=$3; shift 3
  $CKC --chip=sm_90a --csv $CSV --direction $dir --type $t --no-cache \
    --report "$@" -o $OUT-work/$name-$dir-$t > $OUT-work/$name-$dir-$t.log 2>&1
}
for dir in fwd bwd_data bwd_weight; do
  for t in bf16 f16; do
    set=$dir-$t; mkdir -p $OUT/$set
    compileSet kernel $dir $t --tuning-db $DB
    compileSet wg $dir $t --tuning-db $OUT-work/wg.tuning
    while IFS=$'\t' read -r key _; do
      grep -q "^meta partition split_k" \
        $OUT-work/kernel-$set/$key/plan.ckplan || continue
      mv $OUT-work/kernel-$set/$key $OUT/$set/$key@kernel
      [ -f $OUT-work/wg-$set/$key/plan.ckplan ] && mv $OUT-work/wg-$set/$key $OUT/$set/$key@wg
    done < $OUT-work/kernel-$set/index.txt
  done
done
check() {
  local name=$1; shift
  $CKC --chip=sm_90a --csv $CSV --no-cache --no-tuning-db "$@" \
    -o $OUT/check/$name > $OUT-work/check-$name.log 2>&1 ||
    echo "check $name: $(grep -c "cannot split K" $OUT-work/check-$name.log) layers refused"
}
check wg_f16 --direction=bwd_weight --type=f16 \
  --partition=split_k,reduce=workgroups
check wg_w44_bf16 --direction=bwd_weight --type=bf16 \
  --partition=split_k,reduce=workgroups --waves=4,4
check wg_fwd_w48_bf16 --direction=fwd --type=bf16 \
  --partition=split_k,reduce=workgroups --waves=4,8
grep -h "spill stores [1-9]" $OUT-work/*.log | sort | uniq -c
for d in $OUT/*-*16 $OUT/check/*; do
  ls $d | grep -v index.txt | awk '{print $1"\t-"}' > $d/index.txt
  echo "$d $(ls $d | grep -c @kernel) kernel, $(ls $d | grep -c @wg) wg"
done
