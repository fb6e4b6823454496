//===- MatrixLayoutTest.cpp - Packed fragment layouts
//----------------------===//
//
// FragmentLayout::packedAlong: reading several K steps of an operand at
// once is sound when, in every step, A's and B's elements of each K slot
// of the instruction carry the same permuted K, and the steps together
// cover the packed K range once. LDS transpose reads: which fragments they
// return, with K permuted alike for A and B, free of bank conflicts.
//
//===----------------------------------------------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

#include "gtest/gtest.h"

#include <map>
#include <set>
#include <tuple>

using namespace mlir;
using namespace mlir::ck;

namespace {

/// Checks `pack` steps of `mma` on waves of `wave` lanes: lanes l and l'
/// that hold the same K slot of A and B (the instruction pairs A's element
/// e of lane l with B's of the lane holding the same K at the same place)
/// get the same permuted K in each step, and all steps cover [0, pack * k)
/// once per row of A.
void expectSoundPacking(MatrixInstrAttrInterface mma, int64_t wave,
                        int64_t pack) {
  MatrixLayout layout = mma.getLayout(wave);
  std::optional<FragmentLayout> a = layout.a.packedAlong(1, pack);
  std::optional<FragmentLayout> b = layout.b.packedAlong(0, pack);
  ASSERT_TRUE(a && b);
  int64_t size = layout.a.size();
  ASSERT_EQ(a->size(), pack * size);
  ASSERT_EQ(b->size(), pack * layout.b.size());
  for (int64_t lane = 0; lane < wave; ++lane) {
    for (int64_t t = 0; t < pack; ++t) {
      for (int64_t e = 0; e < size; ++e) {
        // The slot of the unpacked instruction: its K, for A and B alike.
        int64_t slotA = layout.a.coord(lane, e).second;
        int64_t slotB = layout.b.coord(lane, e).first;
        ASSERT_EQ(slotA, slotB) << "lane " << lane << " element " << e;
        // The same slot carries the same permuted K in both operands.
        EXPECT_EQ(a->coord(lane, t * size + e).second,
                  b->coord(lane, t * size + e).first)
            << "lane " << lane << " step " << t << " element " << e;
        // Rows of A and columns of B do not move.
        EXPECT_EQ(a->coord(lane, t * size + e).first,
                  layout.a.coord(lane, e).first);
        EXPECT_EQ(b->coord(lane, t * size + e).second,
                  layout.b.coord(lane, e).second);
      }
    }
  }
  // Per row of A, the steps together read every K of the pack once.
  for (int64_t row = 0; row < layout.m; ++row) {
    std::multiset<int64_t> ks;
    for (int64_t lane = 0; lane < wave; ++lane)
      for (int64_t i = 0; i < a->size(); ++i)
        if (a->coord(lane, i).first == row)
          ks.insert(a->coord(lane, i).second);
    ASSERT_EQ(static_cast<int64_t>(ks.size()), pack * layout.k);
    for (int64_t k = 0; k < pack * layout.k; ++k)
      EXPECT_EQ(ks.count(k), 1u) << "row " << row << " k " << k;
  }
}

class MatrixLayoutTest : public ::testing::Test {
protected:
  MatrixLayoutTest() { context.loadDialect<CKDialect>(); }
  MLIRContext context;
};

TEST_F(MatrixLayoutTest, MfmaF16PacksTwoSteps) {
  auto mma = MfmaAttr::get(&context, 16, 16, 16, Float16Type::get(&context));
  expectSoundPacking(mma, 64, 2);
  // Lane 17 (row 1, K group 1) holds k 8..15 of the two steps: a run.
  FragmentLayout a = *mma.getLayout(64).a.packedAlong(1, 2);
  for (int64_t i = 0; i < 8; ++i) {
    EXPECT_EQ(a.coord(17, i).first, 1);
    EXPECT_EQ(a.coord(17, i).second, 8 + i);
  }
}

TEST_F(MatrixLayoutTest, MfmaF32PacksFourSteps) {
  auto mma = MfmaAttr::get(&context, 16, 16, 4, Float32Type::get(&context));
  expectSoundPacking(mma, 64, 4);
}

TEST_F(MatrixLayoutTest, RunsThatAreNotOneDoNotPack) {
  // mma.sync's A: each lane holds k and k + 8 (two runs).
  auto mma = MmaSyncAttr::get(&context, 16, 8, 16, Float16Type::get(&context));
  EXPECT_FALSE(mma.getLayout(32).a.packedAlong(1, 2));
}

/// The elements LDS transpose reads give each lane of a wave, where lane
/// 16 g + 4 n + q of read i reads the 4 elements at column 4 q of the row
/// holding K position 8 g + 4 i + n (transposeReadRow), as the AMD
/// lowering does: [lane][element] as (row, column) of the MN-major tile.
/// The read's exchange, from public descriptions of ds_read_b64_tr_b16 (no
/// gfx950 here checks it): in each group of 16 lanes, lane j's element n
/// is element j mod 4 of lane 4 n + j div 4.
std::vector<std::vector<std::pair<int64_t, int64_t>>> transposeReads() {
  std::vector<std::vector<std::pair<int64_t, int64_t>>> lanes(64);
  for (int64_t i = 0; i < 2; ++i) {
    // What each lane loads: 4 consecutive elements of one row.
    auto loaded = [&](int64_t lane, int64_t element) {
      int64_t g = lane / 16, n = lane % 16 / 4, q = lane % 4;
      return std::pair{transposeReadRow(8 * g + 4 * i + n), 4 * q + element};
    };
    for (int64_t lane = 0; lane < 64; ++lane) {
      int64_t g = lane / 16, j = lane % 16;
      for (int64_t n = 0; n < 4; ++n)
        lanes[lane].push_back(loaded(16 * g + 4 * n + j / 4, j % 4));
    }
  }
  return lanes;
}

TEST_F(MatrixLayoutTest, TransposeReadsReturnMfmaFragments) {
  Type f16 = Float16Type::get(&context), bf16 = BFloat16Type::get(&context);
  std::vector<std::vector<std::pair<int64_t, int64_t>>> read = transposeReads();
  for (auto [k, type, pack] :
       {std::tuple{32, f16, 1}, {32, bf16, 1}, {16, f16, 2}, {16, bf16, 2}}) {
    SCOPED_TRACE("16x16x" + std::to_string(k));
    MatrixLayout layout =
        MfmaAttr::get(&context, 16, 16, k, type).getLayout(64);
    ASSERT_EQ(layout.transposeReadPack(), pack);
    FragmentLayout a = *layout.a.packedAlong(1, pack);
    FragmentLayout b = *layout.b.packedAlong(0, pack);
    EXPECT_TRUE(a.readByTransposeLoads(1));
    EXPECT_TRUE(b.readByTransposeLoads(0));
    // Each lane gets its fragment of A (m x k) and of B (k x n), K at the
    // rows transposeReadRow permutes it to, alike in both.
    for (int64_t lane = 0; lane < 64; ++lane)
      for (int64_t e = 0; e < 8; ++e) {
        auto [m, ka] = a.coord(lane, e);
        auto [kb, n] = b.coord(lane, e);
        EXPECT_EQ(read[lane][e], std::pair(transposeReadRow(ka), m))
            << "A: lane " << lane << " element " << e;
        EXPECT_EQ(read[lane][e], std::pair(transposeReadRow(kb), n))
            << "B: lane " << lane << " element " << e;
      }
  }
  // The permutation keeps each 32 of K whole: 32 rows of its own each.
  for (int64_t k0 : {0, 32}) {
    std::set<int64_t> rows;
    for (int64_t k = k0; k < k0 + 32; ++k) {
      EXPECT_EQ(transposeReadRow(k) / 32, k0 / 32) << "k " << k;
      rows.insert(transposeReadRow(k));
    }
    EXPECT_EQ(rows.size(), 32u);
  }
}

/// The most lanes of one cycle whose 8-byte reads share a bank, where
/// lane l reads at byte `place(l)` and a cycle serves `lanes` lanes from
/// `banks` banks of 4 bytes.
int64_t worstConflict(function_ref<int64_t(int64_t)> place, int64_t lanes,
                      int64_t banks) {
  int64_t worst = 1;
  for (int64_t first = 0; first < 64; first += lanes) {
    std::map<int64_t, int64_t> perBank;
    for (int64_t lane = first; lane < first + lanes; ++lane)
      for (int64_t word : {0, 1})
        worst = std::max(worst, ++perBank[(place(lane) / 4 + word) % banks]);
  }
  return worst;
}

TEST_F(MatrixLayoutTest, TransposeReadsAvoidBankConflicts) {
  // Each read of a tile of 16-bit elements whose rows (K) are a multiple
  // of kTransposeReadRowBytes, padded by kTransposeReadPadBytes: lane
  // 16 g + 4 n + q of read i reads 8 bytes at column c0 + 4 q of the row of
  // K position 8 g + 4 i + n. gfx950's LDS banks are not public, so both
  // 16 lanes a cycle over 32 banks and 32 over 64 must be free of
  // conflicts.
  for (int64_t rowBytes : {128, 256, 384, 512}) {
    int64_t pitch = rowBytes + kTransposeReadPadBytes;
    for (int64_t c0 = 0; c0 < rowBytes / 2; c0 += 16)
      for (int64_t i = 0; i < 2; ++i) {
        SCOPED_TRACE("rows of " + std::to_string(rowBytes) + " bytes, column " +
                     std::to_string(c0) + ", read " + std::to_string(i));
        auto place = [&](int64_t lane, bool permuted, int64_t rowPitch) {
          int64_t g = lane / 16, n = lane % 16 / 4, q = lane % 4;
          int64_t k = 8 * g + 4 * i + n;
          return (permuted ? transposeReadRow(k) : k) * rowPitch +
                 (c0 + 4 * q) * 2;
        };
        auto padded = [&](int64_t lane) { return place(lane, true, pitch); };
        EXPECT_EQ(worstConflict(padded, 16, 32), 1);
        EXPECT_EQ(worstConflict(padded, 32, 64), 1);
        // K in order: rows k and k + 8 of the two groups meet in 64 banks.
        auto inOrder = [&](int64_t lane) { return place(lane, false, pitch); };
        EXPECT_EQ(worstConflict(inOrder, 32, 64), 2);
        // Unpadded: the four rows of a group meet.
        auto unpadded = [&](int64_t lane) {
          return place(lane, true, rowBytes);
        };
        EXPECT_EQ(worstConflict(unpadded, 16, 32), 4);
      }
  }
}

TEST_F(MatrixLayoutTest, TransposeReadsReturnNoOtherFragments) {
  Type f16 = Float16Type::get(&context), f32 = Float32Type::get(&context);
  // The layout alone: f32's 16x16x4 packs 8 steps into the same one (the
  // reads' 16-bit elements are the ops' verifiers' rule).
  EXPECT_EQ(
      MfmaAttr::get(&context, 16, 16, 4, f32).getLayout(64).transposeReadPack(),
      8);
  // mma.sync and WMMA: waves of 32.
  EXPECT_FALSE(MmaSyncAttr::get(&context, 16, 8, 16, f16)
                   .getLayout(32)
                   .transposeReadPack());
  EXPECT_FALSE(WmmaAttr::get(&context, 16, 16, 16, f16, WmmaGeneration::Gfx12)
                   .getLayout(32)
                   .transposeReadPack());
  // Unpacked 16x16x16: 4 elements per lane, runs from 4 times the group.
  EXPECT_FALSE(MfmaAttr::get(&context, 16, 16, 16, f16)
                   .getLayout(64)
                   .a.readByTransposeLoads(1));
}

} // namespace
