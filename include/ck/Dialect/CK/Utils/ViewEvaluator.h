//===- ViewEvaluator.h - Evaluate views on the host -------------*- C++ -*-===//
//
// Maps coordinates of a view to coordinates of the memref it was built from,
// on the host, so that the index math of views can be checked on the CPU.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_UTILS_VIEWEVALUATOR_H
#define CK_DIALECT_CK_UTILS_VIEWEVALUATOR_H

#include "ck/Dialect/CK/IR/CK.h"

#include <optional>

namespace mlir::ck {

/// Maps `upper` through one transform map; std::nullopt where the
/// coordinate is padding or outside the map's upper bounds.
std::optional<SmallVector<int64_t>> applyTransformMap(TransformMapAttr map,
                                                      ArrayRef<int64_t> upper);

/// A view traced back through its ck.transform ops to a memref.
struct TracedView {
  Value memref;
  /// The maps from the view (first) to the memref (last).
  SmallVector<TransformMapAttr> maps;

  /// The memref coordinate of a view coordinate, or std::nullopt where it
  /// is padding.
  std::optional<SmallVector<int64_t>> evaluate(ArrayRef<int64_t> coord) const;
};

/// Follows ck.transform ops from `value` (a memref or view) to a memref;
/// fails where the chain starts elsewhere (a view block argument, say).
FailureOr<TracedView> traceView(Value value);

} // namespace mlir::ck

#endif // CK_DIALECT_CK_UTILS_VIEWEVALUATOR_H
