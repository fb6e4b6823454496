//===- LowerWaveTiles.cpp - The ck-lower-wave-tiles pass ------------------===//
//
// A workgroup's accumulator tile (!ck.acc) becomes each lane's instruction
// accumulators, one vector per instruction tile of its wave (a 1:N type
// conversion, carried through scf loops as separate values), and the ops on
// whole tiles become per-wave fragment loads, ck.mma and the epilogue. Every wave finds its rows and
// columns of the tile from the thread index:
//
//   wave = tid / waveSize
//   rows [(wave / waves[1]) * waveRows, +waveRows)
//   cols [(wave % waves[1]) * waveCols, +waveCols)
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/GemmEpilogue.h"
#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Dialect/CK/Utils/StagingTile.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKLOWERWAVETILES
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// Where the calling thread's wave sits in an accumulator tile.
struct WavePosition {
  MatrixLayout layout;
  LaneIds ids;
  /// The wave's first row and column in the tile.
  Value row0, col0;
};

/// The wave position of `acc`'s tile for the thread running `op`, emitted
/// at the start of its function.
FailureOr<WavePosition> emitWavePosition(OpBuilder &b, Operation *op,
                                         AccType acc) {
  FailureOr<int64_t> waveSize = requireWaveSize(op, acc.getMma());
  if (failed(waveSize))
    return failure();
  LaneIds ids = emitLaneIds(b, op, *waveSize);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(ids.lane);
  Location loc = op->getLoc();
  Value wavesAlongCols = indexConstant(b, loc, acc.getWaves()[1]);
  Value row0 = emitWaveRowOrigin(
      b, loc, acc, arith::DivUIOp::create(b, loc, ids.wave, wavesAlongCols));
  Value col0 = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, ids.wave, wavesAlongCols),
      indexConstant(b, loc, acc.getWaveCols()));
  return WavePosition{acc.getMma().getLayout(*waveSize), ids, row0, col0};
}

/// The threads of `op`'s workgroup: its gpu.func's known block size, or
/// std::nullopt where the kernel does not state one.
std::optional<int64_t> knownWorkgroupThreads(Operation *op) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return std::nullopt;
  std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize();
  if (!known)
    return std::nullopt;
  int64_t threads = 1;
  for (int32_t size : *known)
    threads *= size;
  return threads;
}

/// i1: the calling thread's wave lies in `acc`'s wave grid (the first
/// waves of the workgroup), or null where the workgroup has no other
/// waves. Waves beyond the grid (the load waves of wave roles) hold no
/// part of the tile.
Value emitHoldsTile(OpBuilder &b, Operation *op, AccType acc,
                    const LaneIds &ids) {
  std::optional<int64_t> threads = knownWorkgroupThreads(op);
  std::optional<int64_t> waveSize = getWaveSize(op, acc.getMma());
  if (!threads || !waveSize || *threads <= acc.getWaveCount() * *waveSize)
    return nullptr;
  return arith::CmpIOp::create(
      b, op->getLoc(), arith::CmpIPredicate::ult, ids.wave,
      indexConstant(b, op->getLoc(), acc.getWaveCount()));
}

/// !ck.acc to the lane's T instruction accumulators, vector<E x f32> each,
/// on the wave size of the instruction or of `root`'s target.
class AccTypeConverter : public TypeConverter {
public:
  explicit AccTypeConverter(Operation *root) {
    addConversion([](Type type) { return type; });
    addConversion([root](AccType acc, SmallVectorImpl<Type> &results)
                      -> std::optional<LogicalResult> {
      std::optional<int64_t> wave = getWaveSize(root, acc.getMma());
      if (!wave)
        return failure();
      int64_t tiles = acc.getMmaTilesAlongRows() * acc.getMmaTilesAlongCols();
      int64_t elements = acc.getMma().getLayout(*wave).c.size();
      results.append(tiles,
                     VectorType::get({elements}, acc.getElementType()));
      return success();
    });
  }
};

struct LowerAccZero : OpConversionPattern<AccZeroOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AccZeroOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertType(op.getType(), types)))
      return rewriter.notifyMatchFailure(op, "no wave size for the tile");
    auto type = cast<VectorType>(types.front());
    Value zero = arith::ConstantOp::create(
        rewriter, op.getLoc(),
        DenseElementsAttr::get(type, rewriter.getF32FloatAttr(0.0f)));
    rewriter.replaceOpWithMultiple(
        op, {SmallVector<Value>(types.size(), zero)});
    return success();
  }
};

/// The `instruction_n` of the wgmma that computes `columns` for `op`: set
/// where its kernel's lanes start with fewer registers than one
/// instruction of all the columns takes (wgmmaInstructionColumns), which
/// the kernel's known block size and the target tell.
static IntegerAttr wgmmaInstructionN(TileMmaOp op, int64_t columns) {
  std::optional<int64_t> threads = knownWorkgroupThreads(op);
  TargetAttr target = getTarget(op);
  if (!threads || !target)
    return {};
  int64_t n = wgmmaInstructionColumns(target, *threads, columns);
  if (n == columns)
    return {};
  return IntegerAttr::get(IntegerType::get(op.getContext(), 64), n);
}

struct LowerTileMma : OpConversionPattern<TileMmaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TileMmaOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    AccType accType = op.getAcc().getType();
    FailureOr<WavePosition> wave = emitWavePosition(rewriter, op, accType);
    if (failed(wave))
      return failure();
    Location loc = op.getLoc();
    MatrixInstrAttrInterface mma = accType.getMma();
    if (auto wgmma = dyn_cast<WgmmaAttr>(mma)) {
      // Four waves stacked along M share one instruction per group of 64
      // rows: the warpgroup's first row is 64 times its row groups (the
      // wave's tiles of 16 rows, 64 apart) times the wave's index over four
      // (one wave along N). In its pingpong turn A's tile holds the
      // warpgroup's rows alone, from row 0.
      int64_t rowGroups = accType.getMmaTilesAlongRows();
      Value row =
          op.getPingpong()
              ? indexConstant(rewriter, loc, 0)
              : arith::MulIOp::create(
                    rewriter, loc,
                    arith::DivUIOp::create(rewriter, loc, wave->ids.wave,
                                           indexConstant(rewriter, loc, 4)),
                    indexConstant(rewriter, loc, 64 * rowGroups))
                    .getResult();
      SmallVector<Value> accs(adaptor.getAcc());
      auto group = WarpgroupMmaOp::create(
          rewriter, loc, ValueRange(accs).getTypes(), wgmma, op.getA(),
          op.getB(), op.getSlot(), op.getBSlot(), row, accs, op.getK(),
          op.getATransposed(), op.getBTransposed(),
          /*pending=*/op.getInFlight() ? 1 : 0,
          wgmmaInstructionN(op, 8 * int64_t(accs.size()) / rowGroups),
          rowGroups);
      rewriter.replaceOpWithMultiple(op, {group.getResults()});
      return success();
    }
    const MatrixLayout &layout = wave->layout;
    int64_t tilesM = accType.getMmaTilesAlongRows();
    int64_t tilesN = accType.getMmaTilesAlongCols();
    auto fragmentType = [&](MemRefType lds, const FragmentLayout &fragment) {
      return VectorType::get({fragment.size()}, lds.getElementType());
    };
    VectorType aType = fragmentType(op.getA().getType(), layout.a);
    VectorType bType = fragmentType(op.getB().getType(), layout.b);
    // MFMA's lanes hold runs along K (4 f16 or 1 f32): where both tiles
    // keep K innermost, the fragments of the steps that make 16 bytes are
    // read at once (ck.fragment_load's k_pack), one 128-bit LDS read per
    // lane instead of two or four. LDS transpose reads return the 8
    // elements per lane of the steps transposeReadPack says.
    int64_t pack = 1;
    bool transposeReads = op.getTransposeReads();
    if (transposeReads) {
      std::optional<int64_t> steps = layout.transposeReadPack();
      if (!steps)
        return op.emitOpError() << "reads by LDS transpose reads, which "
                                   "return no fragment of "
                                << mma << " on waves of " << layout.waveSize;
      pack = *steps;
    } else if (isa<MfmaAttr>(mma) && !op.getATransposed() &&
               op.getBTransposed()) {
      int64_t bytes =
          layout.a.size() * op.getA().getType().getElementTypeBitWidth() / 8;
      int64_t steps = bytes < 16 ? 16 / bytes : 1;
      if (steps > 1 && op.getK() % (steps * layout.k) == 0 &&
          layout.a.packedAlong(1, steps) && layout.b.packedAlong(0, steps))
        pack = steps;
    }
    auto fragments = [&](Value lds, VectorType type, MatrixOperand operand,
                         Value row, Value col, bool transposed,
                         bool swizzled) -> SmallVector<Value> {
      SmallVector<Value, 3> at = {row, col};
      Value slot = operand == MatrixOperand::B && op.getBSlot()
                       ? op.getBSlot()
                       : op.getSlot();
      if (slot)
        at.insert(at.begin(), slot);
      auto packedType = VectorType::get({type.getNumElements() * pack},
                                        type.getElementType());
      auto load = FragmentLoadOp::create(
          rewriter, loc, packedType, lds, at, operand, mma, transposed,
          pack > 1 ? rewriter.getI64IntegerAttr(pack) : IntegerAttr(), swizzled,
          transposeReads);
      if (pack == 1)
        return {load};
      SmallVector<Value> steps;
      for (int64_t t = 0; t < pack; ++t) {
        SmallVector<int64_t> step = llvm::to_vector(llvm::seq<int64_t>(
            t * type.getNumElements(), (t + 1) * type.getNumElements()));
        steps.push_back(
            vector::ShuffleOp::create(rewriter, loc, load, load, step));
      }
      return steps;
    };
    auto offset = [&](Value base, int64_t by) -> Value {
      return by == 0 ? base
                     : arith::AddIOp::create(rewriter, loc, base,
                                             indexConstant(rewriter, loc, by))
                           .getResult();
    };
    SmallVector<Value> accs(adaptor.getAcc());
    int64_t tileK = op.getK();
    for (int64_t kk = 0; kk < tileK; kk += pack * layout.k) {
      Value k = indexConstant(rewriter, loc, kk);
      // [i][t]: tile i's fragment of step t of the pack.
      SmallVector<SmallVector<Value>> aFrags, bFrags;
      for (int64_t i = 0; i < tilesM; ++i)
        aFrags.push_back(fragments(op.getA(), aType, MatrixOperand::A,
                                   offset(wave->row0, i * layout.m), k,
                                   op.getATransposed(), op.getASwizzled()));
      for (int64_t j = 0; j < tilesN; ++j)
        bFrags.push_back(fragments(op.getB(), bType, MatrixOperand::B, k,
                                   offset(wave->col0, j * layout.n),
                                   op.getBTransposed(), op.getBSwizzled()));
      for (int64_t t = 0; t < pack; ++t)
        for (int64_t i = 0; i < tilesM; ++i)
          for (int64_t j = 0; j < tilesN; ++j) {
            Value &tile = accs[i * tilesN + j];
            tile = MmaOp::create(rewriter, loc, tile.getType(), mma,
                                 aFrags[i][t], bFrags[j][t], tile);
          }
    }
    rewriter.replaceOpWithMultiple(op, {accs});
    return success();
  }
};

/// The wave's accumulators once in-flight wgmma groups are done; other
/// instructions complete in order, so their accumulators pass through.
struct LowerAccWait : OpConversionPattern<AccWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AccWaitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> accs(adaptor.getAcc());
    if (!isa<WgmmaAttr>(op.getAcc().getType().getMma())) {
      rewriter.replaceOpWithMultiple(op, {accs});
      return success();
    }
    auto wait = WarpgroupWaitOp::create(rewriter, op.getLoc(),
                                        ValueRange(accs).getTypes(), accs);
    rewriter.replaceOpWithMultiple(op, {wait.getResults()});
    return success();
  }
};

struct LowerTileStore : OpConversionPattern<TileStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TileStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    AccType accType = op.getAcc().getType();
    FailureOr<WavePosition> wave = emitWavePosition(rewriter, op, accType);
    if (failed(wave))
      return failure();
    Location loc = op.getLoc();
    const MatrixLayout &layout = wave->layout;
    int64_t tilesM = accType.getMmaTilesAlongRows();
    int64_t tilesN = accType.getMmaTilesAlongCols();
    SmallVector<Value> accs(adaptor.getAcc());
    Value cRow = emitLaneTerm(rewriter, loc, wave->ids.lane, layout.c.row);
    Value cCol = emitLaneTerm(rewriter, loc, wave->ids.lane, layout.c.col);
    WaveAccumulators acc{
        layout,
        accs,
        tilesM,
        tilesN,
        cRow,
        cCol,
        wave->row0,
        wave->col0,
        accType.getWaveRows(),
        accType.waveTilesLieApart() ? accType.getRowTileStride() : layout.m};

    // The destination and the D tensors, through their views.
    SmallVector<TracedView> views;
    SmallVector<Value> tensors = {op.getDest()};
    llvm::append_range(tensors, op.getDs());
    for (Value tensor : tensors) {
      FailureOr<TracedView> view = traceView(tensor);
      if (failed(view))
        return rewriter.notifyMatchFailure(
            op, "a tensor is a view that does not start at a memref");
      views.push_back(*view);
    }
    TileDestination dest = tileStoreDestination(op, views, op.getIndices());

    EpilogueStaging staging;
    if (op.getStaging()) {
      MemRefType tileType = op.getStaging().getType();
      staging.width = *op.getWidth();
      staging.bn = accType.getShape()[1];
      staging.rows = tileType.getShape()[0];
      staging.cols = tileType.getShape()[1];
      staging.sliceCols = stagingSliceColumns(staging.bn, staging.cols);
      staging.element = tileType.getElementType();
      staging.tilesPerSlice =
          staging.rows / (accType.getWaves()[0] * layout.m);
    }
    // The wave grid's threads are the workgroup's first; store waves are
    // its last.
    int64_t holders = accType.getWaveCount() * layout.waveSize;
    bool holdersOnly = op.getHoldersOnly();
    std::optional<int64_t> workgroup = knownWorkgroupThreads(op);
    // checkStoreWaves holds the store waves past the wave grid.
    std::optional<StoreWaves> storeWaves;
    if (std::optional<uint64_t> count = op.getStoreWaves()) {
      int64_t threads = *count * layout.waveSize;
      storeWaves =
          StoreWaves{*workgroup - threads, threads, op.getBusy(), op.getMore()};
    }
    // TMA stores: C's map, planned again from its view as
    // convert-ck-to-gpu planned it (checkTmaStore found it).
    std::optional<TensorMapPlan> storeMap;
    std::optional<TmaStore> tmaStore;
    if (op.getDestMap()) {
      storeMap =
          *planStoreMap(views.front(), staging.element,
                        staging.rows / op.getStoreGroups(), staging.cols);
      tmaStore.emplace(TmaStore{op.getDestMap(), *storeMap});
    }
    emitGemmEpilogue(rewriter, loc, acc, dest, staging, op.getStaging(),
                     wave->ids.thread,
                     holdersOnly ? holders : workgroup.value_or(holders),
                     emitHoldsTile(rewriter, op, accType, wave->ids),
                     holdersOnly, storeWaves ? &*storeWaves : nullptr,
                     tmaStore ? &*tmaStore : nullptr, op.getStoreGroups());
    rewriter.eraseOp(op);
    return success();
  }
};

/// Where the calling thread's instruction tiles of `acc` go in the workspace
/// slot at float `offset`: tile j at `base + j * stride` floats
/// (fragment-major: neighbouring lanes hold neighbouring vectors).
struct PartialTilePlace {
  Value base;
  int64_t stride;
  /// Whether the thread holds part of the tile (null: every thread does).
  Value holdsTile;
};

FailureOr<PartialTilePlace> emitPartialTilePlace(OpBuilder &b, Operation *op,
                                                 AccType acc, Value offset) {
  FailureOr<int64_t> waveSize = requireWaveSize(op, acc.getMma());
  if (failed(waveSize))
    return failure();
  LaneIds ids = emitLaneIds(b, op, *waveSize);
  Location loc = op->getLoc();
  int64_t elements = acc.getMma().getLayout(*waveSize).c.size();
  int64_t threads = acc.getWaveCount() * *waveSize;
  Value base = arith::AddIOp::create(
      b, loc, offset,
      arith::MulIOp::create(b, loc, ids.thread,
                            indexConstant(b, loc, elements)));
  return PartialTilePlace{base, threads * elements,
                          emitHoldsTile(b, op, acc, ids)};
}

/// The float offset of the thread's instruction tile `j`.
Value partialTileOffset(OpBuilder &b, Location loc,
                        const PartialTilePlace &place, int64_t j) {
  if (j == 0)
    return place.base;
  return arith::AddIOp::create(b, loc, place.base,
                               indexConstant(b, loc, j * place.stride));
}

struct LowerPartialStore : OpConversionPattern<PartialStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PartialStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<PartialTilePlace> place = emitPartialTilePlace(
        rewriter, op, op.getAcc().getType(), op.getOffset());
    if (failed(place))
      return failure();
    emitIf(rewriter, op.getLoc(), place->holdsTile, [&] {
      for (auto [j, tile] : llvm::enumerate(adaptor.getAcc()))
        storeAlignedVector(rewriter, op.getLoc(), tile, op.getWorkspace(),
                           partialTileOffset(rewriter, op.getLoc(), *place, j));
    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct LowerPartialAccumulate : OpConversionPattern<PartialAccumulateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PartialAccumulateOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<PartialTilePlace> place = emitPartialTilePlace(
        rewriter, op, op.getAcc().getType(), op.getOffset());
    if (failed(place))
      return failure();
    Location loc = op.getLoc();
    ValueRange tiles = adaptor.getAcc();
    // Threads without a part of the tile keep theirs (zeros) and read
    // nothing: their offsets lie past the slot.
    scf::IfOp ifOp;
    if (place->holdsTile) {
      ifOp = scf::IfOp::create(rewriter, loc, tiles.getTypes(),
                               place->holdsTile, /*withElseRegion=*/true);
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(rewriter, loc, tiles);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
    }
    SmallVector<Value> sums;
    for (auto [j, tile] : llvm::enumerate(tiles)) {
      Value partial = loadAlignedVector(
          rewriter, loc, cast<VectorType>(tile.getType()), op.getWorkspace(),
          partialTileOffset(rewriter, loc, *place, j));
      sums.push_back(arith::AddFOp::create(rewriter, loc, tile, partial));
    }
    if (ifOp) {
      scf::YieldOp::create(rewriter, loc, sums);
      sums = SmallVector<Value>(ifOp.getResults());
      rewriter.setInsertionPointAfter(ifOp);
    }
    rewriter.replaceOpWithMultiple(op, {sums});
    return success();
  }
};

/// The bytes of LDS an `lds_buffer` reaches.
int64_t ldsEnd(LdsBufferOp op) {
  auto type = cast<MemRefType>(op.getType());
  return op.getOffset() +
         type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

/// Places `func`'s LDS buffers in one arena at its entry, aligned as its
/// most demanding buffer asks (16 bytes for the widest vectors, 1024 for
/// wgmma's swizzled tiles): a static workgroup attribution, or the launch's
/// dynamic shared memory where the target allocates LDS that way. Dynamic
/// shared memory is declared 16-byte aligned, so a larger alignment moves
/// the arena up to the next boundary at run time, within the `align - 16`
/// bytes the launch adds for it.
LogicalResult allocateLdsArena(gpu::GPUFuncOp func,
                               ArrayRef<LdsBufferOp> buffers) {
  FailureOr<TargetAttr> target =
      requireTarget(buffers.front(), "ck-lower-wave-tiles");
  if (failed(target))
    return failure();
  int64_t bytes = 0, align = 16;
  for (LdsBufferOp buffer : buffers) {
    bytes = std::max(bytes, ldsEnd(buffer));
    align = std::max<int64_t>(align, buffer.getAlign());
  }
  OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
  Location loc = func.getLoc();
  auto workgroup =
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  Value arena;
  Value shift; // null: the arena starts aligned
  if (target->hasFeature(TargetFeature::DynamicLds)) {
    arena = gpu::DynamicSharedMemoryOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                        MemRefLayoutAttrInterface(), workgroup));
    if (align > 16) {
      // shift = -address mod align.
      Value address =
          memref::ExtractAlignedPointerAsIndexOp::create(b, loc, arena);
      shift = arith::AndIOp::create(
          b, loc,
          arith::SubIOp::create(b, loc, indexConstant(b, loc, 0), address),
          indexConstant(b, loc, align - 1));
    }
  } else {
    arena = func.addWorkgroupAttribution(
        MemRefType::get({bytes}, b.getI8Type(), MemRefLayoutAttrInterface(),
                        workgroup),
        loc);
    func.setWorkgroupAttributionAttr(func.getNumWorkgroupAttributions() - 1,
                                     LLVM::LLVMDialect::getAlignAttrName(),
                                     b.getI64IntegerAttr(align));
  }
  for (LdsBufferOp buffer : buffers) {
    b.setInsertionPoint(buffer);
    Value offset = indexConstant(b, loc, buffer.getOffset());
    if (shift)
      offset = arith::AddIOp::create(b, loc, shift, offset);
    buffer.replaceAllUsesWith(memref::ViewOp::create(b, buffer.getLoc(),
                                                     buffer.getType(), arena,
                                                     offset, ValueRange{})
                                  .getResult());
    buffer.erase();
  }
  return success();
}

/// Every LDS buffer under `root` in its kernel's arena.
LogicalResult lowerLdsBuffers(Operation *root) {
  llvm::MapVector<gpu::GPUFuncOp, SmallVector<LdsBufferOp>> byKernel;
  WalkResult walk = root->walk([&](LdsBufferOp op) {
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    if (!func) {
      op.emitOpError() << "is a window of a kernel's LDS and must be inside "
                          "a gpu.func";
      return WalkResult::interrupt();
    }
    byKernel[func].push_back(op);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  for (auto &[func, buffers] : byKernel)
    if (failed(allocateLdsArena(func, buffers)))
      return failure();
  return success();
}

/// A tile store by TMA needs C's view to be a tiled box walk of its memref
/// in boxes of the staging tile's rows.
static LogicalResult checkTmaStore(TileStoreOp op) {
  if (!op.getDestMap())
    return success();
  FailureOr<TracedView> view = traceView(op.getDest());
  MemRefType staging = op.getStaging().getType();
  if (failed(view) ||
      failed(planStoreMap(*view, staging.getElementType(),
                          staging.getDimSize(0) / op.getStoreGroups(),
                          staging.getDimSize(1))))
    return op.emitOpError()
           << "stores by TMA, but its destination's view is not a box walk "
              "of its memref contiguous along N (TensorMapPlan.h)";
  return success();
}

/// A ck.tile_store with store_waves needs its kernel's size and the store
/// waves past the wave grid (its verifier holds the staging tile to the
/// whole tile).
static LogicalResult checkStoreWaves(TileStoreOp op) {
  std::optional<uint64_t> count = op.getStoreWaves();
  if (!count)
    return success();
  AccType accType = op.getAcc().getType();
  FailureOr<int64_t> waveSize = requireWaveSize(op, accType.getMma());
  if (failed(waveSize))
    return failure();
  int64_t holders = accType.getWaveCount() * *waveSize;
  std::optional<int64_t> workgroup = knownWorkgroupThreads(op);
  if (!workgroup || *workgroup - int64_t(*count) * *waveSize < holders)
    return op.emitOpError()
           << "hands its tile to the last " << *count
           << " waves, which must lie past the wave grid's " << holders
           << " threads in a workgroup of known size";
  return success();
}

struct CKLowerWaveTilesPass
    : public ck::impl::CKLowerWaveTilesBase<CKLowerWaveTilesPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *context = &getContext();
    // The partitions and K loops must be spelled out first.
    if (failed(requireLoweredBy(root, getArgument(),
                                {"ck-lower-partition", "ck-pipeline",
                                 "ck-lower-roles"})))
      return signalPassFailure();
    if (failed(lowerLdsBuffers(root)))
      return signalPassFailure();
    // Every tile needs its lane shape: the instruction's or the target's
    // wave size.
    WalkResult known = root->walk([](Operation *op) {
      auto hasLanes = [&](Type type) {
        auto acc = dyn_cast<AccType>(type);
        return !acc || succeeded(requireWaveSize(op, acc.getMma()));
      };
      if (!llvm::all_of(op->getOperandTypes(), hasLanes) ||
          !llvm::all_of(op->getResultTypes(), hasLanes))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (known.wasInterrupted())
      return signalPassFailure();
    if (root->walk([](TileStoreOp op) {
              return failed(checkStoreWaves(op)) || failed(checkTmaStore(op))
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted())
      return signalPassFailure();
    AccTypeConverter converter(root);
    RewritePatternSet patterns(context);
    patterns.add<LowerAccZero, LowerTileMma, LowerAccWait, LowerTileStore,
                 LowerPartialStore, LowerPartialAccumulate>(converter, context);
    ConversionTarget target(*context);
    target.addIllegalOp<AccZeroOp, TileMmaOp, AccWaitOp, TileStoreOp,
                        PartialStoreOp, PartialAccumulateOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      return signalPassFailure();
    // The views the tile stores read are index math that is done now.
    SmallVector<TransformOp> transforms;
    root->walk([&](TransformOp op) { transforms.push_back(op); });
    for (TransformOp op : llvm::reverse(transforms))
      if (op->use_empty())
        op->erase();
  }
};

} // namespace
