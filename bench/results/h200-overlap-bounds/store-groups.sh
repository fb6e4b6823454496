#!/bin/bash
# The epilogue stored by warpgroup (store-groups.patch, not kept): each
# math warpgroup stages and stores its own 64 rows (its own named barrier,
# its first thread's TMA stores of 64-row boxes), so that neither waits for
# the other's epilogue.
#
#   git apply bench/results/h200-overlap-bounds/store-groups.patch; ninja -C build
#   CK_STORE_GROUPS=1 BUNDLES=.device/sg \
#     TUNING_DB=bench/results/h100-two-pass-staging/sm_90a.tuning \
#     bash scripts/device-bench.sh compile
#   git checkout lib include; ninja -C build
#   bash .../store-groups.sh pair      # here: .device/sgab, the changed
#                                      # kernels (@sg) beside BASE's (@tuned)
#   OUT=... bash .../store-groups.sh run   # on the device, per set
#
# (ck-compile's bundle cache does not see the environment: compile with the
# patch into a fresh cache, or with --no-cache, as scripts/device-bench.sh
# did here on a build that had not compiled these problems before.)
set -eu
case "${1:-}" in
pair)
  sg=${SG:-.device/sg}
  base=${BASE:-.device/bench9}
  rm -rf .device/sgab
  for set in bwd_weight_f16 bwd_weight_bf16 fwd_f16 fwd_bf16 bwd_data_f16 bwd_data_bf16; do
    for d in "$sg/$set"/*/; do
      key=$(basename "$d")
      cmp -s "$d/kernels.cubin" "$base/$set/$key/kernels.cubin" && continue
      mkdir -p .device/sgab/$set
      cp -r "$d" ".device/sgab/$set/$key@sg"
      cp -r "$base/$set/$key" ".device/sgab/$set/$key@tuned"
    done
  done
  ;;
run)
  OUT=${OUT:?}
  for s in .device/sgab/*/; do
    set_=$(basename "$s")
    python3 bench/device_check.py "$s" --time --rounds 3 --json "$OUT/$set_.json" \
      > "$OUT/$set_.log" 2>&1
    echo "$set_: $(tail -n 1 "$OUT/$set_.log")"
  done
  ;;
*)
  echo "usage: store-groups.sh pair | run" >&2
  exit 2
  ;;
esac
