#!/bin/bash
# The StreamK variants of the backward-weight sets (ring = shared, roles
# 4,8, the heuristic's 3 stages and 4 stages with two-pass staging),
# through bench/variants.sh, beside the kernels of
# ../../h100-persistent-lean/sm_90a.tuning compiled into .device/db3.
set -eu
cd "$(dirname "$0")/../../../.."
export OUT=.device/skshared BASE=.device/db3
export SETS="bwd_weight_f16 bwd_weight_bf16"
# shellcheck disable=SC2034 # read by bench/variants.sh
VARIANTS=("sk4=--partition=stream_k,ring=shared --waves=4,8 --stages=4"
          "sk3=--partition=stream_k,ring=shared --waves=4,8")
# shellcheck source=bench/variants.sh
source bench/variants.sh
