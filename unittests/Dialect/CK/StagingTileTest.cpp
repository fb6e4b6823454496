//===- StagingTileTest.cpp - Column slices of a staging tile --------------===//
//
// fittingStagingSliceColumns chooses the slice (for planEpilogueStaging and
// estimateCost), and stagingSliceColumns recovers every slice it may choose
// (halves of the tile's columns down to kMinStagingSliceColumns) from the
// staging tile's rows, padded or not, as ck.tile_store's verifier and
// lowering need it to.
//
//===----------------------------------------------------------------------===//

#include "ck/Dialect/CK/Utils/StagingTile.h"

#include "gtest/gtest.h"

using namespace mlir::ck;

namespace {

TEST(StagingTile, RowsOfTheWholeTileAreOneSlice) {
  EXPECT_EQ(stagingSliceColumns(256, 256), 256);
  EXPECT_EQ(stagingSliceColumns(256, stagingColumns(256, 2)), 256);
  EXPECT_EQ(stagingSliceColumns(96, stagingColumns(96, 4)), 96);
}

TEST(StagingTile, EverySliceIsRecoveredFromItsRows) {
  for (int64_t bn : {128, 192, 256, 384, 512})
    for (int64_t bytes : {2, 4})
      for (int64_t slice = kMinStagingSliceColumns; slice < bn;
           slice += kMinStagingSliceColumns) {
        if (bn % slice || bn / slice > 8)
          continue;
        EXPECT_EQ(stagingSliceColumns(bn, slice), slice)
            << bn << " columns, unpadded slice of " << slice;
        EXPECT_EQ(stagingSliceColumns(bn, stagingColumns(slice, bytes)), slice)
            << bn << " columns, padded slice of " << slice << " (" << bytes
            << "-byte elements)";
      }
}

TEST(StagingTile, TheWidestSliceThatFitsIsChosen) {
  // 128 rows of 2-byte elements, unpadded: 256 columns take 65536 bytes,
  // 128 take 32768, 64 take 16384.
  auto bytesOf = [](int64_t cols) { return 128 * cols * 2; };
  EXPECT_EQ(fittingStagingSliceColumns(256, 8, true, 65536, bytesOf), 256);
  EXPECT_EQ(fittingStagingSliceColumns(256, 8, true, 34752, bytesOf), 128);
  EXPECT_EQ(fittingStagingSliceColumns(256, 8, true, 20000, bytesOf), 64);
  // Nothing fits: the whole rows, which the caller reports.
  EXPECT_EQ(fittingStagingSliceColumns(256, 8, true, 10000, bytesOf), 256);
  // Waves along N: no slices.
  EXPECT_EQ(fittingStagingSliceColumns(256, 8, false, 34752, bytesOf), 256);
  // 192 columns halve to 96, not a multiple of 64.
  EXPECT_EQ(fittingStagingSliceColumns(192, 8, true, 34752, bytesOf), 192);
}

TEST(StagingTile, OtherRowsGiveNoDivisor) {
  // Rows of 96 for 256 columns: three slices of 85, which the verifier
  // refuses (85 does not divide 256).
  EXPECT_EQ(stagingSliceColumns(256, 96), 85);
}

} // namespace
