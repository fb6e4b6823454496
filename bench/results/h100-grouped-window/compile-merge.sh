#!/bin/bash
# RetinaNet's G = 32 layers (TYPES, default bf16; DIRS, default all three
# directions; STRIDES, default 1 and 2), each compiled once per choice into
# OUT (default .device/gmerge) for ../h100-blocks/run.sh or
# bench/device_check.py:
#   heur    the heuristic's choice (no database);
#   db      the tuning database's choice (DB) with the rule's groups per
#           GEMM (32 channels);
#   m64     64 channels per GEMM (--merge-groups = 64 / C), the heuristic;
#   m64wA_B 64 channels per GEMM with wave roles A,B (wgmma from LDS);
#   m32wA_B the rule's 32 channels with wave roles A,B.
OUT=${OUT:-.device/gmerge}
DB=${DB:-bench/results/h100-blocks/sm_90a.tuning}
CKC=${CKC:-build/bin/ck-compile}
CHOICES=${CHOICES:-"db m64 m64w4_4 m64w4_8 m32w4_4"}
TYPES=${TYPES:-bf16}
DIRS=${DIRS:-"fwd bwd_data bwd_weight"}
STRIDES=${STRIDES:-"1 2"}
rm -rf $OUT; mkdir -p $OUT
csv=$OUT-layers.csv
{ sed -n 3p bench/data/retinanet_bwd_weight.csv; grep '^32,' bench/data/retinanet_bwd_weight.csv; } > $csv
for type in $TYPES; do
for dir in $DIRS; do
  while IFS=, read -r G N C K H W rest; do
    [ "$G" = G ] && continue
    s=$(echo "$rest" | cut -d, -f3)
    [[ " $STRIDES " == *" $s "* ]] || continue
    for c in $CHOICES; do
      case $c in
        heur) flags=(--no-tuning-db);;
        db) flags=(--tuning-db $DB);;
        m64) flags=(--no-tuning-db --merge-groups=$((64 / C)));;
        m64w*) w=${c#m64w}; flags=(--no-tuning-db --merge-groups=$((64 / C)) --waves=${w/_/,});;
        m32w*) w=${c#m32w}; flags=(--no-tuning-db --waves=${w/_/,});;
      esac
      key=$dir-$type-C$C-in$H-s$s@$c
      $CKC --chip=sm_90a --no-cache "${flags[@]}" --direction $dir --type $type \
        -G $G -N $N -C $C -K $K --in $H,$W --filter 3,3 --stride $s,$s --pad 1,1 \
        -o $OUT/$key > $OUT-$key.log 2>&1 || { echo "failed: $key"; rm -rf $OUT/$key; }
    done
  done < $csv
done
done
ls $OUT | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/index.txt
wc -l < $OUT/index.txt
