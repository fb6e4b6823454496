#!/bin/bash
# Here: A/B(/C) sets from folders of bundle sets compiled by
# scripts/device-bench.sh compile (sm_90a cubins) or ck-compile --csv
# (sm_80 PTX) with the compiler before and after each change. Every
# bundle that differs from the first folder's goes to
# $OUT/<set>/<key>@<name> for each folder whose bundle differs from the
# folder before it (the first folder's always).
#   OUT=.device/ab ab.sh before=.device/a mid=.device/b after=.device/c
# On the device, per set:
#   python3 bench/device_check.py $OUT/<set> --time --rounds 3 --json F
set -eu
rm -rf "$OUT"
binary() { ls "$1"/kernels.cubin "$1"/kernels.ptx 2>/dev/null | head -n 1; }
same() { # two bundle dirs
  cmp -s "$1/plan.ckplan" "$2/plan.ckplan" &&
    cmp -s "$(binary "$1")" "$(binary "$2")"
}
first=${1#*=}; firstName=${1%%=*}
last=${!#}; last=${last#*=}
for set in $(ls "$last"); do
  [ -d "$last/$set" ] || continue
  for d in "$last/$set"/*/; do
    key=$(basename "$d")
    changed=0
    for arg in "${@:2}"; do
      same "$first/$set/$key" "${arg#*=}/$set/$key" || changed=1
    done
    [ $changed = 1 ] || continue
    mkdir -p "$OUT/$set"
    cp -r "$first/$set/$key" "$OUT/$set/$key@$firstName"
    prev=$first
    for arg in "${@:2}"; do
      dir=${arg#*=}
      same "$prev/$set/$key" "$dir/$set/$key" ||
        cp -r "$dir/$set/$key" "$OUT/$set/$key@${arg%%=*}"
      prev=$dir
    done
  done
done
for d in "$OUT"/*; do
  ls "$d" | grep -v index.txt | awk '{print $1"\t-"}' > "$d/index.txt"
  echo "$d $(grep -c . "$d/index.txt") bundles"
done
