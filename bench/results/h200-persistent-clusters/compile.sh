#!/bin/bash
# Here: the database's persistent kernels with their workgroups in clusters
# of two along M (`@c21`, B multicast) or N (`@c12`, A multicast), and
# pingpong's persistent 256 x 128 block (4 stages) alone (`@pp`) and in
# clusters (`@pp21`, `@pp12`), beside two copies of the database's kernel
# (`@db`, `@db2`), one folder per set under OUT. Variants that do not
# compile (a cluster that does not divide the tiles) are left out. On the
# device: python3 bench/device_check.py OUT/SET --time --rounds 5.
set -u
OUT=${OUT:?}
TUNING_DB=${TUNING_DB:-bench/results/h200-wgmma-row-groups/sm_90a.tuning}
SETS=${SETS:-fwd_bf16 bwd_data_bf16}
# C:K:size:filter (3x3 layers take pad 1).
LAYERS=${LAYERS:-"256:256:100:3 256:2376:100:3 256:512:100:1 512:512:100:1"}
rm -rf "$OUT"
for set in $SETS; do
  direction=${set%_*}; type=${set##*_}
  for layer in $LAYERS; do
    IFS=: read -r c k s f <<< "$layer"
    pad=$(( f / 2 ))
    key=$direction-$type-G1-N16-C$c-K$k-in${s}x$s-f${f}x$f-s1x1-d1x1-pl${pad}x$pad-pr${pad}x$pad-NHWGC_GKYXC_NHWGK
    problem=(--chip=sm_90a --direction "$direction" --type "$type" -N 16 -C "$c" -K "$k"
             --in "${s}x$s" --filter "${f}x$f" --pad "${pad}x$pad")
    read -r -a flags <<< "$(grep "^tuned $key " "$TUNING_DB" | cut -d' ' -f5-)"
    compile() { # NAME FLAGS...
      local name=$1; shift
      build/bin/ck-compile --no-cache "${problem[@]}" "$@" -o "$OUT/$set/$key@$name" \
        > /dev/null 2> "$OUT/$name.err" || { echo "skip $set $key@$name: $(tail -1 "$OUT/$name.err")"; rm -rf "$OUT/$set/$key@$name"; }
    }
    mkdir -p "$OUT/$set"
    compile db --tuning-db "$TUNING_DB"
    compile db2 --tuning-db "$TUNING_DB"
    for cl in 2,1 1,2; do
      name=c${cl/,/}
      if [[ "${flags[*]}" == *--config=* ]]; then
        compile "$name" "${flags[@]/%>/,cluster=[$cl]>}"
      else
        compile "$name" "${flags[@]}" --cluster="${cl/,/x}"
      fi
    done
    if [ "$f" = 3 ]; then
      pp="#ck.gemm_config<block = [256, 128, 64], wave = [32, 128], mma = #ck.wgmma<$type>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 64"
      compile pp --config "$pp, pingpong>"
      compile pp21 --config "$pp, cluster = [2, 1], pingpong>"
      compile pp12 --config "$pp, cluster = [1, 2], pingpong>"
    fi
  done
done
rm -f "$OUT"/*.err
