//===- MatrixLayout.h - Fragment layouts of matrix instructions -*- C++ -*-===//
//
// What a wave-level matrix instruction computes and which lane holds which
// element of its operands: the `getLayout` of every attribute implementing
// MatrixInstrAttrInterface. The tiling pass is written once against this
// description; only the instruction itself differs between targets.
//
// Each lane holds `a.size()` values of the m x k tile of A, `b.size()` of
// the k x n tile of B and `c.size()` f32 accumulators of the m x n tile of
// C. The coordinate of element `i` of lane `l` is
//
//   row = rowTerm(l) + offsets[i].row,   col = colTerm(l) + offsets[i].col
//
// with lane terms of the form `scale * (l / divisor)` or
// `scale * (l % modulus)`.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_MATRIXLAYOUT_H
#define CK_DIALECT_CK_IR_MATRIXLAYOUT_H

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace mlir::ck {

/// `scale * (lane / divisor)` when divisor > 0, else
/// `scale * (lane % modulus)`.
struct LaneTerm {
  int64_t divisor = 0;
  int64_t modulus = 0;
  int64_t scale = 0;
  int64_t evaluate(int64_t lane) const {
    if (scale == 0)
      return 0;
    return scale * (divisor ? lane / divisor : lane % modulus);
  }
};

struct FragmentLayout {
  LaneTerm row, col;
  std::vector<std::pair<int64_t, int64_t>> offsets; // (row, col) per element

  int64_t size() const { return offsets.size(); }
  /// The longest power-of-two run (at most `maxRun`) of elements from `i`
  /// that step by one along `dim` (0: rows, 1: cols) and share the other
  /// coordinate.
  int64_t runAt(int64_t i, unsigned dim, int64_t maxRun) const;
  std::pair<int64_t, int64_t> coord(int64_t lane, int64_t element) const {
    return {row.evaluate(lane) + offsets[element].first,
            col.evaluate(lane) + offsets[element].second};
  }
  /// `pack` consecutive instruction steps along `dim` (the K dimension: 1
  /// for A, 0 for B) read as one fragment, K permuted within the steps'
  /// `pack * k` so that each lane's elements stay one run: where the lane's
  /// elements are one run of r along `dim` and the lane term along it steps
  /// by r, element `t * r + e` is element `e` of step t at `dim` position
  /// `pack * r * q + t * r + e` (q the lane's group), instead of `t * k + r
  /// * q + e`. A product summed over K does not change when A and B are
  /// permuted alike. std::nullopt for other layouts.
  std::optional<FragmentLayout> packedAlong(unsigned dim, int64_t pack) const;
  /// Whether LDS transpose reads (ds_read_b64_tr_b16, four elements per
  /// lane, exchanged among groups of 16 lanes) return this fragment, K being
  /// `kDim`: each lane holds 8 elements, one run along K from 8 times its
  /// group of 16, at the other dimension's lane mod 16.
  bool readByTransposeLoads(unsigned kDim) const;
};

/// The elements per lane of one LDS transpose read, and the K a fragment
/// that such reads return spans.
constexpr int64_t kTransposeReadElements = 4;
constexpr int64_t kTransposeReadK = 32;

/// The tile row (along K) that holds the fragments' K position `k` where
/// they are read by LDS transpose reads: bits 2 and 3 of k swapped. A
/// read's group g of 16 lanes takes K positions 8 g + 4 i + n (n = 0..3,
/// i the read), rows 16 (g div 2) + 8 i + 4 (g mod 2) + n: the 16 lanes
/// read four consecutive rows and the 32 of g = 0, 1 eight.
constexpr int64_t transposeReadRow(int64_t k) {
  return (k & ~int64_t(12)) | ((k & 4) << 1) | ((k & 8) >> 1);
}

/// The pad of the rows of a tile read by LDS transpose reads, whose rows
/// are a multiple of kTransposeReadRowBytes: a pitch of an odd multiple of 32
/// bytes modulo 256 puts the 32 bytes each of any eight consecutive rows in
/// distinct banks, of 64 and (four rows) of 32, and keeps every read of a
/// lane at a constant offset from its first.
constexpr int64_t kTransposeReadPadBytes = 32;
constexpr int64_t kTransposeReadRowBytes = 128;

/// One instruction on waves of `waveSize` lanes: C (m x n) += A (m x k) *
/// B (k x n), with each operand's fragment layout.
struct MatrixLayout {
  int64_t m, n, k;
  unsigned waveSize;
  FragmentLayout a; // rows: m, cols: k
  FragmentLayout b; // rows: k, cols: n
  FragmentLayout c; // rows: m, cols: n

  /// The instruction steps along K whose fragments of A and of B (packed,
  /// FragmentLayout::packedAlong) LDS transpose reads return, or
  /// std::nullopt where none do.
  std::optional<int64_t> transposeReadPack() const;
};

} // namespace mlir::ck

#endif // CK_DIALECT_CK_IR_MATRIXLAYOUT_H
