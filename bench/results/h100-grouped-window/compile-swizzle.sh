#!/bin/bash
# The layers whose database kernels are mma.sync (the six G = 32 layers and
# the five K = 36 ones, bf16, all three directions), compiled by two
# compilers into OUT (default .device/swz) as KEY@old and KEY@new for
# ../h100-blocks/run.sh: CKC_OLD (before the swizzle, 29e197e) and CKC_NEW
# (a45c316), both with ../h100-blocks/sm_90a.tuning.
OUT=${OUT:-.device/swz}
CKC_OLD=${CKC_OLD:?the compiler before the swizzle}
CKC_NEW=${CKC_NEW:-build/bin/ck-compile}
DB=bench/results/h100-blocks/sm_90a.tuning
rm -rf $OUT; mkdir -p $OUT
csv=$OUT-layers.csv
{ sed -n 3p bench/data/retinanet_bwd_weight.csv; grep -E '^32,|^1,16,256,36,' bench/data/retinanet_bwd_weight.csv; } > $csv
for v in old:$CKC_OLD new:$CKC_NEW; do
  tag=${v%%:*}; ckc=${v#*:}
  for dir in fwd bwd_data bwd_weight; do
    $ckc --chip=sm_90a --no-cache --tuning-db $DB --csv $csv --direction $dir \
      --type bf16 -o $OUT/tmp > /dev/null 2>&1 || echo "failed: $tag $dir"
    for k in $(cut -f1 $OUT/tmp/index.txt); do mv $OUT/tmp/$k $OUT/$k@$tag; done
    rm -rf $OUT/tmp
  done
done
ls $OUT | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/index.txt
wc -l < $OUT/index.txt
