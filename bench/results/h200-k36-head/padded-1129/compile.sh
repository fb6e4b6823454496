#!/bin/bash
# Here: the K = 36 layers' backward-data and backward-weight at 100x100 as
# if the output gradient's channels were padded to 40 (80-byte pixels, so
# 16-byte copies), heuristic (--no-tuning-db) and other choices, into
# .device/k40; on the device, per set:
#   python3 bench/device_check.py .device/k40/bwd_data_f16 --time --rounds 5
set -u
for t in f16 bf16; do
  for d in bwd_data bwd_weight; do
    for v in "heur|" "p48|--partition=data_parallel,dp=persistent --waves=4,8" \
             "w88|--waves=8,8" "sk48|--partition=split_k --waves=4,8 --windows=output" \
             "sk48in|--partition=split_k --waves=4,8 --windows=input"; do
      n=${v%%|*}
      case "$d$n" in bwd_datask*|bwd_weightw88) continue ;; esac
      # shellcheck disable=SC2086 # the flags are words
      build/bin/ck-compile --chip=sm_90a --no-cache --no-tuning-db \
        --direction $d --type $t -N 16 -C 256 -K 40 --in 100x100 \
        --filter 3x3 --pad 1,1 ${v#*|} \
        -o .device/k40/${d}_$t/$d-$t-K40-100x100@$n > /dev/null
    done
  done
done
for d in .device/k40/*; do
  ls $d | grep -v index.txt | awk '{print $1"\t-"}' > $d/index.txt
done
