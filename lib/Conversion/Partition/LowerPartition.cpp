//===- LowerPartition.cpp - The ck-lower-partition pass -------------------===//
//
// Each ck.partition becomes the code that finds the calling workgroup's work
// and runs it, on the grid #ck.partition gives the launch:
//
//   x = block id x, g = block id y       (x: the tile among TM x TN, row-major)
//   m0 = (x / TN) * rows, n0 = (x % TN) * cols, tile = g * TM * TN + x
//
//   data_parallel: unit(g, m0, n0, 0, k_tiles), then the epilogue.
//   split_k:       split = block id z, per = ceil(k_tiles / k_batch);
//                  ck.partial_store unit(g, m0, n0, split * per,
//                      min(split * per + per, k_tiles)) to slot split * T + tile;
//                  and a clone of the kernel, `<name>_reduce`, launched after
//                  it on one workgroup per tile, sums the slots in split
//                  order (ck.partial_accumulate) and runs the epilogue.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKLOWERPARTITION
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// The output tile a workgroup owns.
struct TilePosition {
  Value g, m0, n0;
  /// Its index among all tiles, row-major over [G, TM, TN].
  Value tile;
};

TilePosition emitTilePosition(OpBuilder &b, Location loc, PartitionOp op) {
  ArrayRef<int64_t> tiles = op.getTiles();
  AccType acc = op.getAccType();
  Value x = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value g = gpu::BlockIdOp::create(b, loc, gpu::Dimension::y);
  Value tilesN = indexConstant(b, loc, tiles[2]);
  Value m0 = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, x, tilesN),
      indexConstant(b, loc, acc.getShape()[0]));
  Value n0 = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, x, tilesN),
      indexConstant(b, loc, acc.getShape()[1]));
  Value tile = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, g,
                            indexConstant(b, loc, tiles[1] * tiles[2])),
      x);
  return {g, m0, n0, tile};
}

/// Inlines `region`'s block before the builder's point with `args`, and
/// returns the values its ck.yield yields.
SmallVector<Value> inlineRegion(OpBuilder &b, Region &region,
                                ValueRange args) {
  IRMapping mapping;
  Block &block = region.front();
  mapping.map(block.getArguments(), args);
  for (Operation &op : block.without_terminator())
    b.clone(op, mapping);
  SmallVector<Value> results;
  for (Value value : cast<YieldOp>(block.getTerminator()).getValues())
    results.push_back(mapping.lookupOrDefault(value));
  return results;
}

/// The workgroup's work units and where their sums go.
void lowerUnits(PartitionOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  TilePosition at = emitTilePosition(b, loc, op);
  PartitionAttr partition = op.getPartition();
  int64_t kTiles = op.getKTiles();
  if (partition.getKind() == PartitionKind::DataParallel) {
    Value acc = inlineRegion(b, op.getUnit(),
                             {at.g, at.m0, at.n0, indexConstant(b, loc, 0),
                              indexConstant(b, loc, kTiles)})
                    .front();
    inlineRegion(b, op.getEpilogue(), {at.g, at.m0, at.n0, acc});
    op.erase();
    return;
  }
  int64_t perSplit = llvm::divideCeil(kTiles, partition.getKBatch());
  Value split = gpu::BlockIdOp::create(b, loc, gpu::Dimension::z);
  Value k0 =
      arith::MulIOp::create(b, loc, split, indexConstant(b, loc, perSplit));
  Value k1 = arith::MinSIOp::create(
      b, loc, arith::AddIOp::create(b, loc, k0, indexConstant(b, loc, perSplit)),
      indexConstant(b, loc, kTiles));
  Value acc =
      inlineRegion(b, op.getUnit(), {at.g, at.m0, at.n0, k0, k1}).front();
  Value slot = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, split,
                            indexConstant(b, loc, op.getTileCount())),
      at.tile);
  PartialStoreOp::create(b, loc, acc, op.getWorkspace(), slot);
  op.erase();
}

/// The reduction of split-K's partial tiles: the slots of the workgroup's
/// tile summed in split order, then the epilogue.
void lowerReduction(PartitionOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  TilePosition at = emitTilePosition(b, loc, op);
  AccType accType = op.getAccType();
  Value zero = AccZeroOp::create(b, loc, accType);
  auto splits = scf::ForOp::create(
      b, loc, indexConstant(b, loc, 0),
      indexConstant(b, loc, op.getPartition().getKBatch()),
      indexConstant(b, loc, 1), ValueRange{zero});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(splits.getBody());
    Value slot = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, splits.getInductionVar(),
                              indexConstant(b, loc, op.getTileCount())),
        at.tile);
    Value sum = PartialAccumulateOp::create(b, loc, accType,
                                            splits.getRegionIterArgs()[0],
                                            op.getWorkspace(), slot);
    scf::YieldOp::create(b, loc, sum);
  }
  inlineRegion(b, op.getEpilogue(),
               {at.g, at.m0, at.n0, splits.getResult(0)});
  op.erase();
}

/// Adds `<kernel>_reduce` beside `kernel` (a clone whose partition sums the
/// partial tiles) and launches it after each launch of `kernel` in `module`,
/// on one workgroup per tile.
void addReduction(ModuleOp module, gpu::GPUFuncOp kernel) {
  auto kernels = kernel->getParentOfType<gpu::GPUModuleOp>();
  auto reduce = cast<gpu::GPUFuncOp>(kernel->clone());
  reduce.setName((kernel.getName() + "_reduce").str());
  SymbolTable(kernels).insert(reduce, std::next(Block::iterator(kernel)));
  PartitionOp partition;
  reduce.walk([&](PartitionOp op) { partition = op; });
  lowerReduction(partition);

  auto reference = [&](gpu::GPUFuncOp func) {
    return SymbolRefAttr::get(kernels.getNameAttr(),
                              {FlatSymbolRefAttr::get(func.getNameAttr())});
  };
  SymbolRefAttr original = reference(kernel);
  SmallVector<gpu::LaunchFuncOp> launches;
  module.walk([&](gpu::LaunchFuncOp launch) {
    if (launch.getKernel() == original)
      launches.push_back(launch);
  });
  for (gpu::LaunchFuncOp launch : launches) {
    OpBuilder b(launch);
    b.setInsertionPointAfter(launch);
    Value one = indexConstant(b, launch.getLoc(), 1);
    auto second = cast<gpu::LaunchFuncOp>(b.clone(*launch));
    second.setKernelAttr(reference(reduce));
    second.getGridSizeZMutable().assign(one);
    // The launch's facts describe the GEMM, not its reduction.
    second->removeAttr(LaunchAttr::kAttrName);
  }
}

struct CKLowerPartitionPass
    : public ck::impl::CKLowerPartitionBase<CKLowerPartitionPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<PartitionOp> partitions;
    module.walk([&](PartitionOp op) { partitions.push_back(op); });
    for (PartitionOp op : partitions) {
      auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
      if (!kernel || !kernel.isKernel() || op->getParentOp() != kernel ||
          llvm::range_size(kernel.getBody().getOps<PartitionOp>()) != 1) {
        op.emitOpError() << "must be the one partition at the top of a "
                            "gpu.func kernel";
        return signalPassFailure();
      }
      if (op.getPartition().usesWorkspace())
        addReduction(module, kernel);
      lowerUnits(op);
    }
  }
};

} // namespace
