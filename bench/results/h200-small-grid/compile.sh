#!/bin/bash
# Here: the forward 1x1 layers at 25x25 whose grids underfill the SMs
# (C = 2048, K = 256: the heuristic's 192 x 128 tiles make 106 workgroups)
# under other partitions and roles, beside two copies of the database's
# kernel (`@db`, `@db2`), into .device/sg/SET. On the device:
#   python3 bench/device_check.py .device/sg/SET --time --rounds 5 --json F
set -u
OUT=.device/sg
rm -rf $OUT
VARIANTS=("sk48=--partition=stream_k --waves=4,8" "skt48=--partition=stream_k,tail=1 --waves=4,8" "sk412=--partition=stream_k --waves=4,12" "spk48=--partition=split_k --waves=4,8" "pp44=--partition=data_parallel,dp=persistent --waves=4,4" "pp48=--partition=data_parallel,dp=persistent --waves=4,8" "dp44=--partition=data_parallel --waves=4,4")
for set in fwd_f16 fwd_bf16; do
  direction=${set%_*}; type=${set##*_}
  mkdir -p $OUT/$set
  for layer in 2048:256:25 2048:1024:25 1024:2048:25; do
    IFS=: read -r c k s <<< "$layer"
    key=$direction-$type-G1-N16-C$c-K$k-in${s}x$s-f1x1-s1x1-d1x1-pl0x0-pr0x0-NHWGC_GKYXC_NHWGK
    for v in "db=--tuning-db bench/results/h200-wgmma-row-groups/sm_90a.tuning" "db2=--tuning-db bench/results/h200-wgmma-row-groups/sm_90a.tuning" "${VARIANTS[@]}"; do
      build/bin/ck-compile --no-cache --chip=sm_90a --direction $direction --type $type -N 16 -C $c -K $k --in ${s}x$s --filter 1x1 ${v#*=} -o "$OUT/$set/$key@${v%%=*}" >/dev/null 2>/tmp/e.txt || { echo "skip $key@${v%%=*}: $(tail -1 /tmp/e.txt)"; rm -rf "$OUT/$set/$key@${v%%=*}"; }
    done
  done
done
