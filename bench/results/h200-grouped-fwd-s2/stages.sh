#!/bin/bash
# Here: other layers' database kernels (TYPE, default bf16) with the ring's stages
# changed to each of STAGES, beside the database's kernel (`@db`, `@db2`),
# one folder per set under OUT: does a ring of a power-of-two size run
# faster there too?
# On the device: python3 bench/device_check.py OUT/SET --time --rounds 5.
set -eu
OUT=${OUT:?}
type=${TYPE:-bf16}
DB=${DB:-bench/results/h200-grouped-fwd-s2/sm_90a.tuning}
STAGES=${STAGES:-3 4 5 6 7 8}
LAYERS=${LAYERS:-"fwd -C 1024 -K 256 --in 50x50 --filter 1x1;fwd -C 2048 -K 256 --in 25x25 --filter 1x1;bwd_data -C 256 -K 256 --in 50x50 --filter 3x3 --pad 1x1;fwd -C 256 -K 36 --in 100x100 --filter 3x3 --pad 1x1;bwd_data -C 1024 -K 2048 --in 25x25 --filter 1x1"}
rm -rf "$OUT"
IFS=';' read -r -a layers <<< "$LAYERS"
for layer in "${layers[@]}"; do
  read -r dir rest <<< "$layer"
  set=${dir}_$type
  # shellcheck disable=SC2086
  args="--chip=sm_90a --no-cache --direction $dir --type $type -N 16 $rest"
  # shellcheck disable=SC2086
  build/bin/ck-compile $args --tuning-db "$DB" -o /tmp/stages-db > /dev/null
  key=$(awk '/^meta key/ {print $3}' /tmp/stages-db/plan.ckplan)
  flags=$(awk -v k="$key" '$1 == "tuned" && $2 == k {for (i = 5; i <= NF; i++) printf "%s ", $i}' "$DB")
  echo "$key: $flags"
  mkdir -p "$OUT/$set"
  cp -r /tmp/stages-db "$OUT/$set/$key@db"
  cp -r /tmp/stages-db "$OUT/$set/$key@db2"
  for s in $STAGES; do
    f=$(echo "$flags" | sed 's/--stages=[0-9]*//')
    # The heuristic's roles and partition where the entry leaves them.
    case "$f" in *--waves=*) ;; *)
      f="$f --waves=$(awk '/^meta waves/ {print $3}' "$OUT/$set/$key@db/plan.ckplan")";;
    esac
    case "$f" in *--partition=*) ;; *)
      f="$f --partition=$(awk '/^meta partition/ {$1 = $2 = ""; print}' \
        "$OUT/$set/$key@db/plan.ckplan" | tr -d ' ')";;
    esac
    # shellcheck disable=SC2086
    build/bin/ck-compile $args --no-tuning-db $f --stages=$s \
      -o "$OUT/$set/$key@s$s" > /dev/null 2>&1 || echo "no $key@s$s"
  done
done
rm -rf /tmp/stages-db
