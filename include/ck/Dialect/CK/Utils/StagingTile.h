//===- StagingTile.h - The shape of an epilogue's staging tile --*- C++ -*-===//
//
// The epilogue of a GEMM kernel stages its C tile in LDS (ck.tile_store's
// `staged`): slices of rows, padded so that neighbouring rows' fragment
// stores fall in different banks, or, where LDS is short and one wave spans
// the tile's columns, slices of its columns. The configuration estimate,
// the kernel builder and ck.tile_store's verifier agree on its shape
// through these.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_UTILS_STAGINGTILE_H
#define CK_DIALECT_CK_UTILS_STAGINGTILE_H

#include <cstdint>

namespace mlir::ck {

/// Padding after each row of the epilogue's staging tile: rows stay aligned
/// for 16-byte vector reads, and the fragment stores of neighbouring rows
/// start 4 banks apart.
constexpr int64_t kStagingRowPadBytes = 16;

/// The columns of a staging tile for `bn` columns of `elementBytes`-byte
/// elements, the padding included.
inline int64_t stagingColumns(int64_t bn, int64_t elementBytes) {
  return bn + kStagingRowPadBytes / elementBytes;
}

/// The narrowest column slice of a staging tile: where one instruction row
/// of every wave does not fit beside the operand tiles (a ring shared
/// across units), waves that span the tile's columns stage it in slices of
/// columns, halved down to this (one TMA box of 2-byte elements).
constexpr int64_t kMinStagingSliceColumns = 64;

/// The widest slice of a tile's `bn` columns whose staging tile
/// (`bytesOf(sliceColumns)` bytes) fits in `room` bytes: bn where the whole
/// rows fit, else bn halved down to kMinStagingSliceColumns, each a
/// multiple of the instruction's `instructionN`, where `waveSpansColumns`
/// (each MMA tile of the one wave along N then lies in one slice). bn where
/// no slice fits, so that what does not fit is the whole staging tile.
/// planEpilogueStaging and estimateCost choose slices so.
template <typename BytesOf>
int64_t fittingStagingSliceColumns(int64_t bn, int64_t instructionN,
                                   bool waveSpansColumns, int64_t room,
                                   BytesOf bytesOf) {
  int64_t slice = bn;
  while (bytesOf(slice) > room && waveSpansColumns &&
         slice % (2 * kMinStagingSliceColumns) == 0 &&
         (slice / 2) % instructionN == 0)
    slice /= 2;
  return bytesOf(slice) <= room ? slice : bn;
}

/// The columns of one slice of a staging tile whose rows hold `cols`
/// elements, for a tile of `bn` columns: `bn` where the rows hold them,
/// else `bn / ceil(bn / cols)`. That recovers a slice of `s` columns (a
/// multiple of kMinStagingSliceColumns dividing bn, at most 8 slices) from
/// its rows, padded by stagingColumns or not.
inline int64_t stagingSliceColumns(int64_t bn, int64_t cols) {
  if (cols >= bn || cols <= 0)
    return bn;
  return bn / ((bn + cols - 1) / cols);
}

} // namespace mlir::ck

#endif // CK_DIALECT_CK_UTILS_STAGINGTILE_H
