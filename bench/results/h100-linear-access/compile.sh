#!/bin/bash
# Here: the bundles of README.md's measurements.
#   ab     the six sets with the previous database, compiled before the
#          change (.device/final13, commit ca4efa1) and after it: every
#          kernel whose cubin differs as KEY@before and KEY@after, and the
#          K = 36 backward-weight layers with roles 4,8 as KEY@after48
#   sweep  the K = 36 backward-weight layers: the database's choice (base)
#          against split-K reductions in a cluster (c2, c4, c8), through
#          the workspace (wg), other split counts and roles 4,8 (w48*)
#   stages the same layers with 5 or 6 stages (deeper) and 2 or 3
#          (shallower) beside the database's 4
# Run each on the device with run-passes.sh (D=.device/<set>).
set -eu
PAST=bench/results/h100-split-k-past-grid/sm_90a.tuning
HERE=bench/results/h100-linear-access/sm_90a.tuning
compile() { # OUT-BUNDLE TYPE IN-SIZE FLAGS...
  local out=$1 type=$2 size=$3; shift 3
  build/bin/ck-compile --chip=sm_90a --direction bwd_weight --type "$type" \
    -N 16 -C 256 -K 36 --in "$size" --filter 3x3 --pad 1,1 "$@" \
    --no-cache -o "$out" | grep -v wrote || true
}
index() {
  for d in "$1"/*/; do
    ls "$d" | grep -v index.txt | awk '{print $1"\t-"}' > "$d/index.txt.new"
    mv "$d/index.txt.new" "$d/index.txt"
  done
}
key() { echo "bwd_weight-$1-G1-N16-C256-K36-in$2-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK"; }
flags() { grep "tuned $(key "$2" "$3") " "$1" | cut -d' ' -f5-; }

CK_MLIR_CACHE_DIR=/tmp/ck-lin-after TUNING_DB=$PAST BUNDLES=.device/lin1 \
  bash scripts/device-bench.sh compile
A=.device/final13 B=.device/lin1 OUT=.device/ablin \
  bash bench/results/h100-split-k-past-grid/ab-sets.sh
rm -rf .device/k36sw .device/k36st .device/k36s3
for t in bf16 f16; do
  for hw in 7x7 13x13 25x25 50x50 100x100; do
    k=$(key $t $hw); past=$(flags $PAST $t $hw); here=$(flags $HERE $t $hw)
    compile .device/ablin/bwd_weight_$t/$k@after48 $t $hw ${past/--waves=4,4/--waves=4,8}
    S=.device/k36sw/bwd_weight_$t
    compile $S/$k@base $t $hw $past
    case $hw in
    100x100)
      compile $S/$k@w48 $t $hw --partition=split_k --waves=4,8 --windows=output
      compile $S/$k@w48wg $t $hw --partition=split_k,reduce=workgroups --waves=4,8 --windows=output
      compile $S/$k@w48k22 $t $hw --partition=split_k,k_batch=22 --waves=4,8 --windows=output ;;
    50x50)
      for n in 33 44; do compile $S/$k@k$n $t $hw --partition=split_k,k_batch=$n --waves=4,4 --windows=output; done
      compile $S/$k@wg $t $hw --partition=split_k,reduce=workgroups --waves=4,4 --windows=output ;;
    *)
      for n in 2 4 8; do compile $S/$k@c$n $t $hw --partition=split_k,k_batch=$n,reduce=cluster --waves=4,4 --windows=output; done
      [ $hw = 7x7 ] || compile $S/$k@wg $t $hw --partition=split_k,reduce=workgroups --waves=4,4 --windows=output ;;
    esac
    for s in 5 6; do compile .device/k36st/bwd_weight_$t/$k@s$s $t $hw ${here/--waves=4,8/--waves=4,4} --stages=$s; done
    compile .device/k36st/bwd_weight_$t/$k@base $t $hw $here
    compile .device/k36s3/bwd_weight_$t/$k@base $t $hw $here
    for s in 2 3; do compile .device/k36s3/bwd_weight_$t/$k@s$s $t $hw $here --stages=$s; done
    if [ $hw = 100x100 ]; then
      compile .device/k36s3/bwd_weight_$t/$k@w44s3 $t $hw ${here/--waves=4,8/--waves=4,4} --stages=3
    else
      compile .device/k36s3/bwd_weight_$t/$k@w48s3 $t $hw ${here/--waves=4,4/--waves=4,8} --stages=3
    fi
  done
done
index .device/ablin; index .device/k36sw; index .device/k36st; index .device/k36s3
