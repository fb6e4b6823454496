//===- FmaMma.h - The FMA path of ck.mma ------------------------*- C++ -*-===//

#ifndef CK_CONVERSION_FMAMMA_H
#define CK_CONVERSION_FMAMMA_H

#include "ck/Dialect/CK/IR/CK.h"

namespace mlir {
class RewriterBase;
namespace ck {

/// Replaces a `ck.mma fma` (acc[i] += a[i] * b[0]) with vector FMAs in f32.
/// Shared by every target.
void lowerFmaMma(RewriterBase &rewriter, MmaOp op);

} // namespace ck
} // namespace mlir

#endif // CK_CONVERSION_FMAMMA_H
