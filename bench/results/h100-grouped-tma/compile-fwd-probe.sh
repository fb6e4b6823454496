#!/bin/bash
# Probe: the six G = 32 forward and backward-data layers (bf16), each as
#   base@  the database's choice (sm_90a.tuning here);
#   NN@    groups merged to 64 channels (8, 4, 2): A (x, or dy with
#          flipped taps) by TMA im2col boxes, the block-diagonal filter by
#          the load waves' cp.async, wave roles NN, the heuristic's
#          partition; NNdp@ data-parallel, 48p@ persistent;
# into one directory of bundles for ../h100-blocks/run.sh (D=$OUT
# NAME=fwdprobe). CKC names the compiler (default build/bin/ck-compile).
OUT=${OUT:-.device/fwdprobe}
CKC=${CKC:-build/bin/ck-compile}
DB=bench/results/h100-grouped-tma/sm_90a.tuning
rm -rf $OUT; mkdir -p $OUT
# C H stride merge
layers=("8 100 1 8" "16 50 1 4" "32 25 1 2" "8 200 2 8" "16 100 2 4" "32 50 2 2")
for dir in fwd bwd_data; do
  for layer in "${layers[@]}"; do
    read -r c h s m <<<"$layer"
    key="$dir-C${c}-${h}x${h}-s${s}"
    args="--chip=sm_90a --direction=$dir --type=bf16 -G 32 -N 16 -C $c -K $c
          --in=$h,$h --filter=3,3 --pad=1,1 --stride=$s,$s --no-cache --report"
    run() { $CKC $args "${@:2}" -o $OUT/$key@$1 > $OUT/$key@$1.log 2>&1 || echo "fail $key@$1"; }
    run base --tuning-db $DB
    run 44 --merge-groups=$m --waves=4,4
    run 48 --merge-groups=$m --waves=4,8
    run 44dp --merge-groups=$m --waves=4,4 --partition=data_parallel
    run 48dp --merge-groups=$m --waves=4,8 --partition=data_parallel
    run 48p --merge-groups=$m --waves=4,8 --partition=data_parallel,dp=persistent
  done
done
echo "with tensor maps: $(grep -l "tensormap 0" $OUT/*/plan.ckplan | wc -l)"
grep -h "spill stores [1-9]" $OUT/*.log | sort | uniq -c
ls $OUT | grep -v '\.log$' | awk '{print $1"\t-"}' > $OUT/index.txt
mkdir -p $OUT-logs; mv $OUT/*.log $OUT-logs/; wc -l < $OUT/index.txt
