#!/bin/bash
# Compile small-shape variants with pinned configs.
CKC=build/bin/ck-compile
OUT=.device/small
rm -rf $OUT; mkdir -p $OUT
probs=(
 "fwd7|--direction fwd --type bf16 -N 16 -C 256 -K 256 --in 7,7 --filter 3,3 --pad 1,1"
 "fwd13s2|--direction fwd --type bf16 -N 16 -C 256 -K 256 --in 13,13 --filter 3,3 --pad 1,1 --stride 2,2"
 "fwd13|--direction fwd --type bf16 -N 16 -C 256 -K 256 --in 13,13 --filter 3,3 --pad 1,1"
 "fwd25s2|--direction fwd --type bf16 -N 16 -C 256 -K 256 --in 25,25 --filter 3,3 --pad 1,1 --stride 2,2"
 "bd7|--direction bwd_data --type bf16 -N 16 -C 256 -K 256 --in 7,7 --filter 3,3 --pad 1,1"
 "bd13|--direction bwd_data --type bf16 -N 16 -C 256 -K 256 --in 13,13 --filter 3,3 --pad 1,1"
 "bd13s2|--direction bwd_data --type bf16 -N 16 -C 256 -K 256 --in 13,13 --filter 3,3 --pad 1,1 --stride 2,2"
 "bd25s2|--direction bwd_data --type bf16 -N 16 -C 256 -K 256 --in 25,25 --filter 3,3 --pad 1,1 --stride 2,2"
)
for p in "${probs[@]}"; do
  name=${p%%|*}; flags=${p#*|}
  $CKC --chip=sm_90a --no-cache --no-tuning-db $flags -o $OUT/$name-heur >/dev/null 2>&1 || echo "fail $name heur"
  for blk in "64,64" "64,128" "128,128" "64,256" "128,256"; do
    bm=${blk%,*}; bn=${blk#*,}
    for part in data_parallel stream_k "split_k, k_batch = 2" "split_k, k_batch = 4" "split_k, k_batch = 8"; do
      for lw in 0 4; do
        if [ $lw = 4 ]; then lwa=", load_waves = 4"; else lwa=""; fi
        st=4; [ $bn -le 128 ] && st=3
        cfg="#ck.gemm_config<block = [$bm, $bn, 64], wave = [16, $bn], mma = #ck.wgmma<bf16>, partition = #ck.partition<$part>, lds_buffers = $st$lwa, async_copy>"
        tag=$(echo "$part" | sed 's/split_k, k_batch = /sk/')
        d=$OUT/$name-b${bm}x${bn}-$tag-lw$lw
        $CKC --chip=sm_90a --no-cache --no-tuning-db $flags "--config=$cfg" -o $d >$d.log 2>&1 || { echo "fail $d: $(head -c 300 $d.log)"; rm -rf $d; }
        rm -f $d.log
      done
    done
  done
done
ls $OUT | wc -l
du -sh $OUT
