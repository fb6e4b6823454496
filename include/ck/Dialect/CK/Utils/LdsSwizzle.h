//===- LdsSwizzle.h - The swizzled layout of LDS tiles ----------*- C++ -*-===//
//
// An LDS tile [outer][inner] without padding may be swizzled in S-byte
// blocks (#ck.copy_plan's `swizzle`; S is 32, 64 or 128, the modes of TMA
// and of wgmma's matrix descriptors): the inner dimension is cut into blocks
// of S bytes, stored one after another, each as [outer][S bytes], and in
// that blocked tile the 16-byte chunk at byte offset o moves to o xor
// (((o >> 7) mod (S / 16)) << 4). With S = 128 chunk c of outer row r lands
// at c xor (r mod 8), with S = 64 at c xor ((r div 2) mod 4), with S = 32
// at c xor ((r div 4) mod 2). Each spreads the same chunk of any eight
// consecutive rows over all 32 banks, as ldmatrix reads them, and keeps a
// warp's 16-byte stores of whole rows conflict-free.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_UTILS_LDSSWIZZLE_H
#define CK_DIALECT_CK_UTILS_LDSSWIZZLE_H

#include "mlir/IR/Builders.h"

#include <utility>

namespace mlir::ck {

/// The widest swizzle, in bytes: the period of every swizzle's pattern.
constexpr int64_t kMaxSwizzleBytes = 128;

/// The swizzle of rows of `rowBytes`: the row itself where it is 32 or 64
/// bytes, 128 where it is a multiple of 128, else 0 (none fits).
inline int64_t swizzleForRow(int64_t rowBytes) {
  if (rowBytes == 32 || rowBytes == 64)
    return rowBytes;
  return rowBytes > 0 && rowBytes % kMaxSwizzleBytes == 0 ? kMaxSwizzleBytes
                                                          : 0;
}

/// Where byte `offset` of a tile blocked in `swizzleBytes` blocks lies once
/// swizzled: its 16-byte chunk bits xor as many bits of its 128-byte line.
/// The swizzle is its own inverse.
inline int64_t swizzledByteOffset(int64_t offset, int64_t swizzleBytes) {
  return offset ^ (((offset >> 7) & (swizzleBytes / 16 - 1)) << 4);
}

/// Where element (outer, inner) of a [outerExtent][innerExtent] tile of
/// `elementBytes`-byte elements swizzled in `swizzleBytes` blocks lies, as
/// (row, column) of the same memref. The outer extent is a multiple of 8
/// and every divisor but it a power of two.
std::pair<Value, Value>
emitSwizzledPlace(OpBuilder &b, Location loc, int64_t swizzleBytes,
                  int64_t elementBytes, int64_t outerExtent,
                  int64_t innerExtent, Value outer, Value inner);

} // namespace mlir::ck

#endif // CK_DIALECT_CK_UTILS_LDSSWIZZLE_H
