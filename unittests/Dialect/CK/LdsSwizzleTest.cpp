//===- LdsSwizzleTest.cpp - The swizzled layout of LDS tiles --------------===//
//
// emitSwizzledPlace's arithmetic, folded to constants for every element of
// a tile, against the layout's promises (LdsSwizzle.h): a permutation of
// the tile that keeps each element in its 128-byte line, wgmma's 128-byte
// pattern for rows of 128 bytes, and no two of ldmatrix's eight rows, nor
// of a warp's 16-byte stores of one line, nor of MI300's ds_read_b128
// cycles on MFMA fragments, in the same banks.
//
//===----------------------------------------------------------------------===//

#include "ck/Dialect/CK/Utils/LdsSwizzle.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::ck;

namespace {

/// 16-bit elements, 16-byte chunks of 8.
constexpr int64_t kElementBytes = 2, kChunk = 8;

class LdsSwizzleTest : public ::testing::Test {
protected:
  LdsSwizzleTest() {
    context.loadDialect<arith::ArithDialect, func::FuncDialect>();
  }

  /// The byte offset in the tile emitSwizzledPlace gives element (r, c) of
  /// an [outer][inner] tile swizzled in `swizzle`-byte blocks, for every
  /// element, row-major.
  std::vector<int64_t> offsets(int64_t swizzle, int64_t outer, int64_t inner) {
    OpBuilder b(&context);
    Location loc = b.getUnknownLoc();
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    b.setInsertionPointToEnd(module->getBody());
    auto func =
        func::FuncOp::create(b, loc, "places", b.getFunctionType({}, {}));
    b.setInsertionPointToEnd(func.addEntryBlock());
    SmallVector<Value> places;
    for (int64_t r = 0; r < outer; ++r)
      for (int64_t c = 0; c < inner; ++c) {
        auto [row, col] =
            emitSwizzledPlace(b, loc, swizzle, kElementBytes, outer, inner,
                              arith::ConstantIndexOp::create(b, loc, r),
                              arith::ConstantIndexOp::create(b, loc, c));
        places.append({row, col});
      }
    func::ReturnOp::create(b, loc, places);
    func.setType(b.getFunctionType({}, ValueRange(places).getTypes()));
    EXPECT_TRUE(
        succeeded(applyPatternsGreedily(func, RewritePatternSet(&context))));
    auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
    std::vector<int64_t> result;
    for (size_t i = 0; i < ret.getNumOperands(); i += 2) {
      std::optional<int64_t> row = getConstantIntValue(ret.getOperand(i));
      std::optional<int64_t> col = getConstantIntValue(ret.getOperand(i + 1));
      EXPECT_TRUE(row && col) << "place " << i / 2 << " did not fold";
      if (!row || !col)
        return {};
      result.push_back((*row * inner + *col) * kElementBytes);
    }
    return result;
  }

  /// Checks `swizzle` on an [outer][inner] tile whose rows are its blocks
  /// (inner * 2 == swizzle) or whole multiples of them.
  void checkLayout(int64_t swizzle, int64_t outer, int64_t inner) {
    SCOPED_TRACE("swizzle " + std::to_string(swizzle) + ", " +
                 std::to_string(outer) + " x " + std::to_string(inner));
    std::vector<int64_t> at = offsets(swizzle, outer, inner);
    ASSERT_EQ(at.size(), size_t(outer * inner));
    int64_t block = swizzle / kElementBytes;
    auto place = [&](int64_t r, int64_t c) { return at[r * inner + c]; };
    // The unswizzled offset in the blocked tile: blocks of `block` columns
    // one after another, each [outer][block].
    auto blocked = [&](int64_t r, int64_t c) {
      return ((c / block) * outer * block + r * block + c % block) *
             kElementBytes;
    };
    std::set<int64_t> seen;
    for (int64_t r = 0; r < outer; ++r)
      for (int64_t c = 0; c < inner; ++c) {
        // A permutation of the tile, chunk by chunk, within each line.
        EXPECT_TRUE(seen.insert(place(r, c)).second);
        EXPECT_EQ(place(r, c) / 128, blocked(r, c) / 128);
        EXPECT_EQ(place(r, c) % 16, blocked(r, c) % 16);
      }
    // Banks: a 16-byte chunk takes four of the 32, at (offset mod 128) / 16.
    auto slot = [&](int64_t offset) { return offset % 128 / 16; };
    // ldmatrix: the same chunk of eight rows of a group of eight.
    for (int64_t r0 = 0; r0 < outer; r0 += 8)
      for (int64_t c = 0; c < inner; c += kChunk) {
        std::set<int64_t> slots;
        for (int64_t r = r0; r < r0 + 8; ++r)
          slots.insert(slot(place(r, c)));
        EXPECT_EQ(slots.size(), 8u) << "rows " << r0 << "+ column " << c;
      }
    // A warp's 16-byte stores of one 128-byte line of the blocked tile.
    std::map<int64_t, std::set<int64_t>> lines;
    for (int64_t r = 0; r < outer; ++r)
      for (int64_t c = 0; c < inner; c += kChunk)
        EXPECT_TRUE(
            lines[blocked(r, c) / 128].insert(slot(place(r, c))).second);
  }

  MLIRContext context;
};

TEST_F(LdsSwizzleTest, RowsOfTheirBlock) {
  checkLayout(32, 16, 16);
  checkLayout(64, 16, 32);
  checkLayout(128, 16, 64);
}

TEST_F(LdsSwizzleTest, WideRows) {
  // Rows of 256 bytes: two 128-byte blocks, the second after all rows of
  // the first.
  checkLayout(128, 8, 128);
}

TEST_F(LdsSwizzleTest, RowsOf128BytesAreWgmmas) {
  // wgmma's 128-byte swizzle: chunk c of row r at c xor (r mod 8).
  std::vector<int64_t> at = offsets(128, 16, 64);
  ASSERT_EQ(at.size(), size_t(16 * 64));
  for (int64_t r = 0; r < 16; ++r)
    for (int64_t c = 0; c < 64; ++c)
      EXPECT_EQ(at[r * 64 + c],
                r * 128 + ((c / kChunk) ^ (r % 8)) * 16 + c % kChunk * 2);
}

/// MI300's ds_read_b128 serves a wave in eight cycles of eight lanes each,
/// and the cycles pair lanes 0-3 with 20-23, 4-7 with 16-19, 8-11 with
/// 28-31 and 12-15 with 24-27 (then the same 32 on); a public
/// microbenchmark's finding, which no AMD GPU here can check.
std::vector<std::vector<int64_t>> mi300ReadCycles() {
  std::vector<std::vector<int64_t>> cycles;
  for (int64_t half : {0, 32})
    for (auto [a, b] : {std::pair{0, 20}, {4, 16}, {8, 28}, {12, 24}}) {
      std::vector<int64_t> lanes;
      for (int64_t i = 0; i < 4; ++i)
        lanes.insert(lanes.end(), {half + a + i, half + b + i});
      cycles.push_back(lanes);
    }
  return cycles;
}

/// The most lanes of one read cycle whose 16-byte reads share banks, where
/// lane l reads the chunk at `place(l)`.
int64_t worstConflict(function_ref<int64_t(int64_t)> place) {
  int64_t worst = 1;
  for (const std::vector<int64_t> &cycle : mi300ReadCycles()) {
    std::map<int64_t, int64_t> perSlot;
    for (int64_t lane : cycle)
      worst = std::max(worst, ++perSlot[place(lane) % 128 / 16]);
  }
  return worst;
}

TEST_F(LdsSwizzleTest, MfmaFragmentsOnMi300) {
  // MFMA fragments packed two K steps at once (k_pack 2): lane l reads 16
  // bytes of row l mod R at chunk c0 + l / R, R = 16 (16x16x16) or 32
  // (32x32x8), in K-tiles of 32 and 64 (rows of 64 and 128 bytes).
  for (int64_t rows : {16, 32})
    for (int64_t inner : {32, 64}) {
      std::vector<int64_t> at = offsets(inner * kElementBytes, 32, inner);
      ASSERT_EQ(at.size(), size_t(32 * inner));
      int64_t chunks = inner / kChunk, perRow = 64 / rows;
      for (int64_t c0 = 0; c0 + perRow <= chunks; c0 += perRow) {
        SCOPED_TRACE("rows " + std::to_string(rows) + ", inner " +
                     std::to_string(inner) + ", chunk " + std::to_string(c0));
        auto swizzled = [&](int64_t lane) {
          return at[(lane % rows) * inner + (c0 + lane / rows) * kChunk];
        };
        EXPECT_EQ(worstConflict(swizzled), 1);
        // Rows padded by 16 bytes, as the unswizzled tiles are: the
        // 16x16x16 reads of lanes 0-3 (rows 0-3) and 20-23 (rows 4-7 one
        // chunk on) meet in the same banks.
        auto padded = [&](int64_t lane) {
          return (lane % rows) * (inner * kElementBytes + 16) +
                 (c0 + lane / rows) * 16;
        };
        EXPECT_EQ(worstConflict(padded), rows == 16 ? 2 : 1);
      }
    }
}

TEST_F(LdsSwizzleTest, SwizzleForRow) {
  EXPECT_EQ(swizzleForRow(32), 32);
  EXPECT_EQ(swizzleForRow(64), 64);
  EXPECT_EQ(swizzleForRow(128), 128);
  EXPECT_EQ(swizzleForRow(512), 128);
  EXPECT_EQ(swizzleForRow(16), 0);
  EXPECT_EQ(swizzleForRow(80), 0);
  EXPECT_EQ(swizzleForRow(192), 0);
  EXPECT_EQ(swizzleForRow(0), 0);
}

} // namespace
