# Runs ck-bench on a sound bundle with both GPU runtimes forced absent and
# checks that it prints exactly one line, "ck-bench: no GPU: ...", on
# stderr, nothing on stdout, and exits with 2.
#   cmake -DCK_BENCH=path/to/ck-bench -DWORK_DIR=scratch/dir -P NoGpuTest.cmake
include(${CMAKE_CURRENT_LIST_DIR}/WriteBundle.cmake)
write_bundle("${WORK_DIR}/bundle")
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env
    CKRT_CUDA_LIBRARY=/nonexistent/ck-bench-test/libcuda.so.1
    CKRT_HIP_LIBRARY=/nonexistent/ck-bench-test/libamdhip64.so
    ${CK_BENCH} --bundle "${WORK_DIR}/bundle"
  RESULT_VARIABLE code
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
if(NOT code EQUAL 2)
  message(FATAL_ERROR "expected exit status 2, got '${code}'\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "expected nothing on stdout, got:\n${out}")
endif()
if(NOT err MATCHES "^ck-bench: no GPU: ckrt: [^\n]+\n$")
  message(FATAL_ERROR "expected one line 'ck-bench: no GPU: ckrt: ...', got:\n${err}")
endif()
if(NOT err MATCHES "/nonexistent/ck-bench-test/libcuda.so.1" OR
   NOT err MATCHES "/nonexistent/ck-bench-test/libamdhip64.so")
  message(FATAL_ERROR "expected the message to name both libraries tried, got:\n${err}")
endif()
message(STATUS "ok: ${err}")
