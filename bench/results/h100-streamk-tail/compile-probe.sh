#!/bin/bash
# Probe: StreamK with a tail beside the database's choice, on the G = 1
# RetinaNet layers (bf16, all three directions; not the 3 ms K = 2376
# 100x100 layer, 95 waves of tiles with nothing to balance):
#   base@    the database's choice (../h100-grouped-tma/sm_90a.tuning);
#   sk1@     --partition=stream_k,tail=1 --waves=4,8: the last partial
#            wave of tiles spread over all workgroups, persistent;
#   sk1pt@   the same with dp=per_tile;
#   sk1w44@  tail=1 with --waves=4,4.
# into $OUT/<direction>/ for run-probe.sh. CKC names the compiler
# (default build/bin/ck-compile).
set -u
OUT=${OUT:-.device/sktail}
CKC=${CKC:-build/bin/ck-compile}
DB=bench/results/h100-grouped-tma/sm_90a.tuning
CSV=$OUT-layers.csv
rm -rf $OUT $OUT-work; mkdir -p $OUT $OUT-work
grep -v '^1,16,256,2376,100,100' bench/data/retinanet_bwd_weight.csv |
  awk -F, '/^#|^G/ || $1 == 1' > $CSV
choice() {
  local name=$1 dir=$2; shift 2
  $CKC --chip=sm_90a --csv $CSV --direction $dir --type bf16 --no-cache \
    --report "$@" -o $OUT-work/$name-$dir > $OUT-work/$name-$dir.log 2>&1 ||
    echo "fail $name $dir"
  while IFS=$'\t' read -r key _; do
    mv $OUT-work/$name-$dir/$key $OUT/$dir/$key@$name
  done < $OUT-work/$name-$dir/index.txt
}
for dir in fwd bwd_data bwd_weight; do
  mkdir -p $OUT/$dir
  choice base $dir --tuning-db $DB
  choice sk1 $dir --partition=stream_k,tail=1 --waves=4,8 --no-tuning-db
  choice sk1pt $dir --partition=stream_k,tail=1,dp=per_tile --waves=4,8 --no-tuning-db
  choice sk1w44 $dir --partition=stream_k,tail=1 --waves=4,4 --no-tuning-db
done
grep -h "spill stores [1-9]" $OUT-work/*.log | sort | uniq -c
for dir in fwd bwd_data bwd_weight; do
  ls $OUT/$dir | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/$dir/index.txt
  wc -l < $OUT/$dir/index.txt
done
