#!/bin/bash
# The StreamK variants of the backward-weight sets (ring = shared, roles
# 4,8, the heuristic's 3 stages and 4 stages with two-pass staging),
# through ../variants.sh.
cd "$(dirname "$0")/../../../.."
export OUT=.device/skshared SETS="bwd_weight_f16 bwd_weight_bf16"
VARIANTS=("sk4=--partition=stream_k,ring=shared --waves=4,8 --stages=4" "sk3=--partition=stream_k,ring=shared --waves=4,8")
source bench/results/h100-two-pass-staging/variants.sh
