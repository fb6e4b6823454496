# write_bundle(DIR): a bundle that passes ck-bench's checks without a GPU:
# plan.ckplan and reference.ckplan for sm_90a with PTX binaries (text, so
# that CMake can write them) that define the kernels the plans name.
function(write_bundle dir)
  file(REMOVE_RECURSE "${dir}")
  file(MAKE_DIRECTORY "${dir}")
  foreach(name kernels reference)
    if(name STREQUAL "kernels")
      set(kernel copy)
    else()
      set(kernel reference_copy)
    endif()
    file(WRITE "${dir}/${name}.ptx"
      ".version 7.8\n.target sm_90a\n.address_size 64\n\n"
      ".visible .entry ${kernel}(.param .u64 in, .param .u64 out)\n"
      "{\n\tret;\n}\n")
    if(name STREQUAL "kernels")
      set(plan plan.ckplan)
    else()
      set(plan reference.ckplan)
    endif()
    file(WRITE "${dir}/${plan}"
      "ck-plan 1\ntarget sm_90a\nbinary ${name}.ptx\n"
      "meta key test-bundle\nmeta written 1\nmeta reduction 4\n"
      "tensor 0 input f16 16\ntensor 1 output f16 16\n"
      "kernel ${kernel} grid 1 1 1 block 16 1 1 args t0 t1\n")
  endforeach()
endfunction()
