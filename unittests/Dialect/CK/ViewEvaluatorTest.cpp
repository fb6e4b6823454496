//===- ViewEvaluatorTest.cpp - Host evaluation of views -------------------===//
//
// Each transform kind on hand-computed coordinates, and a chain.
//
//===----------------------------------------------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Utils/ViewAnalysis.h"
#include "ck/Dialect/CK/Utils/ViewEvaluator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ck;

namespace {

class ViewEvaluatorTest : public ::testing::Test {
protected:
  ViewEvaluatorTest() { context.loadDialect<CKDialect, func::FuncDialect>(); }

  TransformMapAttr map(StringRef text) {
    return cast<TransformMapAttr>(parseAttribute(text, &context));
  }

  using Coord = std::optional<SmallVector<int64_t>>;
  static Coord at(std::initializer_list<int64_t> c) {
    return SmallVector<int64_t>(c);
  }

  MLIRContext context;
};

TEST_F(ViewEvaluatorTest, PassThroughPermutes) {
  auto m = map("#ck.transform_map<[3, 5] -> [5, 3], ["
               "#ck.transform<pass_through [0] -> [1]>, "
               "#ck.transform<pass_through [1] -> [0]>]>");
  EXPECT_EQ(applyTransformMap(m, {2, 4}), at({4, 2}));
}

TEST_F(ViewEvaluatorTest, PadGivesPaddingOutsideTheTensor) {
  auto m = map("#ck.transform_map<[8] -> [5], "
               "[#ck.transform<pad [0] -> [0] (2, 1)>]>");
  EXPECT_EQ(applyTransformMap(m, {0}), std::nullopt);
  EXPECT_EQ(applyTransformMap(m, {1}), std::nullopt);
  EXPECT_EQ(applyTransformMap(m, {2}), at({0}));
  EXPECT_EQ(applyTransformMap(m, {6}), at({4}));
  EXPECT_EQ(applyTransformMap(m, {7}), std::nullopt);
}

TEST_F(ViewEvaluatorTest, EmbedIsAffine) {
  // hp = 3 + 2 * y - 1 * ho
  auto m = map("#ck.transform_map<[3, 4] -> [10], "
               "[#ck.transform<embed [0, 1] -> [0] (3, 2, -1)>]>");
  EXPECT_EQ(applyTransformMap(m, {0, 0}), at({3}));
  EXPECT_EQ(applyTransformMap(m, {2, 0}), at({7}));
  EXPECT_EQ(applyTransformMap(m, {0, 3}), at({0}));
  EXPECT_EQ(applyTransformMap(m, {2, 1}), at({6}));
}

TEST_F(ViewEvaluatorTest, MergeDecomposesRowMajor) {
  auto m = map("#ck.transform_map<[24] -> [2, 3, 4], "
               "[#ck.transform<merge [0] -> [0, 1, 2]>]>");
  EXPECT_EQ(applyTransformMap(m, {0}), at({0, 0, 0}));
  EXPECT_EQ(applyTransformMap(m, {5}), at({0, 1, 1}));
  EXPECT_EQ(applyTransformMap(m, {23}), at({1, 2, 3}));
}

TEST_F(ViewEvaluatorTest, UnmergeLinearizesRowMajor) {
  auto m = map("#ck.transform_map<[2, 3, 4] -> [24], "
               "[#ck.transform<unmerge [0, 1, 2] -> [0]>]>");
  EXPECT_EQ(applyTransformMap(m, {1, 2, 3}), at({23}));
  EXPECT_EQ(applyTransformMap(m, {0, 1, 1}), at({5}));
}

TEST_F(ViewEvaluatorTest, SliceOffsets) {
  auto m = map("#ck.transform_map<[3] -> [10], "
               "[#ck.transform<slice [0] -> [0] (4, 7)>]>");
  EXPECT_EQ(applyTransformMap(m, {0}), at({4}));
  EXPECT_EQ(applyTransformMap(m, {2}), at({6}));
}

TEST_F(ViewEvaluatorTest, OutsideTheUpperBoundsIsNoElement) {
  auto m = map("#ck.transform_map<[3] -> [10], "
               "[#ck.transform<slice [0] -> [0] (4, 7)>]>");
  EXPECT_EQ(applyTransformMap(m, {3}), std::nullopt);
  EXPECT_EQ(applyTransformMap(m, {-1}), std::nullopt);
}

TEST_F(ViewEvaluatorTest, ChainThroughOpsReachesTheMemref) {
  // A 4x6 matrix, flattened to 24, padded by 1 on each side.
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @f(%m: memref<4x6xf32>) -> !ck.view<26xf32> {
      %flat = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
          by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
      %padded = ck.transform %flat : !ck.view<24xf32> to !ck.view<26xf32>
          by #ck.transform_map<[26] -> [24], [#ck.transform<pad [0] -> [0] (1, 1)>]>
      return %padded : !ck.view<26xf32>
    })mlir",
                                                          &context);
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  Value view = func.front().getTerminator()->getOperand(0);
  FailureOr<TracedView> traced = traceView(view);
  ASSERT_TRUE(succeeded(traced));
  EXPECT_EQ(traced->memref, func.getArgument(0));
  EXPECT_EQ(traced->maps.size(), 2u);
  EXPECT_EQ(traced->evaluate({0}), std::nullopt);
  EXPECT_EQ(traced->evaluate({1}), at({0, 0}));
  EXPECT_EQ(traced->evaluate({8}), at({1, 1}));
  EXPECT_EQ(traced->evaluate({24}), at({3, 5}));
  EXPECT_EQ(traced->evaluate({25}), std::nullopt);
}

/// A view of a memref<4x12xf16> through one map given as text.
class VectorWidthTest : public ViewEvaluatorTest {
protected:
  int64_t widthAlong(StringRef map, unsigned dim) {
    std::string text = ("func.func @f(%m: memref<4x12xf16>) { return }");
    module = parseSourceString<ModuleOp>(text, &context);
    auto func = *module->getOps<func::FuncOp>().begin();
    TracedView view{func.getArgument(0), {this->map(map)}};
    return contiguousVectorWidth(view, dim, 8);
  }
  OwningOpRef<ModuleOp> module;
};

TEST_F(VectorWidthTest, MergeKeepsRunsInsideTheFastestRow) {
  // 48 = 4 x 12: runs of 4 stay inside a row of 12, runs of 8 do not.
  EXPECT_EQ(widthAlong("#ck.transform_map<[48] -> [4, 12], "
                       "[#ck.transform<merge [0] -> [0, 1]>]>",
                       0),
            4);
}

TEST_F(VectorWidthTest, PadMustNotSplitARun) {
  // A left pad of 2 puts the tensor's first element at view index 2.
  EXPECT_EQ(widthAlong("#ck.transform_map<[4, 16] -> [4, 12], ["
                       "#ck.transform<pass_through [0] -> [0]>, "
                       "#ck.transform<pad [1] -> [1] (2, 2)>]>",
                       1),
            2);
  EXPECT_EQ(widthAlong("#ck.transform_map<[4, 20] -> [4, 12], ["
                       "#ck.transform<pass_through [0] -> [0]>, "
                       "#ck.transform<pad [1] -> [1] (4, 4)>]>",
                       1),
            4);
}

TEST_F(VectorWidthTest, StridedEmbedIsNotContiguous) {
  EXPECT_EQ(widthAlong("#ck.transform_map<[4, 6] -> [4, 12], ["
                       "#ck.transform<pass_through [0] -> [0]>, "
                       "#ck.transform<embed [1] -> [1] (0, 2)>]>",
                       1),
            1);
}

TEST_F(VectorWidthTest, OnlyTheInnermostMemrefDimensionIsContiguous) {
  EXPECT_EQ(widthAlong("#ck.transform_map<[12, 4] -> [4, 12], ["
                       "#ck.transform<pass_through [0] -> [1]>, "
                       "#ck.transform<pass_through [1] -> [0]>]>",
                       1),
            1);
  EXPECT_EQ(widthAlong("#ck.transform_map<[12, 4] -> [4, 12], ["
                       "#ck.transform<pass_through [0] -> [1]>, "
                       "#ck.transform<pass_through [1] -> [0]>]>",
                       0),
            4);
}

/// Views over the arguments of one function, for the helpers that weigh
/// several views or element types: %0 memref<1x64x48xf16>, %1
/// memref<1x48x64xf16> and %2 memref<1x64x48xf32>.
class ViewSetTest : public ViewEvaluatorTest {
protected:
  ViewSetTest() {
    module = parseSourceString<ModuleOp>(
        "func.func @f(%a: memref<1x64x48xf16>, %b: memref<1x48x64xf16>, "
        "%c: memref<1x64x48xf32>) { return }",
        &context);
    func = *module->getOps<func::FuncOp>().begin();
  }
  TracedView plain(unsigned argument) {
    return TracedView{func.getArgument(argument), {}};
  }
  /// %1 seen as 1 x 64 x 48: its rows (dim 1) run along the memref's
  /// innermost dimension.
  TracedView transposed() {
    return TracedView{func.getArgument(1),
                      {map("#ck.transform_map<[1, 64, 48] -> [1, 48, 64], ["
                           "#ck.transform<pass_through [0] -> [0]>, "
                           "#ck.transform<pass_through [2] -> [1]>, "
                           "#ck.transform<pass_through [1] -> [2]>]>")}};
  }
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
};

TEST_F(ViewSetTest, WidthDividingShrinksToADivisor) {
  EXPECT_EQ(widthDividing(8, 40), 8);
  EXPECT_EQ(widthDividing(8, 36), 4);
  EXPECT_EQ(widthDividing(8, 7), 1);
  EXPECT_EQ(widthDividing(6, 48), 4);
  EXPECT_EQ(widthDividing(0, 5), 1);
}

TEST_F(ViewSetTest, CommonVectorWidthTakesEveryViewsBytes) {
  // 16 bytes: 8 f16, 4 f32 along the contiguous N (48 columns).
  EXPECT_EQ(commonVectorWidth({plain(0)}, 2), 8);
  EXPECT_EQ(commonVectorWidth({plain(2)}, 2), 4);
  // f16 written, f32 read: 4 of each; f32 written, f16 read: 4 as well.
  EXPECT_EQ(commonVectorWidth({plain(0), plain(2)}, 2), 4);
  EXPECT_EQ(commonVectorWidth({plain(2), plain(0)}, 2), 4);
  // Along rows nothing is contiguous.
  EXPECT_EQ(commonVectorWidth({plain(0)}, 1), 1);
  // A view whose N runs across the memref's rows takes no vector at all.
  EXPECT_EQ(commonVectorWidth({plain(0), transposed()}, 2), 1);
}

TEST_F(ViewSetTest, TileVectorWidthsFollowTheContiguousDimension) {
  // N contiguous: vectors along the columns, shrunk to divide the tile.
  TileVectorWidths n = tileVectorWidths(plain(0), 64, 40);
  EXPECT_EQ(n.rowWidth, 1);
  EXPECT_EQ(n.colWidth, 8);
  EXPECT_EQ(tileVectorWidths(plain(0), 64, 36).colWidth, 4);
  // K contiguous (the transposed view): vectors along the rows.
  TileVectorWidths k = tileVectorWidths(transposed(), 64, 8);
  EXPECT_EQ(k.rowWidth, 8);
  EXPECT_EQ(k.colWidth, 1);
}

} // namespace
