# ck-compile's --csv and --ckprofiler forms end to end (gfx942, ck's own
# toolkit: no GPU and no CUDA needed): one bundle per problem in
# OUT/<key>/ and OUT/index.txt; and a refused command line.
#   cmake -DCK_COMPILE=path/to/ck-compile -DWORK=dir -P CompileFormsTest.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(WRITE ${WORK}/problems.csv
  "# two problems\nG,N,C,K,H,W,Y,X,stride_h,stride_w,pad_h,pad_w,dil_h,dil_w\n"
  "1,2,8,4,7,7,3,3,1,1,1,1,1,1\n2,1,4,8,9,9,1,1,2,2,0,0,1,1\n")

function(run_compile)
  execute_process(COMMAND ${CK_COMPILE} --chip=gfx942 ${ARGN}
    RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(code ${code} PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(expect_bundle dir key)
  foreach(file plan.ckplan reference.ckplan kernels.hsaco)
    if(NOT EXISTS ${dir}/${key}/${file})
      message(FATAL_ERROR "missing ${dir}/${key}/${file}")
    endif()
  endforeach()
  file(READ ${dir}/${key}/plan.ckplan plan)
  if(NOT plan MATCHES "\nmeta key ${key}\n")
    message(FATAL_ERROR "${dir}/${key}/plan.ckplan lacks 'meta key ${key}':\n${plan}")
  endif()
endfunction()

# A CSV table.
run_compile(--csv ${WORK}/problems.csv --direction fwd --type bf16 -o ${WORK}/csv)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "ck-compile --csv failed (${code}):\n${out}\n${err}")
endif()
set(k1 "fwd-bf16-G1-N2-C8-K4-in7x7-f3x3-s1x1-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK")
set(k2 "fwd-bf16-G2-N1-C4-K8-in9x9-f1x1-s2x2-d1x1-pl0x0-pr0x0-NHWGC_GKYXC_NHWGK")
expect_bundle(${WORK}/csv ${k1})
expect_bundle(${WORK}/csv ${k2})
file(READ ${WORK}/csv/index.txt index)
set(expected "${k1}\tfwd bf16 G=1 N=2 C=8 K=4 in=7x7 filter=3x3 stride=1x1 dilation=1x1 pad=1x1/1x1\n${k2}\tfwd bf16 G=2 N=1 C=4 K=8 in=9x9 filter=1x1 stride=2x2 dilation=1x1 pad=0x0/0x0\n")
if(NOT index STREQUAL expected)
  message(FATAL_ERROR "index.txt:\n${index}\nexpected:\n${expected}")
endif()

# A ckProfiler command (bwd_data, 1D, data type fp32).
run_compile(-o ${WORK}/ckp --ckprofiler ckProfiler grouped_conv_bwd_data 0 1 1 1 0 1 1 1 2 8 4 3 10 1 1 1 1)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "ck-compile --ckprofiler failed (${code}):\n${out}\n${err}")
endif()
expect_bundle(${WORK}/ckp "bwd_data-f32-G1-N2-C4-K8-in10-f3-s1-d1-pl1-pr1-NWGC_GKXC_NWGK")

# A ckProfiler command followed by ck-compile's own -o: the command takes
# exactly its arguments (it took -o and DIR as its 18th and 19th).
run_compile(--ckprofiler grouped_conv_bwd_data 0 1 1 1 0 1 1 1 2 8 4 3 10 1 1 1 1 -o ${WORK}/ckp-after)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "ck-compile --ckprofiler ... -o failed (${code}):\n${out}\n${err}")
endif()
expect_bundle(${WORK}/ckp-after "bwd_data-f32-G1-N2-C4-K8-in10-f3-s1-d1-pl1-pr1-NWGC_GKXC_NWGK")

# Refused: a G beyond grid y (it wrote a grid of 1 x G x 1 and a tensor of
# -400 bytes).
run_compile(-G 9223372036854775807 -N 2 -C 8 -K 8 --in=5,5 --filter=3,3 --pad=1,1 -o ${WORK}/huge)
if(NOT code EQUAL 1 OR NOT err MATCHES "^ck-compile: invalid problem: G is 9223372036854775807; at most 65535 groups")
  message(FATAL_ERROR "expected a refusal of G, got (${code}):\n${out}\n${err}")
endif()

# Refused: a table without a direction.
run_compile(--csv ${WORK}/problems.csv --type f16 -o ${WORK}/bad)
if(NOT code EQUAL 1 OR NOT err MATCHES "^ck-compile: --csv needs --direction")
  message(FATAL_ERROR "expected a refusal, got (${code}):\n${out}\n${err}")
endif()
message(STATUS "ok")
