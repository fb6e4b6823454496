#!/bin/bash
# The A/B of ../README.md ("More registers for the math waves"): the six
# sm_90a RetinaNet sets with the tuning database, compiled by the compiler
# as it is (base) and with load-registers-switch.patch applied and
# CK_EXPERIMENT_LOAD_REGISTERS=40 and =64, then
#   OUT=.device/lrab bash bench/results/h100-load-cursors/ab.sh \
#     base=DIR/base lr40=DIR/lr40 lr64=DIR/lr64
# and on the device run-ab.sh. Usage: compile.sh DIR NAME (the build
# already patched or not).
set -eu
for d in bwd_weight fwd bwd_data; do for t in bf16 f16; do
  build/bin/ck-compile --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
    --direction $d --type=$t \
    --tuning-db bench/results/h100-linear-access/sm_90a.tuning --no-cache \
    --jobs 2 -o "$1/$2/$d-$t" > /dev/null
done; done
