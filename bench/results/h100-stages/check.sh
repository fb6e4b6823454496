#!/bin/bash
# Deep rings and sm_80's named-barrier rings on the H100: `check.sh
# compile` here, then `check.sh run` on the device (carry build/bin/ck-bench,
# build/lib/libckrt.so.0.5 and .device/deep). The sm_80 bundles hold PTX
# (--toolkit without ptxas), which the driver compiles for the H100.
set -u
D=.device/deep
C=build/bin/ck-compile
case "${1:-}" in
compile)
  rm -rf $D; mkdir -p $D /tmp/no-cuda
  $C --chip=sm_90a --no-cache --direction=fwd --type=f16 -N 4 -C 64 -K 64 --in=28,28 --filter=3,3 --pad=1,1 --stages=8 -o $D/async8_fwd_f16
  $C --chip=sm_90a --no-cache --direction=fwd --type=bf16 -N 2 -C 32 -K 64 --in=14,14 --filter=3,3 --pad=1,1 --waves=4,4 --stages=8 -o $D/roles44_async8_fwd_bf16
  P=(--chip=sm_80 --toolkit=/tmp/no-cuda --no-cache)
  $C "${P[@]}" --direction=bwd_data --type=bf16 -N 4 -C 64 -K 96 --in=20,24 --filter=3,3 --pad=1,1 --stages=8 -o $D/sm80_async8_bwdd_bf16
  $C "${P[@]}" --direction=bwd_weight --type=f16 -N 4 -C 64 -K 64 --in=20,20 --filter=3,3 --pad=1,1 --waves=4,4 --stages=7 -o $D/sm80_roles44_async7_bww_f16
  $C "${P[@]}" --direction=fwd --type=f16 -N 4 -C 64 -K 64 --in=20,20 --filter=3,3 --pad=1,1 --waves=4,8 -o $D/sm80_roles48_fwd_f16
  $C "${P[@]}" --direction=bwd_data --type=bf16 -N 2 -C 64 -K 64 --in=14,14 --filter=3,3 --pad=1,1 --waves=4,4 -o $D/sm80_roles44_bwdd_bf16
  ls $D | grep -v '^index.txt$' | awk '{print $1"\t-"}' > $D/index.txt;;
run)
  export LD_LIBRARY_PATH=$PWD/build/lib
  ./build/bin/ck-bench --bundles $D --repeat 20 > $OUT/deep.log 2>&1
  echo "bench rc $?"
  for t in memcheck racecheck synccheck; do
    for d in $D/*/; do
      n=$(basename $d)
      timeout 100 /usr/local/cuda/bin/compute-sanitizer --tool $t --report-api-errors no \
        ./build/bin/ck-bench --bundle $d --repeat 1 --warmup 0 > $OUT/$t-$n.log 2>&1
      echo "$t $n rc $? $(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' $OUT/$t-$n.log | tail -1)"
    done
  done
  cd $OUT && tar czf deep.tgz *.log;;
*) echo "usage: $0 compile|run" >&2; exit 2;;
esac
