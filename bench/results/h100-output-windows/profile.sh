#!/bin/bash
# On the device: ncu (caches and clocks as they are) of the K = 36 100x100
# bf16 backward-weight GEMM over the output gradient's windows, split-K
# with roles 4,4 (64x256 tiles) and 4,8 (128x256): time, DRAM and L2
# traffic, L2 and SM throughput, and the consumer warps' stall reasons.
set -u
export LD_LIBRARY_PATH=$PWD/build/lib:${LD_LIBRARY_PATH:-}
D=${D:-.device/ow}
NCU=/usr/local/cuda/bin/ncu
M=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_bytes.sum
M=$M,lts__throughput.avg.pct_of_peak_sustained_elapsed
M=$M,sm__throughput.avg.pct_of_peak_sustained_elapsed
M=$M,l1tex__throughput.avg.pct_of_peak_sustained_elapsed
M=$M,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum
M=$M,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
M=$M,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_elapsed
for B in $D/k36-bf16/*-in100x100-*@outsk44 $D/k36-bf16/*-in100x100-*@outsk48 $D/k36-bf16/*-in50x50-*@outsk44; do
  echo "== $(basename $B)"
  $NCU --cache-control none --clock-control none --metrics $M \
    --launch-skip 8 --launch-count 2 -k regex:gemm \
    ./build/bin/ck-bench --bundle $B --no-verify --warmup 4 --repeat 2 2>&1 |
    grep -E "gemm_|duration|bytes|lookup|pct"
done
B=$(ls -d $D/k36-bf16/*-in100x100-*@outsk44)
$NCU --cache-control none --clock-control none --set full -o $OUT/k36-sk44 \
  --launch-skip 8 --launch-count 2 -k regex:gemm \
  ./build/bin/ck-bench --bundle $B --no-verify --warmup 4 --repeat 2 > /dev/null 2>&1
$NCU --import $OUT/k36-sk44.ncu-rep --page details --section WarpStateStats \
  --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis 2>&1 | head -120
