# ckrt-info --plan FILE --dry-run prints a version-2 plan's schedules
# without a GPU (the GPU runtimes are forced absent): as written, and with
# --cus evaluated where the occupancy is pinned or given by --occupancy.
#   cmake -DCKRT_INFO=path/to/ckrt-info -DWORK_DIR=scratch/dir
#         -P CkrtInfoDryRunTest.cmake
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
file(WRITE "${WORK_DIR}/kernels.ptx"
  ".version 7.8\n.target sm_90a\n.address_size 64\n\n"
  ".visible .entry gemm(.param .u64 out)\n{\n\tret;\n}\n")
file(WRITE "${WORK_DIR}/plan.ckplan"
  "ck-plan 2\ntarget sm_90a\nbinary kernels.ptx\n"
  "tensor 0 output f32 64\n"
  "schedule gemm_0 stream_k tiles 18 iters 1250 partial_bytes 32768 "
  "min_iters 2 occupancy auto\n"
  "schedule s split_k tiles 18 iters 1250 min_iters 8 max 64 occupancy 2\n"
  "workspace 0 schedule:gemm_0 keep\n"
  "kernel gemm grid schedule:gemm_0 1 1 block 256 1 1 lds 33792 coop "
  "args t0 w0 schedule:gemm_0\n"
  "kernel gemm grid 72 1 schedule:s block 256 1 1 args t0 schedule:s\n")

# run(<name of output variable> args...): ckrt-info without GPU runtimes;
# it must succeed.
function(run out)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env
      CKRT_CUDA_LIBRARY=/nonexistent/ckrt-info-test/libcuda.so.1
      CKRT_HIP_LIBRARY=/nonexistent/ckrt-info-test/libamdhip64.so
      ${CKRT_INFO} --plan "${WORK_DIR}/plan.ckplan" --dry-run ${ARGN}
    RESULT_VARIABLE code
    OUTPUT_VARIABLE stdout
    ERROR_VARIABLE stderr)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "ckrt-info ${ARGN} exited with '${code}'\n"
                        "stdout: ${stdout}\nstderr: ${stderr}")
  endif()
  set(${out} "${stdout}" PARENT_SCOPE)
endfunction()

# expect(<text> <line>...): every line appears in the text.
function(expect text)
  foreach(want IN LISTS ARGN)
    string(FIND "${text}" "${want}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "expected the line\n${want}\nin:\n${text}")
    endif()
  endforeach()
endfunction()

run(plain)
expect("${plain}"
  "plan ${WORK_DIR}/plan.ckplan (ck-plan 2)\n"
  "    w0   schedule:gemm_0, kept\n"
  "  schedules  2\n"
  "    [0] gemm_0 stream_k tiles 18 iters 1250 partial_bytes 32768 reduce tree dp persistent tail 2 min_iters 2 occupancy auto\n"
  "    [1] s split_k tiles 18 iters 1250 k_batch auto min_iters 8 max 64 occupancy 2\n"
  "    [0] gemm grid schedule:gemm_0 1 1 block 256 1 1 lds 33792 coop args t0 w0 schedule:gemm_0\n"
  "    [1] gemm grid 72 1 schedule:s block 256 1 1 lds 0 args t0 schedule:s\n"
  "  binary ok")

# The H100's 132 SMs: the pinned split_k schedule evaluates, the auto one
# waits for the driver.
run(cus --cus 132)
expect("${cus}"
  "        occupancy auto: evaluated when the plan is loaded (or give --occupancy N)\n"
  "        W = 132 x 2 = 264: k_batch 14 (grid z), 90 iterations per split, workspace 0 bytes\n"
  "grid schedule:gemm_0 1 1 (occupancy auto: evaluated when the plan is loaded)"
  "grid 72 1 schedule:s (= 72 1 14)")

# Section 9's example: W = 264 gives K = 264, q = 85, r' = 60.
run(occupancy --cus 132 --occupancy 2)
expect("${occupancy}"
  "        W = 132 x 2 = 264: grid 264, S 18, D 0, K 264, q 85, r' 60, workspace 8718336 bytes, most contributors 16\n"
  "grid schedule:gemm_0 1 1 (= 264 1 1)")
message(STATUS "ok")
