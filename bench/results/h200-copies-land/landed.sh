#!/bin/bash
# Here: `signal_landed` on the database's kernels of the layers in LAYERS
# (one GEMM each), and on roles 8,8 for the K = 36 head's backward-weight
# at 100x100. For each layer and type: the database's kernel twice (`@db`,
# `@db2`), and its config with `signal_landed` pinned by --config (`@l`);
# for the K = 36 head at 100x100 also roles 8,8 without (`@w88`) and with
# it (`@w88l`), and that with k_batch 33 and 66 (`@w88l33`, `@w88l66`).
# One folder per set under OUT.
# On the device: python3 bench/device_check.py OUT/SET --time --rounds 5.
set -eu
OUT=${OUT:?}
DB=${DB:-bench/results/h200-grouped-fwd-s2/sm_90a.tuning}
LAYERS=${LAYERS:-"bwd_weight --in 7x7;bwd_weight --in 13x13;bwd_weight --in 25x25;bwd_weight --in 50x50;bwd_weight --in 100x100;bwd_data --in 7x7;bwd_data --in 13x13;bwd_data --in 100x100"}
rm -rf "$OUT"
# The config of the problem's one GEMM as ck-select-gemm-config leaves it.
config_of() {
  build/bin/ck-compile --no-cache --toolkit=/nonexistent --no-reference \
    "$@" -o /tmp/landed-ir --mlir-print-ir-after-all 2>&1 |
    grep -m 1 -o 'config <[^:]*>' | sed 's/^config /#ck.gemm_config/; s/ //g'
}
IFS=';' read -r -a layers <<< "$LAYERS"
for type in bf16 f16; do
  for layer in "${layers[@]}"; do
    read -r dir rest <<< "$layer"
    set=${dir}_$type
    # shellcheck disable=SC2086
    args="--chip=sm_90a --direction $dir --type $type -N 16 -C 256 -K 36 --filter 3x3 --pad 1x1 $rest"
    # shellcheck disable=SC2086
    build/bin/ck-compile --no-cache $args --tuning-db "$DB" -o /tmp/landed-db > /dev/null
    key=$(awk '/^meta key/ {print $3}' /tmp/landed-db/plan.ckplan)
    mkdir -p "$OUT/$set"
    cp -r /tmp/landed-db "$OUT/$set/$key@db"
    cp -r /tmp/landed-db "$OUT/$set/$key@db2"
    # shellcheck disable=SC2086
    c=$(config_of $args --tuning-db "$DB")
    windows=$(awk '$1 == "tuned" && $2 == k' k="$key" "$DB" | grep -o -- '--windows=[a-z]*' || true)
    # shellcheck disable=SC2086
    build/bin/ck-compile --no-cache $args --no-tuning-db $windows \
      "--config=${c%>},signal_landed>" -o "$OUT/$set/$key@l" > /dev/null
    echo "$key: $c"
    case "$dir $rest" in "bwd_weight --in 100x100")
      w88="--no-tuning-db --windows=output --partition=split_k --waves=8,8"
      # shellcheck disable=SC2086
      build/bin/ck-compile --no-cache $args $w88 -o "$OUT/$set/$key@w88" > /dev/null
      # shellcheck disable=SC2086
      c=$(config_of $args $w88)
      for kb in 44 33 66; do
        name=w88l; [ $kb = 44 ] || name=w88l$kb
        # shellcheck disable=SC2086
        build/bin/ck-compile --no-cache $args --no-tuning-db --windows=output \
          "--config=$(echo "${c%>},signal_landed>" | sed "s/k_batch=44/k_batch=$kb/")" \
          -o "$OUT/$set/$key@$name" > /dev/null
      done;;
    esac
  done
done
rm -rf /tmp/landed-db /tmp/landed-ir
