#!/bin/bash
# The small 3x3 C = K = 256 layers (7x7, 13x13 and 25x25, stride 1 and
# 2: 79 tiles of 128 rows or fewer), all three directions and both types,
# each compiled once per choice of CHOICES (default all) into bundles
# KEY@CHOICE under OUT (default .device/small), for ../h100-blocks/run.sh:
#   db        the tuning database's choice (DB);
#   s44kN     split-K with N K batches, roles 4,4; s48kN the same, roles 4,8;
#   rMxN[sS]  a pinned M x N x 64 wgmma tile, roles 4,4, S stages (4 when
#             not given; more than 4 needs this commit's compiler).
OUT=${OUT:-.device/small}
DB=${DB:-bench/results/h100-blocks/sm_90a.tuning}
CKC=${CKC:-build/bin/ck-compile}
CHOICES=${CHOICES:-"db s44k2 s44k3 s44k4 s44k6 s44k9 s48k2 s48k4 s48k6 r64x64 r64x128 r64x64s6 r64x64s8 r64x128s6"}
rm -rf $OUT; mkdir -p $OUT
csv=$OUT-layers.csv
{ sed -n 3p bench/data/retinanet_bwd_weight.csv; sed -n '9,13p' bench/data/retinanet_bwd_weight.csv; } > $csv
for type in bf16 f16; do
  for dir in fwd bwd_data bwd_weight; do
    for c in $CHOICES; do
      case $c in
        db) flags=(--tuning-db $DB);;
        s44k*) flags=(--no-tuning-db --partition=split_k,k_batch=${c#s44k} --waves=4,4);;
        s48k*) flags=(--no-tuning-db --partition=split_k,k_batch=${c#s48k} --waves=4,8);;
        r*) IFS=xs read m n s <<< "${c#r}"
          flags=(--no-tuning-db "--config=#ck.gemm_config<block = [$m, $n, 64], wave = [16, $n], mma = #ck.wgmma<$type>, lds_buffers = ${s:-4}, load_waves = 4, async_copy>");;
      esac
      log=$OUT-$c-$type-$dir.log
      $CKC --chip=sm_90a --no-cache "${flags[@]}" --csv $csv \
        --direction $dir --type $type -o $OUT/tmp > $log 2>&1 || echo "some failed: $log"
      for k in $(cut -f1 $OUT/tmp/index.txt); do mv $OUT/tmp/$k $OUT/$k@$c; done
      rm -rf $OUT/tmp
    done
  done
done
ls $OUT | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/index.txt
wc -l < $OUT/index.txt
