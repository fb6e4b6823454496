//===- MatrixLayoutTest.cpp - Packed fragment layouts
//----------------------===//
//
// FragmentLayout::packedAlong: reading several K steps of an operand at
// once is sound when, in every step, A's and B's elements of each K slot
// of the instruction carry the same permuted K, and the steps together
// cover the packed K range once.
//
//===----------------------------------------------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

#include "gtest/gtest.h"

#include <set>

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

} // namespace
