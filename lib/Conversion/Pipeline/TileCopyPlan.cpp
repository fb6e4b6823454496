//===- TileCopyPlan.cpp - How GEMM operand tiles reach LDS ----------------===//

#include "ck/Conversion/TileCopyPlan.h"

#include "ck/Dialect/CK/Utils/ViewAnalysis.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ck;

/// The widest power of two <= `width` that divides `size`.
static int64_t widthDividing(int64_t width, int64_t size) {
  width = llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(width, 1)));
  while (size % width)
    width /= 2;
  return width;
}

int64_t TileCopyPlan::unitExtent(unsigned dim) const {
  if (dim == loadDim)
    return loadWidth;
  return transposes() ? storeWidth : 1;
}

MemRefType TileCopyPlan::ldsType(Type elementType, Attribute memorySpace,
                                 int64_t buffers) const {
  SmallVector<int64_t> shape;
  if (buffers > 1)
    shape.push_back(buffers);
  shape.push_back(extent(1 - ldsDim));
  shape.push_back(extent(ldsDim) + kLdsRowPad);
  return MemRefType::get(shape, elementType, MemRefLayoutAttrInterface(),
                         memorySpace);
}

std::optional<unsigned>
mlir::ck::fragmentReadDim(const FragmentLayout &layout) {
  for (unsigned dim : {1u, 0u})
    if (layout.runAt(0, dim, kMinFragmentRun) >= kMinFragmentRun)
      return dim;
  return std::nullopt;
}

TileCopyPlan mlir::ck::planTileCopy(const TracedView &view, Type elementType,
                                    int64_t rows, int64_t cols,
                                    std::optional<unsigned> fragmentDim,
                                    int64_t threads) {
  int64_t maxWidth = 16 / (elementType.getIntOrFloatBitWidth() / 8);
  int64_t rowWidth =
      widthDividing(contiguousVectorWidth(view, 1, maxWidth), rows);
  int64_t colWidth =
      widthDividing(contiguousVectorWidth(view, 2, maxWidth), cols);
  TileCopyPlan plan;
  plan.rows = rows;
  plan.cols = cols;
  // Load along the wider contiguous dimension; on a tie, along the one the
  // LDS keeps innermost (no transposition).
  if (rowWidth != colWidth)
    plan.loadDim = rowWidth > colWidth ? 0 : 1;
  else
    plan.loadDim = fragmentDim.value_or(1);
  plan.loadWidth = std::max(rowWidth, colWidth);
  plan.ldsDim = fragmentDim.value_or(plan.loadDim);
  if (!plan.transposes()) {
    plan.storeWidth = plan.loadWidth;
    return plan;
  }
  // A transposing unit holds loadWidth x storeWidth elements: as wide as
  // one thread's share of the tile allows (so that every thread has a
  // unit), at most 16 bytes.
  int64_t share = rows * cols / threads / plan.loadWidth;
  plan.storeWidth = widthDividing(std::clamp<int64_t>(share, 1, maxWidth),
                                  plan.extent(plan.ldsDim));
  return plan;
}

GemmOperandTiles mlir::ck::planGemmOperandTiles(GemmConfigAttr config,
                                                const MatrixLayout &layout,
                                                Type elementType,
                                                const TracedView &a,
                                                const TracedView &b,
                                                int64_t threads) {
  int64_t bm = config.getBlock()[0], bn = config.getBlock()[1],
          bk = config.getBlock()[2];
  auto workgroup = gpu::AddressSpaceAttr::get(elementType.getContext(),
                                              gpu::AddressSpace::Workgroup);
  GemmOperandTiles tiles;
  tiles.a = planTileCopy(a, elementType, bm, bk, fragmentReadDim(layout.a),
                         threads);
  tiles.b = planTileCopy(b, elementType, bk, bn, fragmentReadDim(layout.b),
                         threads);
  tiles.ldsA = tiles.a.ldsType(elementType, workgroup, config.getLdsBuffers());
  tiles.ldsB = tiles.b.ldsType(elementType, workgroup, config.getLdsBuffers());
  auto bytesOf = [](MemRefType type) {
    return type.getNumElements() * type.getElementTypeBitWidth() / 8;
  };
  tiles.offsetB = llvm::alignTo(bytesOf(tiles.ldsA), 16);
  tiles.bytes = tiles.offsetB + bytesOf(tiles.ldsB);
  return tiles;
}
