#!/bin/bash
# Probe: block tiles the tuning database cannot express yet, on the
# forward and backward-data bf16 RetinaNet layers, beside the database's
# own choice (bench/results/h100-concurrent/sm_90a.tuning). Each candidate
# is a #ck.gemm_config pinned on every GEMM of a problem.
CKC=build/bin/ck-compile
OUT=.device/blocks
DB=bench/results/h100-concurrent/sm_90a.tuning
rm -rf $OUT; mkdir -p $OUT
w="mma = #ck.wgmma<bf16>"
declare -A cand=(
 [a128x128s3]="block = [128, 128, 64], wave = [16, 128], $w, lds_buffers = 3, async_copy"
 [r128x128s4]="block = [128, 128, 64], wave = [16, 128], $w, lds_buffers = 4, load_waves = 4, async_copy"
 [p128x128s4]="block = [128, 128, 64], wave = [16, 128], $w, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy"
 [r256x128s4]="block = [256, 128, 64], wave = [16, 128], $w, lds_buffers = 4, load_waves = 4, async_copy"
 [p256x128s3]="block = [256, 128, 64], wave = [16, 128], $w, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy"
)
for dir in fwd bwd_data; do
  $CKC --chip=sm_90a --no-cache --tuning-db $DB --csv bench/data/retinanet_bwd_weight.csv \
    --direction $dir --type bf16 -o $OUT/tmp-db >/dev/null 2>&1 || echo "fail db $dir"
  for k in $(cut -f1 $OUT/tmp-db/index.txt); do mv $OUT/tmp-db/$k $OUT/$k@db; done
  rm -rf $OUT/tmp-db
  for c in "${!cand[@]}"; do
    $CKC --chip=sm_90a --no-cache --no-tuning-db --csv bench/data/retinanet_bwd_weight.csv \
      --direction $dir --type bf16 "--config=#ck.gemm_config<${cand[$c]}>" -o $OUT/tmp-$c > $OUT/tmp-$c.log 2>&1 || echo "some fail $dir $c: $(grep -c error $OUT/tmp-$c.log)"
    for k in $(cut -f1 $OUT/tmp-$c/index.txt 2>/dev/null); do [ -f $OUT/tmp-$c/$k/plan.ckplan ] && mv $OUT/tmp-$c/$k $OUT/$k@$c; done
    rm -rf $OUT/tmp-$c $OUT/tmp-$c.log
  done
done
ls $OUT | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/index.txt
wc -l < $OUT/index.txt
du -sh $OUT
