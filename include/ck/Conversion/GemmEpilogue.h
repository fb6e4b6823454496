//===- GemmEpilogue.h - Writing a GEMM kernel's C tile ----------*- C++ -*-===//
//
// The lowering of ck.tile_store (ck-lower-wave-tiles), and the staging plan
// convert-ck-to-gpu sizes its LDS arena with. After the K loop each wave
// holds its part of the workgroup's C tile in MMA accumulator layout. The
// epilogue writes it out through the C view with alpha, beta and the D
// tensors applied.
//
// Where the destination is contiguous along N, the tile goes through LDS
// first (the CShuffle idea): waves write their accumulators into a staging
// tile in slices of rows, and then all threads read it back along N so that
// the global stores (and the D loads) are coalesced vectors. Without D
// tensors the waves stage finished values, alpha applied and converted to
// the destination's type (rounded once, as a direct store would), so the
// tile takes half the LDS of f32 for f16 and bf16; with D tensors they stage
// f32 accumulators, and the epilogue's arithmetic follows the read-back.
// Elsewhere each lane stores its accumulator elements directly.
//
//===----------------------------------------------------------------------===//

#ifndef CK_CONVERSION_GEMMEPILOGUE_H
#define CK_CONVERSION_GEMMEPILOGUE_H

#include "ck/Conversion/TensorMapPlan.h"
#include "ck/Conversion/ViewLowering.h"
#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Target/GemmConfig.h"

namespace mlir::ck {

/// One wave's accumulators and where they sit in the workgroup's tile.
struct WaveAccumulators {
  const MatrixLayout &mma;
  /// tilesM x tilesN MMA tiles, row-major, each vector<c x f32>.
  ArrayRef<Value> values;
  int64_t tilesM, tilesN;
  /// The lane's terms of the C fragment layout.
  Value rowTerm, colTerm;
  /// The wave's origin in the workgroup tile (rows, cols).
  Value waveRow0, waveCol0;
  /// The wave tile's rows, and the rows from one of its instruction tiles
  /// to the next (the instruction's M, or AccType::getRowTileStride where
  /// they lie apart).
  int64_t waveM, tileRowStride;
};

/// Where the workgroup's tile (rows m0.., cols n0.. of batch g) goes.
struct TileDestination {
  GemmShape shape;
  Value g, m0, n0;
  /// C's view, then the D tensors' views.
  ArrayRef<TracedView> views;
  double alpha = 1.0, beta = 0.0;
};

/// The destination of `store`'s tile: its shape, alpha and beta, `views`
/// (C's, then the D tensors', traced from its operands or from copies of
/// them) and `at` (g, m0, n0; null where empty).
TileDestination tileStoreDestination(TileStoreOp store,
                                     ArrayRef<TracedView> views, ValueRange at);

/// The staging tile of the shuffled epilogue: `tilesPerSlice` MMA tile
/// rows of every wave and `sliceCols` columns at a time,
/// [wavesM * tilesPerSlice * m][sliceCols + pad] of `element` (no pad where
/// TMA stores it, swizzled).
struct EpilogueStaging {
  /// Elements per global vector store; 1 means no staging (direct
  /// stores).
  int64_t width = 1;
  int64_t tilesPerSlice = 0;
  /// The tile's columns, and a slice's (bn, or a divisor of it where one
  /// wave spans the tile's columns: each MMA tile then lies in one slice);
  /// the staging tile's rows are at least sliceCols long.
  int64_t bn = 0, sliceCols = 0;
  int64_t rows = 0, cols = 0;
  /// The destination's element type without D tensors, else f32.
  Type element;
  int64_t bytes() const {
    return element ? rows * cols * element.getIntOrFloatBitWidth() / 8 : 0;
  }
};

/// Plans the staging of a bn-wide tile for `dest` (only its shape and views
/// matter), for waves of `tilesM` MMA tile rows of `mma`, `wavesM` of them
/// along M and `wavesN` along N: slices as tall as `ldsBytes` allow, one
/// MMA tile row at least; below that, where one wave spans the columns,
/// slices of half the columns and so on down to kMinStagingSliceColumns
/// (whole rows where none fits: the caller reports the LDS it needs).
/// Rows are padded (stagingColumns) unless `swizzled` (for TMA stores). No
/// staging where the destination is not contiguous along N. With
/// `tilesApart` (a wave's MMA tiles lie apart along M: #ck.wgmma's row
/// groups) a slice holds all of their rows.
EpilogueStaging planEpilogueStaging(const MatrixLayout &mma, int64_t tilesM,
                                    int64_t wavesM, int64_t wavesN,
                                    const TileDestination &dest, int64_t bn,
                                    int64_t ldsBytes, bool swizzled,
                                    bool tilesApart = false);

/// The store waves of a ck.tile_store that hands its staging tile over
/// (`store_waves`): the workgroup's threads [first, first + threads), and
/// the tile's `busy` and `more` conditions (i1; null for false).
struct StoreWaves {
  int64_t first, threads;
  Value busy, more;
};

/// The TMA store of a ck.tile_store (`tma_store`): the tensor map of C and
/// its plan, whose boxes are the 128-byte swizzle blocks of the staging
/// tile.
struct TmaStore {
  Value map;
  const TensorMapPlan &plan;
};

/// Writes the accumulators to `dest`: through `staging` (an LDS memref of
/// the planned shape and element type) when the plan has a width above 1,
/// directly otherwise. `tid` is the thread's index among the `threads`
/// that read the staging tile back: the workgroup's, or with `holdersOnly`
/// the wave grid's, which then alone run the epilogue and meet at their own
/// barrier (ck.lds_barrier threads). `holdsTile` (i1) is false in threads
/// whose wave holds no accumulators (outside the wave grid); null where
/// every thread's does. With `storeWaves` (and `holdersOnly`, a plan whose
/// one slice is the whole tile) the holders stage the tile and hand it to
/// the store waves, which read it back and store it (ck.staging_wait and
/// ck.staging_signal between them). With `tmaStore` (a plan of the tile's
/// rows, unpadded) the holders stage each column slice swizzled and thread
/// 0 stores its boxes with TMA: no thread reads it back. With
/// `storeGroups` G > 1 as well (pingpong's 2, `holdersOnly`, a `tmaStore`
/// plan of 1/G of the rows) each G-th of the holders stages its share of
/// the rows, meets its own barrier (ck.lds_barrier ... group) and has its
/// first thread store them, never waiting for the others.
void emitGemmEpilogue(OpBuilder &b, Location loc, const WaveAccumulators &acc,
                      const TileDestination &dest, const EpilogueStaging &plan,
                      Value staging, Value tid, int64_t threads,
                      Value holdsTile, bool holdersOnly,
                      const StoreWaves *storeWaves = nullptr,
                      const TmaStore *tmaStore = nullptr,
                      int64_t storeGroups = 1);

/// The widest vector (a power of two) that every destination memref of
/// `dest` takes along N at any multiple of its width, dividing `bn`.
int64_t destinationWidth(const TileDestination &dest, int64_t bn);

/// Writes accumulator sums `value` (f32, or a vector of `width` f32 along N
/// from a multiple of `width` up to destinationWidth) at (m, n) of `dest`
/// where `inBounds` (i1) holds: alpha, beta and the D tensors applied,
/// converted to C's type. Split-K's elementwise reduction writes C so.
void emitElementEpilogue(OpBuilder &b, Location loc,
                         const TileDestination &dest, Value value, Value m,
                         Value n, Value inBounds, int64_t width);

} // namespace mlir::ck

#endif // CK_CONVERSION_GEMMEPILOGUE_H
