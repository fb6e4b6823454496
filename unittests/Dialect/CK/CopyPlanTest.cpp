//===- CopyPlanTest.cpp - Copy plans with units in LDS order --------------===//
//
// A #ck.copy_plan in LDS order (gfx950's loads to LDS) must give thread t
// the element that lives in LDS slot t (then t + threads, ...): checked
// against the layouts' own definitions (LdsSwizzle.h, the padded rows),
// both for CopyPlanAttr::unitPlace and for the IR emitUnitPosition builds.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/TileCopyPlan.h"
#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <set>

using namespace mlir;
using namespace mlir::ck;

namespace {

constexpr int64_t kElementBytes = 2;

class CopyPlanTest : public ::testing::Test {
protected:
  CopyPlanTest() {
    context.loadDialect<CKDialect, arith::ArithDialect, func::FuncDialect>();
  }

  /// A plan of an [outer][inner] tile kept `inner` innermost (rows x cols,
  /// loaded along the columns), in LDS order.
  CopyPlanAttr plan(int64_t outer, int64_t inner, int64_t width, int64_t pad,
                    int64_t swizzle, int64_t threads) {
    return CopyPlanAttr::get(&context, outer, inner, /*loadDim=*/1, width,
                             /*ldsDim=*/1, width, pad, threads, swizzle,
                             /*ldsOrder=*/true);
  }

  /// The byte offset where element (r, c) lives in the plan's LDS tile, by
  /// the layouts' definitions: rows of inner + pad elements, or blocks of
  /// S bytes, each [outer][S bytes], whose 16-byte chunk at o moves to
  /// o xor (((o >> 7) mod (S / 16)) << 4).
  static int64_t byteOffset(CopyPlanAttr plan, int64_t r, int64_t c) {
    int64_t outer = plan.getRows(), inner = plan.getCols();
    int64_t s = plan.getSwizzle();
    if (!s)
      return (r * (inner + plan.getPad()) + c) * kElementBytes;
    int64_t block = s / kElementBytes;
    int64_t blocked =
        ((c / block) * outer * block + r * block + c % block) * kElementBytes;
    return blocked ^ (((blocked >> 7) % (s / 16)) << 4);
  }

  /// Checks that the plan's units fill their slots: unit u's element lives
  /// at byte u * width * 2, every element of the tile is some unit's, and
  /// the units in a row's pad are the slots past each row's end.
  void checkUnits(CopyPlanAttr plan) {
    SCOPED_TRACE(llvm::formatv("tile {0}x{1}, pad {2}, swizzle {3}",
                               plan.getRows(), plan.getCols(), plan.getPad(),
                               plan.getSwizzle())
                     .str());
    int64_t width = plan.getLoadWidth();
    int64_t pitch = plan.getCols() + plan.getPad();
    EXPECT_EQ(plan.units(), plan.getRows() * pitch / width);
    std::set<std::pair<int64_t, int64_t>> seen;
    for (int64_t u = 0; u < plan.units(); ++u) {
      bool inPad = u * width % pitch >= plan.getCols();
      EXPECT_EQ(plan.unitInTile(u), !inPad) << "unit " << u;
      if (inPad)
        continue;
      auto [r, c] = plan.unitPlace(u, kElementBytes);
      EXPECT_EQ(byteOffset(plan, r, c), u * width * kElementBytes)
          << "unit " << u << " at (" << r << ", " << c << ")";
      EXPECT_TRUE(seen.insert({r, c}).second) << "unit " << u;
    }
    EXPECT_EQ(int64_t(seen.size()), plan.getRows() * plan.getCols() / width);
  }

  /// Checks that emitUnitPosition's arithmetic folds to unitPlace and
  /// unitInTile for every unit of every thread.
  void checkPositions(CopyPlanAttr plan) {
    OpBuilder b(&context);
    Location loc = b.getUnknownLoc();
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    b.setInsertionPointToEnd(module->getBody());
    auto func =
        func::FuncOp::create(b, loc, "units", b.getFunctionType({}, {}));
    b.setInsertionPointToEnd(func.addEntryBlock());
    SmallVector<Value> values;
    for (int64_t t = 0; t < plan.getThreads(); ++t)
      for (int64_t i = 0; i < plan.unitsPerThread(); ++i) {
        UnitPosition unit =
            emitUnitPosition(b, loc, plan, kElementBytes,
                             arith::ConstantIndexOp::create(b, loc, t), i);
        Value inTile = unit.inTile ? unit.inTile
                                   : arith::ConstantIntOp::create(b, loc, 1, 1);
        values.append({unit.row, unit.col, unit.exists, inTile});
      }
    func::ReturnOp::create(b, loc, values);
    func.setType(b.getFunctionType({}, ValueRange(values).getTypes()));
    ASSERT_TRUE(
        succeeded(applyPatternsGreedily(func, RewritePatternSet(&context))));
    auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
    size_t next = 0;
    for (int64_t t = 0; t < plan.getThreads(); ++t)
      for (int64_t i = 0; i < plan.unitsPerThread(); ++i, next += 4) {
        int64_t u = t + i * plan.getThreads();
        SmallVector<std::optional<int64_t>> folded;
        for (size_t k = 0; k < 4; ++k)
          folded.push_back(getConstantIntValue(ret.getOperand(next + k)));
        ASSERT_TRUE(folded[0] && folded[1] && folded[2] && folded[3])
            << "unit " << u << " did not fold";
        EXPECT_EQ(*folded[2] != 0, u < plan.units()) << "unit " << u;
        if (u >= plan.units())
          continue;
        auto [r, c] = plan.unitPlace(u, kElementBytes);
        EXPECT_EQ(*folded[0], r) << "unit " << u;
        EXPECT_EQ(*folded[1], c) << "unit " << u;
        EXPECT_EQ(*folded[3] != 0, plan.unitInTile(u)) << "unit " << u;
      }
  }

  MLIRContext context;
};

TEST_F(CopyPlanTest, SwizzledUnitsFillTheirSlots) {
  // Rows of one block (32, 64, 128 bytes) and of two 128-byte blocks.
  for (CopyPlanAttr p :
       {plan(32, 16, 8, 0, 32, 64), plan(64, 32, 8, 0, 64, 128),
        plan(32, 64, 8, 0, 128, 256), plan(16, 128, 8, 0, 128, 64),
        plan(16, 128, 2, 0, 128, 256)}) {
    checkUnits(p);
    checkPositions(p);
  }
}

TEST_F(CopyPlanTest, PaddedUnitsFillTheirSlots) {
  // Rows of 64 + 16 (gfx950's transpose-read tiles) and 32 + 8 elements;
  // a partial last round of units.
  for (CopyPlanAttr p :
       {plan(32, 64, 8, 16, 0, 256), plan(64, 32, 8, 8, 0, 256),
        plan(8, 32, 8, 8, 0, 24)}) {
    checkUnits(p);
    checkPositions(p);
  }
}

TEST_F(CopyPlanTest, UnitsOutOfLdsOrderKeepTheirPlaces) {
  // Without LDS order unit u of a row-major tile is at (u / per row,
  // u mod per row x width), and every unit lies in the tile.
  CopyPlanAttr p = CopyPlanAttr::get(&context, 32, 64, 1, 8, 1, 8, 8, 256, 0,
                                     /*ldsOrder=*/false);
  EXPECT_EQ(p.units(), 32 * 64 / 8);
  for (int64_t u = 0; u < p.units(); ++u) {
    EXPECT_EQ(p.unitPlace(u, kElementBytes),
              (std::array<int64_t, 2>{u / 8, u % 8 * 8}));
    EXPECT_TRUE(p.unitInTile(u));
  }
}

} // namespace
