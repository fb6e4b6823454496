# Sourced by the compile scripts here: reports spills and writes each set's
# index.txt (every bundle, no summary) under $OUT.
grep -H "spill stores [1-9]" $OUT-work/*.log | head
for d in $OUT/*; do
  ls $d | grep -v index.txt | awk '{print $1"\t-"}' > $d/index.txt
  echo "$d $(ls $d | grep -vc index.txt) bundles"
done
