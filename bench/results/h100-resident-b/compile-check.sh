#!/bin/bash
# Problems beyond the RetinaNet layers compiled with B resident, for
# bench/device_check.py (correctness): more columns of B than the H100's
# persistent workgroups (each workgroup copies B again as its run of
# tiles crosses into the next column), partial M tiles, backward-data's
# stride slices of one K-tile, ungrouped 3x3 and 1x1 layers, mma.sync
# instead of wgmma (a pinned config), f16 and bf16.
set -u
OUT=${OUT:-.device/rescheck}
CKC=${CKC:-build/bin/ck-compile}
rm -rf $OUT $OUT-work; mkdir -p $OUT-work $OUT/check
RES="--partition=data_parallel,dp=persistent --resident-b"
compileOne() { # name flags...
  local name=$1; shift
  $CKC --chip=sm_90a "$@" --no-cache --report -o $OUT/check/$name > $OUT-work/$name.log 2>&1 ||
    { echo "FAILED $name"; cat $OUT-work/$name.log; rm -rf $OUT/check/$name; }
}
compileOne columns-fwd-bf16 --direction fwd --type bf16 -G 2048 -N 1 -C 8 -K 8 --in 8,8 --filter 3,3 --pad 1,1 --merge-groups=8 --waves=4,12 --stages=4 $RES
compileOne columns-bwdd-f16 --direction bwd_data --type f16 -G 1024 -N 2 -C 8 -K 8 --in 6,6 --filter 3,3 --pad 1,1 --merge-groups=8 --waves=4,8 --stages=3 $RES
compileOne partial-fwd-f16 --direction fwd --type f16 -G 32 -N 3 -C 16 -K 16 --in 13,13 --filter 3,3 --pad 1,1 --merge-groups=4 --waves=4,8 --stages=4 $RES
compileOne slices-bwdd-bf16 --direction bwd_data --type bf16 -G 4 -N 2 -C 16 -K 16 --in 28,28 --filter 3,3 --pad 1,1 --stride 2,2 --merge-groups=4 --waves=4,12 --stages=4 $RES
compileOne dense-fwd-bf16 --direction fwd --type bf16 -N 4 -C 64 -K 128 --in 14,14 --filter 3,3 --pad 1,1 --waves=4,4 --stages=3 $RES
compileOne onebyone-fwd-f16 --direction fwd --type f16 -N 8 -C 256 -K 256 --in 28,28 --filter 1,1 --waves=4,4 --stages=3 $RES
compileOne strided-fwd-f16 --direction fwd --type f16 -G 32 -N 2 -C 32 -K 32 --in 30,30 --filter 3,3 --pad 1,1 --stride 2,2 --merge-groups=2 --waves=4,16 --stages=3 $RES
compileOne mmasync-fwd-f16 --direction fwd --type f16 -G 32 -N 2 -C 16 -K 16 --in 13,13 --filter 3,3 --pad 1,1 --merge-groups=4 \
  --config="#ck.gemm_config<block = [64, 64, 64], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b>"
grep -H "kernel" $OUT-work/*.log
ls $OUT/check | awk '{print $1"\t-"}' > $OUT/check/index.txt
echo "$(ls $OUT/check | grep -vc index.txt) bundles"
