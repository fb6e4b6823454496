//===- PlanText.hpp - Launch-plan fields as plan text ----------*- C++ -*-===//
//
// How the `ck-plan 1` format writes a kernel's grid entries and arguments,
// for tools that print plans back (ckrt-info, the plan fuzzer's round trip).
// Header-only over the C API.
//
//===----------------------------------------------------------------------===//

#ifndef CK_RUNTIME_PLANTEXT_HPP
#define CK_RUNTIME_PLANTEXT_HPP

#include "ck-c/Runtime.h"

#include <cstdio>
#include <string>

namespace ckrt {

/// Grid entry `i` of a kernel: a number, `cus` or `cus*K`.
inline std::string planGridEntry(const ckrt_kernel_info &kernel, int i) {
  if (!kernel.grid_cus_factor[i])
    return std::to_string(kernel.grid[i]);
  if (kernel.grid_cus_factor[i] == 1)
    return "cus";
  return "cus*" + std::to_string(kernel.grid_cus_factor[i]);
}

/// A kernel argument: t<i>, w<i>, i32:<v>, i64:<v> or f32:<v> (9 significant
/// digits, so that it reads back exactly); "?" for an unknown kind.
inline std::string planArgText(const ckrt_kernel_arg &arg) {
  char buffer[64];
  switch (arg.kind) {
  case CKRT_ARG_TENSOR:
    return "t" + std::to_string(arg.index);
  case CKRT_ARG_WORKSPACE:
    return "w" + std::to_string(arg.index);
  case CKRT_ARG_I32:
    return "i32:" + std::to_string(arg.i32);
  case CKRT_ARG_I64:
    return "i64:" + std::to_string(arg.i64);
  case CKRT_ARG_F32:
    std::snprintf(buffer, sizeof(buffer), "f32:%.9g", double(arg.f32));
    return buffer;
  }
  return "?";
}

} // namespace ckrt

#endif // CK_RUNTIME_PLANTEXT_HPP
