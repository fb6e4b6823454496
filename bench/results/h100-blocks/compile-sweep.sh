#!/bin/bash
# The forward and backward-data layers of TYPES (default "bf16 f16"), each
# with the tuning database's choices (db) and with the persistent grid and
# roles 4,8 (p48) and 4,4 (p44), by each compiler of VERSIONS ("NAME=PATH
# ...", default "=build/bin/ck-compile"): bundles KEY@CHOICE[-NAME] under
# OUT (default .device/sweep2), for run.sh.
#   handoff.json.xz: TYPES=bf16 OUT=.device/handoff VERSIONS="old=A new=B",
#     A ck-compile of 8fe5d51, B an early form of the hand-off (taken at
#     any K-tile count; the math waves' announcements with bar.arrive)
#   sweep2.json.xz: the defaults, on the final compiler.
OUT=${OUT:-.device/sweep2}
DB=${DB:-bench/results/h100-concurrent/sm_90a.tuning}
rm -rf $OUT; mkdir -p $OUT
for version in ${VERSIONS:-=build/bin/ck-compile}; do
  name=${version%%=*}; CKC=${version#*=}
  for type in ${TYPES:-bf16 f16}; do
    for dir in fwd bwd_data; do
      for c in db p48 p44; do
        case $c in
          db) flags="--tuning-db $DB";;
          p48) flags="--no-tuning-db --partition=data_parallel,dp=persistent --waves=4,8";;
          p44) flags="--no-tuning-db --partition=data_parallel,dp=persistent --waves=4,4";;
        esac
        log=$OUT-$c${name:+-$name}-$type-$dir.log
        $CKC --chip=sm_90a --no-cache $flags --csv bench/data/retinanet_bwd_weight.csv \
          --direction $dir --type $type --report -o $OUT/tmp > $log 2>&1 || echo "some failed: $log"
        for k in $(cut -f1 $OUT/tmp/index.txt); do mv $OUT/tmp/$k $OUT/$k@$c${name:+-$name}; done
        rm -rf $OUT/tmp
      done
    done
  done
done
ls $OUT | grep -v index.txt | awk '{print $1"\t-"}' > $OUT/index.txt
wc -l < $OUT/index.txt
grep -h "spill stores [1-9]" $OUT-*.log | sort | uniq -c
