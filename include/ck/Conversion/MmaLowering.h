//===- MmaLowering.h - What the ck.mma lowerings share ----------*- C++ -*-===//

#ifndef CK_CONVERSION_MMALOWERING_H
#define CK_CONVERSION_MMALOWERING_H

#include "ck/Dialect/CK/IR/CK.h"

namespace mlir {
class RewriterBase;
namespace ck {

/// Replaces a `ck.mma fma` (acc[i] += a[i] * b[0]) with vector FMAs in f32.
/// Shared by every target.
void lowerFmaMma(RewriterBase &rewriter, MmaOp op);

/// Rewrites every ck.mma under `root` with `lower`, in program order;
/// fails on the first op `lower` refuses.
LogicalResult
lowerMmaOps(Operation *root,
            function_ref<LogicalResult(RewriterBase &, MmaOp)> lower);

} // namespace ck
} // namespace mlir

#endif // CK_CONVERSION_MMALOWERING_H
