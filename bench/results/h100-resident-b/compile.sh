#!/bin/bash
# The G = 32 forward and backward-data layers (bf16): the tuning
# database's choice against taller tiles pinned by --config (192 and 256
# rows: three or four math warpgroups under four load waves, A by TMA),
# which copy the block-diagonal filter tile once per 192 or 256 rows
# instead of per 128. One folder per direction under $OUT
# (<key>@<variant>) for bench/device_check.py --time.
set -u
OUT=${OUT:-.device/gres}
CKC=${CKC:-build/bin/ck-compile}
DB=bench/results/h100-split-k-cluster/sm_90a.tuning
rm -rf $OUT $OUT-work; mkdir -p $OUT-work
config() { # rows stages [options]
  echo "#ck.gemm_config<block = [$1, 64, 64], wave = [16, 64], mma = #ck.wgmma<bf16>, lds_buffers = $2, load_waves = 4, async_copy$3>"
}
PERSISTENT=", partition = #ck.partition<data_parallel, dp = persistent>"
compileOne() { # dir variant flags...
  local dir=$1 v=$2; shift 2
  local work=$OUT-work/$v-$RANDOM
  $CKC --chip=sm_90a --type bf16 -G 32 -N 16 --filter 3,3 --pad 1,1 --no-cache \
    --report "$@" -o $work > $work.log 2>&1 || { echo "FAILED $v $*"; cat $work.log; return; }
  mkdir -p $OUT/$dir && mv $work $OUT/$dir/$KEY@$v
}
while read -r C H S M; do
  for dir in fwd bwd_data; do
    KEY=$dir-C$C-${H}x$H-s$S
    p="--direction $dir -C $C -K $C --in $H,$H --stride $S,$S"
    compileOne $dir db $p --tuning-db $DB
    for v in ${VARIANTS:-r192 r256}; do
      case $v in
        r192) c="$(config 192 4)" ;;
        r256) c="$(config 256 4)" ;;
        p128) c="$(config 128 4 "$PERSISTENT")" ;;
        res128) c="$(config 128 4 "$PERSISTENT, resident_b")" ;;
        res192) c="$(config 192 4 "$PERSISTENT, resident_b")" ;;
        res256) c="$(config 256 3 "$PERSISTENT, resident_b")" ;;
      esac
      compileOne $dir $v $p --merge-groups=$M --config="$c"
    done
  done
done < <(grep -v '^#' $(dirname $0)/layers.txt)
source $(dirname $0)/index-sets.sh
