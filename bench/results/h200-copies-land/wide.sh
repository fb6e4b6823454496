#!/bin/bash
# Here: the backward-data 1x1 stride-2 layers (one GEMM each; their load
# threads copy the filter with cp.async), with eight load waves: the
# database's kernel twice (`@db`, `@db2`), persistent roles 8,8 with 4
# stages (`@w88`) and that config with `signal_landed` (`@w88l`); one
# folder per set under OUT.
# On the device: python3 bench/device_check.py OUT/SET --time --rounds 5.
set -eu
OUT=${OUT:?}
DB=${DB:-bench/results/h200-copies-land/sm_90a.tuning}
rm -rf "$OUT"
for type in bf16 f16; do
  set=bwd_data_$type
  mkdir -p "$OUT/$set"
  for layer in "-C 1024 -K 2048 --in 50x50" "-C 512 -K 1024 --in 100x100" "-C 256 -K 512 --in 200x200"; do
    # shellcheck disable=SC2086
    args="--chip=sm_90a --no-cache --direction bwd_data --type $type -N 16 $layer --filter 1x1 --stride 2x2"
    # shellcheck disable=SC2086
    build/bin/ck-compile $args --tuning-db "$DB" -o /tmp/wide-db > /dev/null
    key=$(awk '/^meta key/ {print $3}' /tmp/wide-db/plan.ckplan)
    cp -r /tmp/wide-db "$OUT/$set/$key@db"
    cp -r /tmp/wide-db "$OUT/$set/$key@db2"
    w88="--no-tuning-db --partition=data_parallel,dp=persistent --waves=8,8 --stages=4"
    # shellcheck disable=SC2086
    build/bin/ck-compile $args $w88 -o "$OUT/$set/$key@w88" > /dev/null
    # shellcheck disable=SC2086
    c=$(build/bin/ck-compile $args $w88 --toolkit=/nonexistent --no-reference \
          -o /tmp/wide-ir --mlir-print-ir-after-all 2>&1 |
        grep -m 1 -o 'config <[^:]*>' | sed 's/^config /#ck.gemm_config/; s/ //g')
    # shellcheck disable=SC2086
    build/bin/ck-compile $args --no-tuning-db "--config=${c%>},signal_landed>" \
      -o "$OUT/$set/$key@w88l" > /dev/null
    echo "$key: $c"
  done
done
rm -rf /tmp/wide-db /tmp/wide-ir
