#!/bin/bash
# Probe bundles: persistent data-parallel against the tuned data-parallel choice.
set -e
B=/tmp/ci-final2/build/bin/ck-compile
O=/work/main/.device/persist
rm -rf $O; mkdir -p $O
cfg() { # block stages type partition
  echo "#ck.gemm_config<block = [$1], wave = [16, ${1#*, }], mma = #ck.wgmma<$3>, partition = #ck.partition<$4>, lds_buffers = $2, load_waves = 4, async_copy>" | sed 's/, 64\]>/]>/'
}
one() { # name dir type problem... config
  local name=$1; shift
  $B --chip=sm_90a --no-cache --no-tuning-db "$@" -o $O/$name > $O/$name.log 2>&1 || { echo "FAIL $name"; cat $O/$name.log; }
}
for t in bf16 f16; do
 for d in fwd bwd_data; do
  P="--direction $d --type $t -N 16 -C 256 -K 512 --in 100,100 --filter 1,1"
  one $d-$t-1x1-256-512-dp4 $P --config="#ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<$t>, lds_buffers = 4, load_waves = 4, async_copy>"
  one $d-$t-1x1-256-512-pers3 $P --config="#ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<$t>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>"
 done
done
t=bf16
for d in fwd bwd_data; do
  P="--direction $d --type $t -N 16 -C 512 -K 1024 --in 50,50 --filter 1,1"
  one $d-$t-1x1-512-1024-dp4 $P --config="#ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<$t>, lds_buffers = 4, load_waves = 4, async_copy>"
  one $d-$t-1x1-512-1024-pers3 $P --config="#ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<$t>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>"
  P="--direction $d --type $t -N 16 -C 256 -K 256 --in 100,100 --filter 3,3 --pad 1,1"
  one $d-$t-3x3-256-dp4 $P --config="#ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<$t>, lds_buffers = 4, load_waves = 4, async_copy>"
  one $d-$t-3x3-256-pers3 $P --config="#ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<$t>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>"
done
# Other load paths with a spanning ring: cp.async (strided backward-data is no box walk), register loads (mma.sync), edge tiles and groups.
one bwd_data-bf16-1x1-s2-pers3 --direction bwd_data --type bf16 -N 16 -C 256 -K 512 --in 200,200 --filter 1,1 --stride 2,2 --partition=data_parallel,dp=persistent --waves=4,8 --stages=3
one fwd-f16-g32-pers --direction fwd --type f16 -G 32 -N 16 -C 8 -K 8 --in 100,100 --filter 3,3 --pad 1,1 --partition=data_parallel,dp=persistent --waves=4,4
one fwd-bf16-k36-pers --direction fwd --type bf16 -N 16 -C 256 -K 36 --in 50,50 --filter 3,3 --pad 1,1 --partition=data_parallel,dp=persistent --waves=4,8
one fwd-f16-mmasync-pers --direction fwd --type f16 -N 16 -C 64 -K 96 --in 30,30 --filter 3,3 --pad 1,1 --config="#ck.gemm_config<block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4>"
one bwd_weight-bf16-pers --direction bwd_weight --type bf16 -N 16 -C 256 -K 256 --in 25,25 --filter 3,3 --pad 1,1 --partition=data_parallel,dp=persistent --waves=4,8
ls $O | grep -v log
