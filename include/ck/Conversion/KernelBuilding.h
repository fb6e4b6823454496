//===- KernelBuilding.h - Small pieces of GPU kernel code -------*- C++ -*-===//
//
// Emission helpers that the kernel builders of convert-ck-to-gpu and the
// lowerings of the tile ops share: constants, elementwise thread mapping,
// bounds tests, aligned vector accesses and the epilogue arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef CK_CONVERSION_KERNELBUILDING_H
#define CK_CONVERSION_KERNELBUILDING_H

#include "mlir/IR/Builders.h"

#include <array>

namespace mlir::ck {

/// An index constant.
Value indexConstant(OpBuilder &b, Location loc, int64_t value);

/// The slot of a ring of `slots` LDS slots that step `step` uses, `step mod
/// slots` (0 for one slot).
Value emitRingSlot(OpBuilder &b, Location loc, Value step, int64_t slots);

/// One thread per element of `shape`, in a 1-D grid of `blockSize`-thread
/// blocks: this thread's row-major coordinate, and whether it has an
/// element at all (the last block overhangs).
struct ElementThread {
  SmallVector<Value> coord;
  Value inBounds;
};
ElementThread mapThreadToElement(OpBuilder &b, Location loc,
                                 ArrayRef<int64_t> shape, int64_t blockSize);

/// The grid of such a kernel.
std::array<int64_t, 3> elementwiseGrid(ArrayRef<int64_t> shape,
                                       int64_t blockSize);

/// Emits `body` under `scf.if condition`, or where the builder is for a
/// null condition (code every thread runs); the builder's point is kept.
void emitIf(OpBuilder &b, Location loc, Value condition,
            function_ref<void()> body);

/// i1: (row, col) lies inside a rows x cols matrix. The coordinates are
/// index or i32 values.
Value insideMatrix(OpBuilder &b, Location loc, Value row, Value col,
                   int64_t rows, int64_t cols);

/// A vector load of `type` from `memref` at `indices`, or a store of the
/// vector `value`, that asserts the alignment of the vector's size (up to
/// 16 bytes): callers pick starts that are multiples of it. The vector runs
/// along the innermost dimension longer than one: trailing unit dimensions
/// (C = 1 of a depthwise convolution) are collapsed into it first.
Value loadAlignedVector(OpBuilder &b, Location loc, VectorType type,
                        Value memref, ValueRange indices);
void storeAlignedVector(OpBuilder &b, Location loc, Value value, Value memref,
                        ValueRange indices);

/// Applies the epilogue `alpha * acc + beta * sum(ds)` (f32, or vectors of
/// f32) and converts to `elementType` (elementwise for vectors).
Value emitEpilogue(OpBuilder &b, Location loc, Value acc, double alpha,
                   double beta, ArrayRef<Value> ds, Type elementType);

} // namespace mlir::ck

#endif // CK_CONVERSION_KERNELBUILDING_H
