#!/bin/bash
# After the backend review: ckrt's GPU tests and the bwd_data sets' bundles
# (concurrent slices) verified again.
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
./build/bin/CKRuntimeTests --gtest_filter='Gpu.*' > $OUT/gputests.log 2>&1; echo "gpu tests rc $?"; tail -2 $OUT/gputests.log
for s in bwd_data_bf16 bwd_data_f16; do ./build/bin/ck-bench --bundles .device/final/$s --repeat 20 > $OUT/$s.log 2>&1; echo "$s: $(tail -1 $OUT/$s.log)"; done
