//===- GemmEpilogue.cpp - Writing a GEMM kernel's C tile ------------------===//

#include "ck/Conversion/GemmEpilogue.h"
#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/WaveOpLowering.h"

#include "ck/Dialect/CK/Utils/LdsSwizzle.h"
#include "ck/Dialect/CK/Utils/StagingTile.h"
#include "ck/Dialect/CK/Utils/ViewAnalysis.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/bit.h"

#include <numeric>

using namespace mlir;
using namespace mlir::ck;

static Value add(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::AddIOp::create(b, loc, x, y);
}

/// Whether the staging tile holds finished values (no D tensors; see the
/// header): alpha applied, in the destination's type.
static bool stagesFinishedValues(const TileDestination &dest) {
  return dest.views.size() == 1;
}

/// Stores `width` elements of `value` (a scalar when width is 1) at (m, n)
/// of `dest`, which must be inside the matrix where `inBounds` holds: the
/// epilogue through C's view, or `value` as it is where `finished`.
static void storeResult(OpBuilder &b, Location loc, const TileDestination &dest,
                        Value value, Value m, Value n, Value inBounds,
                        int64_t width, bool finished) {
  auto store = [&](Value v, Value memref, ValueRange indices) {
    if (width == 1)
      memref::StoreOp::create(b, loc, v, memref, indices);
    else
      storeAlignedVector(b, loc, v, memref, indices);
  };
  // Padding in C is never written.
  SmallVector<Value> coord = {dest.g, m, n};
  const TracedView &c = dest.views.front();
  ViewAccess out = emitViewAccess(b, loc, c, coord, inBounds);
  emitIf(b, loc, out.valid, [&] {
    if (finished)
      return store(value, c.memref, out.indices);
    SmallVector<Value> ds;
    for (const TracedView &d : dest.views.drop_front())
      ds.push_back(emitGuardedLoad(
          b, loc, d.memref, emitViewAccess(b, loc, d, coord, nullptr), width));
    Type cElement = cast<MemRefType>(c.memref.getType()).getElementType();
    store(emitEpilogue(b, loc, value, dest.alpha, dest.beta, ds, cElement),
          c.memref, out.indices);
  });
}

void mlir::ck::emitElementEpilogue(OpBuilder &b, Location loc,
                                   const TileDestination &dest, Value value,
                                   Value m, Value n, Value inBounds,
                                   int64_t width) {
  storeResult(b, loc, dest, value, m, n, inBounds, width, /*finished=*/false);
}

TileDestination mlir::ck::tileStoreDestination(TileStoreOp store,
                                               ArrayRef<TracedView> views,
                                               ValueRange at) {
  ArrayRef<int64_t> shape =
      cast<ShapedType>(store.getDest().getType()).getShape().take_back(3);
  TileDestination dest;
  dest.shape = GemmShape{shape[0], shape[1], shape[2], /*k=*/0};
  dest.views = views;
  if (!at.empty()) {
    dest.g = at[0];
    dest.m0 = at[1];
    dest.n0 = at[2];
  }
  dest.alpha = store.getAlpha().convertToDouble();
  dest.beta = store.getBeta().convertToDouble();
  return dest;
}

int64_t mlir::ck::destinationWidth(const TileDestination &dest, int64_t bn) {
  int64_t width = std::gcd(commonVectorWidth(dest.views, 2), bn);
  return int64_t(llvm::bit_floor(static_cast<uint64_t>(width)));
}

EpilogueStaging mlir::ck::planEpilogueStaging(const MatrixLayout &mma,
                                              int64_t tilesM, int64_t wavesM,
                                              int64_t wavesN,
                                              const TileDestination &dest,
                                              int64_t bn, int64_t ldsBytes,
                                              bool swizzled, bool tilesApart) {
  EpilogueStaging plan;
  plan.width = destinationWidth(dest, bn);
  if (plan.width == 1)
    return plan;
  plan.bn = bn;
  plan.sliceCols = bn;
  auto cType = cast<MemRefType>(dest.views.front().memref.getType());
  plan.element = stagesFinishedValues(dest)
                     ? cType.getElementType()
                     : Float32Type::get(cType.getContext());
  int64_t elementBytes = plan.element.getIntOrFloatBitWidth() / 8;
  auto rowLength = [&](int64_t sliceCols) {
    return swizzled ? sliceCols : stagingColumns(sliceCols, elementBytes);
  };
  plan.cols = rowLength(bn);
  // The tallest slice (a divisor of the wave's tile rows) that fits in the
  // LDS given; one tile row at least.
  for (int64_t t = tilesM; t >= 1; --t) {
    if (tilesM % t || (tilesApart && t != tilesM))
      continue;
    plan.tilesPerSlice = t;
    plan.rows = wavesM * t * mma.m;
    if (plan.bytes() <= ldsBytes)
      break;
  }
  // Then the widest column slice that fits.
  plan.sliceCols = fittingStagingSliceColumns(
      bn, mma.n, /*waveSpansColumns=*/wavesN == 1, ldsBytes,
      [&](int64_t sliceCols) {
        return plan.rows * rowLength(sliceCols) * elementBytes;
      });
  plan.cols = rowLength(plan.sliceCols);
  return plan;
}

/// Each lane stores its accumulator elements straight to the destination.
static void emitDirectEpilogue(OpBuilder &b, Location loc,
                               const WaveAccumulators &acc,
                               const TileDestination &dest) {
  const MatrixLayout &mma = acc.mma;
  Value rowBase = add(b, loc, add(b, loc, dest.m0, acc.waveRow0), acc.rowTerm);
  Value colBase = add(b, loc, add(b, loc, dest.n0, acc.waveCol0), acc.colTerm);
  for (int64_t i = 0; i < acc.tilesM; ++i)
    for (int64_t j = 0; j < acc.tilesN; ++j) {
      Value tile = acc.values[i * acc.tilesN + j];
      for (int64_t e = 0; e < mma.c.size(); ++e) {
        auto [dr, dc] = mma.c.offsets[e];
        Value m = add(b, loc, rowBase,
                      indexConstant(b, loc, i * acc.tileRowStride + dr));
        Value n = add(b, loc, colBase, indexConstant(b, loc, j * mma.n + dc));
        storeResult(b, loc, dest, vector::ExtractOp::create(b, loc, tile, e), m,
                    n, insideMatrix(b, loc, m, n, dest.shape.m, dest.shape.n),
                    /*width=*/1, /*finished=*/false);
      }
    }
}

/// The slice of tile rows [first, first + tilesPerSlice) of every wave and
/// of columns [col0, col0 + sliceCols) of the tile.
struct StagingSlice {
  int64_t first, col0;
};

/// The slices of `plan`, row slices outermost.
static SmallVector<StagingSlice> stagingSlices(const WaveAccumulators &acc,
                                               const EpilogueStaging &plan) {
  SmallVector<StagingSlice> slices;
  for (int64_t first = 0; first < acc.tilesM; first += plan.tilesPerSlice)
    for (int64_t col0 = 0; col0 < plan.bn; col0 += plan.sliceCols)
      slices.push_back({first, col0});
  return slices;
}

/// Writes the slice's accumulator tiles into the staging tile: wave row w's
/// tiles go to staging rows [w * t * m, ...), the slice's columns to its
/// columns from 0, finished (alpha applied, converted to the tile's type)
/// where `dest` has no D tensors; each element at its 128-byte swizzled
/// place where `swizzled` (the tile unpadded, for TMA stores).
static void stageSlice(OpBuilder &b, Location loc, const WaveAccumulators &acc,
                       const TileDestination &dest, const EpilogueStaging &plan,
                       Value staging, StagingSlice slice,
                       bool swizzled = false) {
  const MatrixLayout &mma = acc.mma;
  // Waves whose tiles lie apart (#ck.wgmma's row groups) stage all their
  // tiles at once, at the tile's rows (ck.tile_store's verifier); other
  // waves' slices stack the waves' parts.
  bool tilesApart = acc.tileRowStride != mma.m;
  int64_t tileStep = acc.tileRowStride;
  Value rowBase;
  if (tilesApart) {
    rowBase = add(b, loc, acc.waveRow0, acc.rowTerm);
  } else {
    Value waveRow = arith::DivUIOp::create(b, loc, acc.waveRow0,
                                           indexConstant(b, loc, acc.waveM));
    rowBase = add(
        b, loc,
        arith::MulIOp::create(
            b, loc, waveRow, indexConstant(b, loc, plan.tilesPerSlice * mma.m)),
        acc.rowTerm);
  }
  Value colBase = add(b, loc, acc.waveCol0, acc.colTerm);
  auto staged = [&](Value v) {
    if (!stagesFinishedValues(dest))
      return v;
    return emitEpilogue(b, loc, v, dest.alpha, dest.beta, {}, plan.element);
  };
  auto f32 = b.getF32Type();
  // A column slice holds whole MMA tiles of the one wave along N
  // (planEpilogueStaging).
  int64_t firstTileN = slice.col0 / mma.n;
  int64_t tilesN = std::min(acc.tilesN, plan.sliceCols / mma.n);
  for (int64_t i = 0; i < plan.tilesPerSlice; ++i)
    for (int64_t j = 0; j < tilesN; ++j) {
      Value tile = acc.values[(slice.first + i) * acc.tilesN + firstTileN + j];
      for (int64_t e = 0; e < mma.c.size();) {
        auto [dr, dc] = mma.c.offsets[e];
        // Elements consecutive along N go as one aligned vector.
        int64_t run = mma.c.runAt(e, /*dim=*/1, 4);
        while (run > 1 &&
               ((j * mma.n + dc) % run || mma.c.col.scale % run ||
                plan.cols % run))
          run /= 2;
        Value row =
            add(b, loc, rowBase, indexConstant(b, loc, i * tileStep + dr));
        Value col = add(b, loc, colBase, indexConstant(b, loc, j * mma.n + dc));
        // A run stays inside its 16-byte chunk, which the swizzle moves
        // whole.
        if (swizzled)
          std::tie(row, col) =
              emitSwizzledPlace(b, loc, kMaxSwizzleBytes,
                                plan.element.getIntOrFloatBitWidth() / 8,
                                plan.rows, plan.cols, row, col);
        if (run == 1) {
          memref::StoreOp::create(
              b, loc, staged(vector::ExtractOp::create(b, loc, tile, e)),
              staging, ValueRange{row, col});
        } else {
          SmallVector<Value> elements;
          for (int64_t r = 0; r < run; ++r)
            elements.push_back(vector::ExtractOp::create(b, loc, tile, e + r));
          Value v = vector::FromElementsOp::create(
              b, loc, VectorType::get({run}, f32), elements);
          storeAlignedVector(b, loc, staged(v), staging, ValueRange{row, col});
        }
        e += run;
      }
    }
}

/// All threads read the staging tile back along N, `width` elements at a
/// time, and store them at their place in the C tile: round v reads vector
/// tid + v * threads. The rounds are unrolled, or with `asLoop` one scf.for
/// (many rounds: fewer threads read the tile back).
static void storeSlice(OpBuilder &b, Location loc, const WaveAccumulators &acc,
                       const TileDestination &dest, const EpilogueStaging &plan,
                       Value staging, StagingSlice slice, Value tid,
                       int64_t threads, bool asLoop = false) {
  int64_t sliceRows = plan.tilesPerSlice * acc.mma.m;
  int64_t perRow = plan.sliceCols / plan.width;
  int64_t vectors = plan.rows * perRow;
  auto type = VectorType::get({plan.width}, plan.element);
  int64_t rounds = llvm::divideCeil(vectors, threads);
  // The round whose first vector is `start` (tid's, plus v * threads);
  // `partial` where some of its threads are past the tile.
  auto round = [&](Value start, bool partial) {
    Value index = add(b, loc, tid, start);
    Value row =
        arith::DivUIOp::create(b, loc, index, indexConstant(b, loc, perRow));
    Value col = arith::MulIOp::create(
        b, loc,
        arith::RemUIOp::create(b, loc, index, indexConstant(b, loc, perRow)),
        indexConstant(b, loc, plan.width));
    // Staging row -> row of the C tile: wave row, then the slice's rows.
    Value waveRow =
        arith::DivUIOp::create(b, loc, row, indexConstant(b, loc, sliceRows));
    Value within =
        arith::RemUIOp::create(b, loc, row, indexConstant(b, loc, sliceRows));
    Value tileRow = add(
        b, loc,
        arith::MulIOp::create(b, loc, waveRow,
                              indexConstant(b, loc, acc.waveM)),
        add(b, loc, within, indexConstant(b, loc, slice.first * acc.mma.m)));
    Value m = add(b, loc, dest.m0, tileRow);
    Value n = add(b, loc, dest.n0,
                  add(b, loc, col, indexConstant(b, loc, slice.col0)));
    Value inBounds = insideMatrix(b, loc, m, n, dest.shape.m, dest.shape.n);
    if (partial)
      inBounds = arith::AndIOp::create(
          b, loc, inBounds,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                                indexConstant(b, loc, vectors)));
    // Threads past the tile read row 0 instead (their result is dropped).
    Value safeRow = arith::SelectOp::create(b, loc, inBounds, row,
                                            indexConstant(b, loc, 0));
    Value value =
        loadAlignedVector(b, loc, type, staging, ValueRange{safeRow, col});
    storeResult(b, loc, dest, value, m, n, inBounds, plan.width,
                stagesFinishedValues(dest));
  };
  if (asLoop) {
    auto loop = scf::ForOp::create(b, loc, indexConstant(b, loc, 0),
                                   indexConstant(b, loc, rounds * threads),
                                   indexConstant(b, loc, threads));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    round(loop.getInductionVar(), vectors % threads != 0);
    return;
  }
  for (int64_t v = 0; v < rounds; ++v)
    round(indexConstant(b, loc, v * threads), (v + 1) * threads > vectors);
}

void mlir::ck::emitGemmEpilogue(OpBuilder &b, Location loc,
                                const WaveAccumulators &acc,
                                const TileDestination &dest,
                                const EpilogueStaging &plan, Value staging,
                                Value tid, int64_t threads, Value holdsTile,
                                bool holdersOnly, const StoreWaves *storeWaves,
                                const TmaStore *tmaStore, int64_t storeGroups) {
  if (plan.width == 1) {
    // Only the threads that hold accumulators write.
    emitIf(b, loc, holdsTile, [&] { emitDirectEpilogue(b, loc, acc, dest); });
    return;
  }
  if (storeWaves) {
    // Both roles meet at the staging tile's events: the holders write it
    // (once the store waves have read the previous tile back) and run on;
    // the store waves read it back and store it.
    int64_t both = threads + storeWaves->threads;
    emitIf(b, loc, holdsTile, [&] {
      if (storeWaves->busy)
        emitIf(b, loc, storeWaves->busy,
               [&] { StagingWaitOp::create(b, loc, RingEvent::Empty, both); });
      stageSlice(b, loc, acc, dest, plan, staging, StagingSlice{0, 0});
      StagingSignalOp::create(b, loc, RingEvent::Full, both);
    });
    Value storeTid = arith::SubIOp::create(
        b, loc, tid, indexConstant(b, loc, storeWaves->first));
    Value stores =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, storeTid,
                              indexConstant(b, loc, storeWaves->threads));
    emitIf(b, loc, stores, [&] {
      StagingWaitOp::create(b, loc, RingEvent::Full, both);
      storeSlice(b, loc, acc, dest, plan, staging, StagingSlice{0, 0}, storeTid,
                 storeWaves->threads, /*asLoop=*/true);
      if (storeWaves->more)
        emitIf(b, loc, storeWaves->more, [&] {
          StagingSignalOp::create(b, loc, RingEvent::Empty, both);
        });
    });
    return;
  }
  // In store groups (pingpong's warpgroups) each holds its share of the
  // rows and meets its own barrier; its first thread stores them.
  int64_t groupThreads = threads / storeGroups;
  Value group;
  if (storeGroups > 1)
    group = arith::DivUIOp::create(b, loc, tid,
                                   indexConstant(b, loc, groupThreads));
  auto barrier = [&] {
    if (holdersOnly)
      LdsBarrierOp::create(b, loc, b.getI64IntegerAttr(groupThreads), group);
    else
      gpu::BarrierOp::create(b, loc);
  };
  if (tmaStore) {
    // The holders stage each slice swizzled (the tile's rows, a slice of
    // its columns), and thread 0 stores its boxes. The holders' own
    // staging tile is free once thread 0's stores of the last slice have
    // read it (the K loop's last barrier frees an aliased one). A staging
    // tile that aliases the operand tiles must have been read before
    // thread 0 passes the next barrier, after which the next unit's copies
    // may overwrite it.
    auto stageAndStore = [&](Value stagers) {
      for (StagingSlice slice : stagingSlices(acc, plan)) {
        if (holdersOnly) {
          TmaStoreWaitOp::create(b, loc);
          barrier();
        } else if (slice.col0 > 0) {
          barrier();
        }
        emitIf(b, loc, stagers, [&] {
          stageSlice(b, loc, acc, dest, plan, staging, slice,
                     /*swizzled=*/true);
          TmaStoreFenceOp::create(b, loc);
        });
        barrier();
        // Group g's boxes: its rows of each 64-column block of the staging
        // tile (blocks of all the rows, the boxes of g's).
        int64_t groupRows = plan.rows / storeGroups;
        for (int64_t g = 0; g < storeGroups; ++g) {
          Value first =
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                                    indexConstant(b, loc, g * groupThreads));
          emitIf(b, loc, first, [&] {
            Value n0 = slice.col0 ? add(b, loc, dest.n0,
                                        indexConstant(b, loc, slice.col0))
                                  : dest.n0;
            Value m0 =
                g ? add(b, loc, dest.m0, indexConstant(b, loc, g * groupRows))
                  : dest.m0;
            for (int64_t j = 0; j < tmaStore->plan.boxCount(); ++j) {
              SmallVector<Value> coords, offsets;
              tmaStore->plan.emitBox(b, loc, dest.g, {m0, n0}, j, coords,
                                     offsets);
              TmaStoreOp::create(b, loc, tmaStore->map, coords, staging,
                                 j * kTmaBoxInner * plan.rows +
                                     g * groupRows * kTmaBoxInner);
            }
            if (!holdersOnly)
              TmaStoreWaitOp::create(b, loc);
          });
        }
      }
    };
    if (holdersOnly)
      emitIf(b, loc, holdsTile, [&] { stageAndStore(nullptr); });
    else
      stageAndStore(holdsTile);
    return;
  }
  auto slices = [&](Value stagers) {
    bool firstSlice = true;
    for (StagingSlice slice : stagingSlices(acc, plan)) {
      // The K loop ends with a barrier after its last LDS access, so the
      // staging tile (which aliases the operand tiles) is free to write
      // first. The holders' own staging tile is free once every holder
      // has read the last tile's back.
      if (!firstSlice || holdersOnly)
        barrier();
      firstSlice = false;
      emitIf(b, loc, stagers,
             [&] { stageSlice(b, loc, acc, dest, plan, staging, slice); });
      barrier();
      storeSlice(b, loc, acc, dest, plan, staging, slice, tid, threads);
    }
  };
  if (holdersOnly)
    emitIf(b, loc, holdsTile, [&] { slices(nullptr); });
  else
    slices(holdsTile);
}
