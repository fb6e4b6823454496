//===- GemmKernel.cpp - The tiled GEMM kernel -----------------------------===//
//
// The kernel of a ck.gemm is one ck.partition over its output tiles:
//
//   ck.partition <config's partition>
//       tiles [G, ceil(M / BM), ceil(N / BN)] k_tiles ceil(K / BK)
//   unit(g, m0, n0, k0, k1):  ck.tile_gemm A, B at [g, m0, n0] k_tiles k0 to k1
//   epilogue(g, m0, n0, sum): ck.tile_store sum -> C: alpha * sum + beta *
//       sum(D), staged through LDS where that makes the stores coalesced
//       vectors (with TMA copies in, stored from there by TMA where C's
//       view is a box walk)
//
// ck-lower-partition, ck-pipeline, ck-lower-wave-tiles and the targets spell
// these out, so nothing here depends on the target. The operand tiles
// (ck-pipeline) and the epilogue's staging tile share one LDS arena (dynamic
// shared memory on NVIDIA, sized by the launch from the same plan
// ck-pipeline follows). With split-K the host allocates the partial tiles'
// workspace, and ck-lower-partition adds the kernel that reduces them. With
// StreamK (and split-K with k_batch = auto) a ck.schedule gives the grid,
// the workspace size and the kernel's schedule arguments at launch. Where
// the units share a ring (persistent data-parallel, StreamK with `ring =
// shared`) the staging tile follows the operand tiles instead
// (the math waves write a tile while the load waves fill the ring) and the
// store is the math waves' alone. A persistent data-parallel kernel's grid
// is the workgroups each compute unit of the device holds at once
// (ck.grid_per_compute_unit).
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "ck/Conversion/GemmEpilogue.h"
#include "ck/Conversion/TensorMapPlan.h"
#include "ck/Conversion/TileCopyPlan.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::ck;

/// The fewest K-tiles for which a persistent kernel's math waves hand their
/// staged tiles to store waves (ck.tile_store's store_waves). Three store
/// waves take longer over a 128 x 256 tile than the math waves' 256
/// threads, which a short K loop does not cover: on the H100, forward K =
/// 2376 at 50x50 (36 K-tiles) went from 855 to 656 us with the hand-off,
/// forward C = 1024, K = 1024 at 50x50 (16) from 151 to 143, and forward C
/// = 256, K = 512 at 100x100 (4) from 106 to 123
/// (bench/results/h100-blocks/).
static constexpr int64_t kMinHandOffKTiles = 16;

FailureOr<SmallVector<KernelLaunch>>
mlir::ck::buildGemmKernel(GemmOp op, TargetAttr target, gpu::GPUModuleOp module,
                          StringRef name) {
  Location loc = op.getLoc();
  GemmConfigAttr config = op.getConfigAttr();
  if (!config)
    return op.emitOpError()
           << "has no kernel configuration; run ck-select-gemm-config first "
              "or pin one with `config <block = [...], wave = [...], "
              "intrinsic = ...>`";
  auto aType = cast<ShapedType>(op.getA().getType());
  auto bType = cast<ShapedType>(op.getB().getType());
  Type elementType = aType.getElementType();
  if (failed(checkGemmConfig(config, target, elementType,
                             [&] { return op.emitOpError(); })))
    return failure();
  GemmShape shape{aType.getDimSize(0), aType.getDimSize(1), bType.getDimSize(2),
                  aType.getDimSize(2)};

  // Operands: A, B, C, then the D tensors.
  SmallVector<Value> operands = {op.getA(), op.getB(), op.getC()};
  llvm::append_range(operands, op.getDs());
  FailureOr<SmallVector<TracedView>> traced = traceOperands(op, operands);
  if (failed(traced))
    return failure();
  SmallVector<TracedView> views = std::move(*traced);
  int64_t bm = config.getBlock()[0], bn = config.getBlock()[1],
          bk = config.getBlock()[2];
  MLIRContext *context = op.getContext();
  PartitionAttr partition = config.getPartition();
  SmallVector<int64_t> tiles = {shape.g, llvm::divideCeilSigned(shape.m, bm),
                                llvm::divideCeilSigned(shape.n, bn)};
  int64_t tileCount = tiles[0] * tiles[1] * tiles[2];
  int64_t kTiles = llvm::divideCeilSigned(shape.k, bk);
  // Split work leaves f32 partial tiles in a workspace: split-K one slot of
  // bm x bn floats per (split, tile), then with `reduce = workgroups` a
  // counter per tile; StreamK one per StreamK workgroup.
  // A ck.schedule counts them at launch for StreamK and split_k auto.
  OpBuilder host(op);
  ScheduleOp schedule;
  if (partition.isSizedAtLaunch()) {
    SmallVector<Type> arguments(partition.getScheduleArgumentCount(),
                                host.getI32Type());
    schedule = ScheduleOp::create(host, loc, host.getIndexType(),
                                  host.getIndexType(), arguments, partition,
                                  tileCount, kTiles, bm * bn * 4);
  }
  if (partition.usesWorkspace()) {
    Value workspace;
    if (schedule) {
      // Kernels take memrefs of static shape (bare pointers), so the kernel
      // sees the largest workspace there can be: one slot per K-tile.
      workspace = memref::AllocOp::create(
          host, loc,
          MemRefType::get({ShapedType::kDynamic}, host.getF32Type()),
          ValueRange{schedule.getWorkspaceFloats()});
      int64_t bound =
          partition.getKind() == PartitionKind::StreamK
              ? PartitionOp::getStreamKWorkspaceBound(tileCount, kTiles,
                                                      bm * bn)
              : partition.getKBatchBound(kTiles) * tileCount * bm * bn;
      views.push_back(TracedView{
          memref::CastOp::create(host, loc,
                                 MemRefType::get({bound}, host.getF32Type()),
                                 workspace),
          {}});
    } else {
      workspace = memref::AllocOp::create(
          host, loc,
          MemRefType::get(
              {partition.getSplitKWorkspaceFloats(tileCount, bm * bn)},
              host.getF32Type()));
      views.push_back(TracedView{workspace, {}});
    }
    OpBuilder after(op->getContext());
    after.setInsertionPointAfter(op);
    memref::DeallocOp::create(after, loc, workspace);
  }

  auto workgroup =
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
  GemmConfigCost cost = estimateCost(config, target, elementType);
  MatrixLayout mma = config.getMma().getLayout(target.getWave());
  GemmOperandTiles operandTiles =
      planGemmOperandTiles(config, mma, elementType, views[0], views[1],
                           cost.copyThreads, kTiles, target);
  // wgmma reads a B tile with N innermost in whole 128-byte blocks of N; a
  // B with K innermost takes any multiple of 8 (GemmConfig.cpp).
  if (isa<WgmmaAttr>(config.getMma()) && operandTiles.b.getLdsDim() == 1 &&
      (bn * elementType.getIntOrFloatBitWidth() / 8) % kWgmmaSwizzleBytes)
    return op.emitOpError()
           << config.getMma() << " reads B with N innermost (as B's view "
           << "keeps it in memory) in blocks of " << kWgmmaSwizzleBytes
           << " bytes of N: block N must be a multiple of "
           << kWgmmaSwizzleBytes * 8 / elementType.getIntOrFloatBitWidth()
           << ", got " << bn;
  int64_t wavesM = bm / config.getWave()[0];
  int64_t tilesPerWaveM = config.getWave()[0] / mma.m;
  size_t dsEnd = 3 + op.getDs().size();
  TileDestination dest;
  dest.shape = shape;
  dest.views = ArrayRef(views).slice(2, dsEnd - 2);
  // The ring between wave roles synchronizes on mbarriers where the target
  // has them (hasMbarrierRings), two per slot (and two for a resident B),
  // after the arena's other uses (the epilogue's staging may not overwrite
  // one the next unit's ring initializes).
  bool ringBarriers = config.hasRoles() && hasMbarrierRings(target);
  int64_t ringBarrierCount =
      ringBarriers ? 2 * (config.getLdsBuffers() + config.getResidentB()) : 0;
  int64_t ringBarrierBytes = 8 * ringBarrierCount;
  // Dynamic shared memory starts 16-byte aligned: room to move the arena to
  // the tiles' alignment (allocateLdsArena).
  int64_t alignmentSlack = target.hasFeature(TargetFeature::DynamicLds)
                               ? operandTiles.alignment - 16
                               : 0;
  // TMA: where the target has it and the load waves copy asynchronously
  // for wgmma, a tensor map (encoded at launch) of each view that is a box
  // walk of its memref; the load waves copy the other with cp.async, and a
  // resident B so (its K-tiles once per column, not through the ring).
  OperandMaps operandMaps = planOperandMaps(config, target, views[0], views[1],
                                            operandTiles, elementType);
  FailureOr<TensorMapPlan> &mapA = operandMaps.a, &mapB = operandMaps.b;
  bool tma = succeeded(mapA) || succeeded(mapB);
  // Whether TMA copies both operands: one load thread then runs the load
  // waves' loop, and the others are free.
  bool tmaOnly = succeeded(mapA) && succeeded(mapB);
  // One LDS arena holds the operand tiles during the K loop and the
  // epilogue's staging tile after it; where the units share a ring the
  // math waves stage while the load waves fill it, so the staging tile
  // comes after the operand tiles there, in what LDS is left (less the
  // ring's barriers and the alignment slack), 16-byte aligned, or 1024
  // (the swizzle's period, as the arena is) where TMA may store it.
  bool persistent = partition.isPersistentDataParallel();
  bool sharedRing = partition.unitsShareRing();
  int64_t stagingOffset =
      sharedRing ? llvm::alignTo(operandTiles.bytes, tma ? 1024 : 16) : 0;
  int64_t stagingRoom = sharedRing ? target.getLds() - stagingOffset - 16 -
                                         ringBarrierBytes - alignmentSlack
                                   : operandTiles.bytes;
  int64_t wavesN = bn / config.getWave()[1];
  auto accType = AccType::get(context, {bm, bn}, Float32Type::get(context),
                              config.getMma(), {wavesM, wavesN});
  // wgmma's waves of several row groups hold tiles 64 rows apart.
  bool tilesApart = accType.waveTilesLieApart();
  EpilogueStaging staging =
      planEpilogueStaging(mma, tilesPerWaveM, wavesM, wavesN, dest, bn,
                          stagingRoom, /*swizzled=*/false, tilesApart);
  // With TMA copies in, TMA stores the tile too where it stages finished
  // 2-byte values of all its rows at once and C's view is a box walk: the
  // staging tile is then the tile itself, or a slice of its columns where
  // LDS is short, unpadded and 128-byte swizzled.
  // Pingpong warpgroups whose units share the ring store their halves of
  // the rows alone (ck.tile_store ... pingpong): boxes of half the rows.
  bool storeByTurns = config.getPingpong() && sharedRing;
  FailureOr<TensorMapPlan> mapC = failure();
  if (tma && staging.width > 1 && dest.views.size() == 1 && bm <= 256 &&
      bn % kTmaBoxInner == 0) {
    EpilogueStaging swizzled =
        planEpilogueStaging(mma, tilesPerWaveM, wavesM, wavesN, dest, bn,
                            stagingRoom, /*swizzled=*/true, tilesApart);
    if (swizzled.tilesPerSlice == tilesPerWaveM)
      mapC = planStoreMap(views[2], swizzled.element,
                          bm / (storeByTurns ? config.getTurns() : 1),
                          swizzled.sliceCols);
    if (succeeded(mapC))
      staging = swizzled;
  }
  // Split-K's `reduce = cluster` keeps the f32 partial tile in LDS, from
  // offset 0 once the K loop is done (ck-lower-partition).
  int64_t partialBytes = partition.isSplitKInCluster() ? bm * bn * 4 : 0;
  int64_t ldsBytes = std::max(
      {operandTiles.bytes, stagingOffset + staging.bytes(), partialBytes});
  // A cluster's workgroups multicast their shared operand's boxes.
  int64_t clusterM = config.getClusterM(), clusterN = config.getClusterN();
  if (config.getClusterSize() > 1) {
    if (!tmaOnly) {
      InFlightDiagnostic diag = op.emitOpError()
                                << "clusters workgroups, which multicast "
                                   "TMA copies, but ";
      if (!target.hasFeature(TargetFeature::Tma))
        return diag << target.getChip() << " has no TMA";
      if (!config.getAsyncCopy() || !isa<WgmmaAttr>(config.getMma()))
        return diag << "only wgmma load waves that copy asynchronously copy "
                       "with TMA";
      return diag << "operand " << (failed(mapA) ? "A" : "B")
                  << " is not a box walk of its memref (TensorMapPlan.h)";
    }
    if (tiles[1] % clusterM || tiles[2] % clusterN)
      return op.emitOpError()
             << "clusters workgroups [" << clusterM << ", " << clusterN
             << "], which do not divide its " << tiles[1] << " x " << tiles[2]
             << " tiles";
  }
  int64_t barriersOffset = llvm::alignTo(ldsBytes, 16);
  if (ringBarriers)
    ldsBytes = barriersOffset + ringBarrierBytes;
  ldsBytes += alignmentSlack;
  // The configuration check estimated the staging tile in the operands'
  // type; with D tensors (f32) or another C type it may be larger.
  if (ldsBytes > target.getLds())
    return op.emitOpError()
           << "needs " << ldsBytes << " bytes of LDS per workgroup (operand "
           << "tiles " << operandTiles.bytes
           << (config.getResidentB() ? " with a resident B of " +
                                           std::to_string(kTiles) + " K-tiles"
                                     : std::string())
           << ", the epilogue's staging "
           << "tile " << staging.bytes()
           << (partialBytes
                   ? ", split-K's partial tile " + std::to_string(partialBytes)
                   : std::string())
           << "); " << target.getChip() << " allows " << target.getLds();
  // The host's memrefs of A, B and C (the skeleton rebases the views on
  // the kernel's arguments).
  Value hostMemrefs[3] = {views[0].memref, views[1].memref, views[2].memref};
  KernelSkeleton skeleton(module, loc, name, views, cost.threads);
  OpBuilder &b = skeleton.builder;
  Value workspace = partition.usesWorkspace() ? views.back().memref : Value();
  // The schedule's numbers are i32 arguments after the memrefs.
  SmallVector<Value> scheduleArgs;
  if (schedule)
    for (Value argument : schedule.getArguments()) {
      unsigned position = skeleton.func.getNumArguments();
      if (failed(skeleton.func.insertArgument(position, argument.getType(),
                                              {}, loc)))
        return failure();
      skeleton.hostArgs.push_back(argument);
      scheduleArgs.push_back(skeleton.func.getArgument(position));
    }
  // The tensor maps are grid-constant pointer arguments after those: A's
  // and B's, which the K loop copies, then C's where TMA stores the tile.
  Value maps[3];
  if (tma) {
    SmallVector<int64_t> gridConstants;
    FailureOr<TensorMapPlan> *plans[3] = {&mapA, &mapB, &mapC};
    for (int i = 0; i < 3; ++i) {
      if (failed(*plans[i]))
        continue;
      Value map = (*plans[i])->build(host, loc, hostMemrefs[i]);
      unsigned position = skeleton.func.getNumArguments();
      if (failed(
              skeleton.func.insertArgument(position, map.getType(), {}, loc)))
        return failure();
      skeleton.hostArgs.push_back(map);
      maps[i] = skeleton.func.getArgument(position);
      gridConstants.push_back(position);
    }
    skeleton.func->setAttr(kGridConstantsAttrName,
                           b.getDenseI64ArrayAttr(gridConstants));
  }
  DenseI64ArrayAttr cluster;
  if (config.getClusterSize() > 1) {
    cluster = b.getDenseI64ArrayAttr({clusterM, clusterN});
    skeleton.func.setKnownClusterSizeAttr(b.getDenseI32ArrayAttr(
        {static_cast<int32_t>(config.getClusterSize()), 1, 1}));
  }
  // Split-K's `reduce = cluster`: a tile's k_batch workgroups (along z).
  if (partition.isSplitKInCluster())
    skeleton.func.setKnownClusterSizeAttr(b.getDenseI32ArrayAttr(
        {1, 1, static_cast<int32_t>(partition.getKBatch())}));
  auto body = PartitionOp::create(b, loc, partition, tiles, kTiles,
                                  scheduleArgs, workspace, cluster);

  // A unit: the tile's K-tiles [k0, k1) (the skeleton rebased the views on
  // the kernel's arguments).
  Type index = b.getIndexType();
  SmallVector<Location> locs(5, loc);
  Block *unit = b.createBlock(&body.getUnit(), {}, SmallVector<Type>(5, index),
                              locs);
  Value barriers;
  if (ringBarriers)
    barriers = LdsBufferOp::create(
        b, loc,
        MemRefType::get({ringBarrierCount}, b.getI64Type(),
                        MemRefLayoutAttrInterface(), workgroup),
        barriersOffset);
  Value acc = TileGemmOp::create(
      b, loc, accType, materializeView(b, loc, views[0]),
      materializeView(b, loc, views[1]), unit->getArgument(0),
      unit->getArgument(1), unit->getArgument(2), unit->getArgument(3),
      unit->getArgument(4), config, maps[0], maps[1], barriers,
      /*ring_first=*/Value(), /*ring_total=*/Value(),
      /*b_generation=*/Value(), /*b_generations=*/Value(),
      /*b_load=*/Value(), /*b_release=*/Value());
  YieldOp::create(b, loc, acc);

  // The epilogue: the tile through C's view with alpha, beta and the D
  // tensors.
  Block *epilogue = b.createBlock(&body.getEpilogue(), {},
                                  {index, index, index, accType},
                                  ArrayRef(locs).take_front(4));
  Value stagingTile;
  if (staging.width > 1)
    stagingTile = LdsBufferOp::create(
        b, loc,
        MemRefType::get({staging.rows, staging.cols}, staging.element,
                        MemRefLayoutAttrInterface(), workgroup),
        stagingOffset);
  SmallVector<Value> ds;
  for (const TracedView &d : ArrayRef(views).slice(3, dsEnd - 3))
    ds.push_back(materializeView(b, loc, d));
  // In a persistent kernel that copies with TMA alone (the first load
  // wave's first thread), the other load waves store each staged tile
  // while the math waves compute the next one, where the K loop is long
  // enough to cover the store.
  IntegerAttr storeWaves;
  if (persistent && tmaOnly && failed(mapC) && stagingTile &&
      !config.getPingpong() && config.getLoadWaves() > 1 &&
      staging.tilesPerSlice == tilesPerWaveM && staging.sliceCols == bn &&
      kTiles >= kMinHandOffKTiles)
    storeWaves = b.getI64IntegerAttr(config.getLoadWaves() - 1);
  TileStoreOp::create(
      b, loc, epilogue->getArgument(3), materializeView(b, loc, views[2]),
      epilogue->getArguments().take_front(3), ds, op.getAlphaAttr(),
      ds.empty() ? nullptr : op.getBetaAttr(), stagingTile,
      stagingTile ? b.getI64IntegerAttr(staging.width) : IntegerAttr(),
      sharedRing ? b.getUnitAttr() : UnitAttr(), storeWaves,
      /*busy=*/Value(), /*more=*/Value(), maps[2],
      storeByTurns && succeeded(mapC) ? b.getUnitAttr() : UnitAttr());
  YieldOp::create(b, loc, ValueRange{});
  b.setInsertionPointAfter(body);
  // The workgroup's LDS lives until its last TMA store has read it (where
  // the units share a ring, the math waves wait before they stage the next
  // tile).
  if (succeeded(mapC) && sharedRing)
    TmaStoreWaitOp::create(b, loc);
  gpu::ReturnOp::create(b, loc);

  KernelLaunch launch;
  launch.func = skeleton.func;
  launch.hostArgs = skeleton.hostArgs;
  std::array<std::optional<int64_t>, 3> grid = partition.getGrid(tiles);
  for (int i = 0; i < 3; ++i) {
    launch.grid[i] = grid[i].value_or(1);
    if (!grid[i])
      launch.launchTimeGrid[i] = schedule.getGrid();
  }
  // Persistent workgroups: as many as each compute unit of the device holds
  // at once (workgroups past the tiles find none to run), by the estimate
  // and by the arena built here (a resident B's LDS the estimate does not
  // see).
  if (persistent)
    launch.launchTimeGrid[0] = GridPerComputeUnitOp::create(
        host, loc, host.getIndexType(),
        std::min(residentWorkgroupsPerComputeUnit(config, target, elementType),
                 std::max<int64_t>(1, target.getLdsPerCu() / ldsBytes)));
  launch.block = {cost.threads, 1, 1};
  launch.ldsBytes = target.hasFeature(TargetFeature::DynamicLds) ? ldsBytes : 0;
  SmallVector<int64_t> roles;
  if (config.hasRoles())
    roles = {config.getLoadWaves(), config.getMathWaves()};
  launch.facts = LaunchAttr::get(
      context, config.getMma().getComputeType(elementType), partition, roles,
      config.getAsyncCopy() ? config.getLdsBuffers() : 0);
  return SmallVector<KernelLaunch>{launch};
}
