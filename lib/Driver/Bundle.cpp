//===- Bundle.cpp - Compiled kernels and their launch plan ----------------===//

#include "ck/Driver/Bundle.h"
#include "ck/Runtime/PlanText.hpp"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ck;

static std::optional<int64_t> constantIndex(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantIndexOp>())
    return c.value();
  return std::nullopt;
}

Value mlir::ck::throughReshapes(Value value) {
  while (isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp>(
      value.getDefiningOp()))
    value = value.getDefiningOp()->getOperand(0);
  return value;
}

/// Appends to `after` the indices (in `launchIndex`) of the launches that
/// the async token `token` stands for: the launch that made it, or those
/// behind the tokens of the `gpu.wait async` that made it.
static LogicalResult
launchesBehind(Value token, const DenseMap<Operation *, size_t> &launchIndex,
               SmallVector<size_t> &after) {
  Operation *producer = token.getDefiningOp();
  if (auto launch = dyn_cast_or_null<gpu::LaunchFuncOp>(producer)) {
    auto it = launchIndex.find(launch);
    if (it == launchIndex.end())
      return launch.emitError()
             << "is waited for before it is launched, or from another "
                "function";
    after.push_back(it->second);
    return success();
  }
  if (auto wait = dyn_cast_or_null<gpu::WaitOp>(producer)) {
    for (Value earlier : wait.getAsyncDependencies())
      if (failed(launchesBehind(earlier, launchIndex, after)))
        return failure();
    return success();
  }
  return emitError(token.getLoc())
         << "async launches wait for gpu.launch_func and gpu.wait async "
            "tokens only";
}

/// Collects the launches of `func` in order into `launches` and returns the
/// plan's `after` of each: std::nullopt for a synchronous launch, which
/// waits for every launch before it; for an `async` one, the launches
/// behind its tokens, the last synchronous launch before it and every
/// launch before the last synchronous gpu.wait before it.
static FailureOr<SmallVector<std::optional<std::vector<size_t>>>>
launchDependencies(func::FuncOp func,
                   SmallVectorImpl<gpu::LaunchFuncOp> &launches) {
  // How many launches come before the last synchronous gpu.wait before
  // each launch.
  SmallVector<size_t> joinedBefore;
  size_t joined = 0;
  func.walk([&](Operation *op) {
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
      launches.push_back(launch);
      joinedBefore.push_back(joined);
    } else if (auto wait = dyn_cast<gpu::WaitOp>(op);
               wait && !wait.getAsyncToken()) {
      joined = launches.size();
    }
  });
  SmallVector<std::optional<std::vector<size_t>>> afters;
  DenseMap<Operation *, size_t> launchIndex;
  std::optional<size_t> lastSynchronous;
  for (auto [index, launch] : llvm::enumerate(launches)) {
    launchIndex[launch] = index;
    if (!launch.getAsyncToken()) {
      lastSynchronous = index;
      afters.push_back(std::nullopt);
      continue;
    }
    SmallVector<size_t> after;
    for (Value token : launch.getAsyncDependencies())
      if (failed(launchesBehind(token, launchIndex, after)))
        return failure();
    if (lastSynchronous)
      after.push_back(*lastSynchronous);
    for (size_t j = 0; j < joinedBefore[index]; ++j)
      after.push_back(j);
    llvm::sort(after);
    after.erase(std::unique(after.begin(), after.end()), after.end());
    // The plan names a kernel by its latest launch before this one.
    for (size_t earlier : after)
      for (size_t between = earlier + 1; between < index; ++between)
        if (launches[between].getKernelName() ==
            launches[earlier].getKernelName())
          return launch.emitError()
                 << "waits for a launch of "
                 << launches[earlier].getKernelName()
                 << " that a later launch of it hides from the plan's "
                    "'after'";
    afters.push_back(std::vector<size_t>(after.begin(), after.end()));
  }
  return afters;
}

FailureOr<CompiledModule> mlir::ck::extractCompiledModule(ModuleOp module,
                                                          StringRef function) {
  CompiledModule compiled;
  gpu::BinaryOp binary;
  module.walk([&](gpu::BinaryOp op) {
    if (op.getName() == "ck_kernels")
      binary = op;
  });
  if (!binary || binary.getObjects().size() != 1)
    return module.emitError() << "no ck_kernels gpu.binary with one object; "
                                 "was a ck pipeline run on this module?";
  compiled.object =
      cast<gpu::ObjectAttr>(binary.getObjects()[0]).getObject().str();

  for (auto func : module.getOps<func::FuncOp>()) {
    if (!function.empty() && func.getName() != function)
      continue;
    compiled.function = func.getName().str();
    SmallVector<gpu::LaunchFuncOp> launches;
    FailureOr<SmallVector<std::optional<std::vector<size_t>>>> afters =
        launchDependencies(func, launches);
    if (failed(afters))
      return failure();
    if (launches.empty())
      continue;
    for (Type type : func.getArgumentTypes()) {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref)
        return func.emitError() << "kernel functions take memrefs only";
      compiled.tensors.push_back(memref);
    }
    SmallVector<memref::AllocOp> workspaces;
    SmallVector<TensorMapOp> maps;
    SmallVector<ScheduleOp> schedules;
    // The plan's name of `schedule`, recorded on first use after the kernel
    // `kernel` that uses it.
    auto scheduleName = [&](ScheduleOp schedule, StringRef kernel) {
      auto it = llvm::find(schedules, schedule);
      if (it != schedules.end())
        return compiled.schedules[it - schedules.begin()].name;
      schedules.push_back(schedule);
      compiled.schedules.push_back(ScheduleRecord{
          kernel.str(), schedule.getPartition(),
          static_cast<int64_t>(schedule.getTiles()),
          static_cast<int64_t>(schedule.getKTiles()),
          static_cast<int64_t>(schedule.getPartialBytes())});
      return compiled.schedules.back().name;
    };
    for (auto [launch, after] : llvm::zip_equal(launches, *afters)) {
      KernelRecord record;
      record.name = launch.getKernelName().getValue().str();
      record.after = after;
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
      Value dims[] = {grid.x, grid.y, grid.z, block.x, block.y, block.z};
      for (auto [i, dim] : llvm::enumerate(dims)) {
        // A schedule's grid: StreamK's along x, split-K's k_batch along z.
        if (auto schedule = dim.getDefiningOp<ScheduleOp>();
            schedule && dim == schedule.getGrid() &&
            record.gridSchedule.empty() &&
            schedule.getPartition().getLaunchTimeGridDim() == i) {
          record.gridSchedule = scheduleName(schedule, record.name);
          record.gridScheduleDim = i;
          record.grid[i] = 1;
          continue;
        }
        // So many workgroups per compute unit of the device.
        if (auto perUnit = dim.getDefiningOp<GridPerComputeUnitOp>();
            perUnit && i < 3) {
          record.gridPerComputeUnit[i] = perUnit.getPerUnit();
          record.grid[i] = 1;
          continue;
        }
        std::optional<int64_t> size = constantIndex(dim);
        if (!size)
          return launch.emitError()
                 << "launch sizes must be constants, a ck.schedule's grid "
                    "(grid x for StreamK, grid z for split-K) or a "
                    "ck.grid_per_compute_unit";
        (i < 3 ? record.grid[i] : record.block[i - 3]) = *size;
      }
      if (Value lds = launch.getDynamicSharedMemorySize()) {
        auto bytes = lds.getDefiningOp<arith::ConstantIntOp>();
        if (!bytes)
          return launch.emitError()
                 << "dynamic shared memory sizes must be constants";
        record.ldsBytes = bytes.value();
      }
      if (launch.hasClusterSize()) {
        gpu::KernelDim3 cluster = launch.getClusterSizeOperandValues();
        for (auto [i, dim] : llvm::enumerate(
                 ArrayRef<Value>{cluster.x, cluster.y, cluster.z})) {
          std::optional<int64_t> size = constantIndex(dim);
          if (!size)
            return launch.emitError() << "cluster sizes must be constants";
          record.cluster[i] = *size;
        }
      }
      record.facts =
          launch->getAttrOfType<LaunchAttr>(LaunchAttr::kAttrName);
      if (record.facts) {
        record.cooperative =
            record.facts.getPartition().needsCooperativeLaunch();
      }
      OperandRange operands = launch.getKernelOperands();
      for (size_t i = 0; i < operands.size(); ++i) {
        Value arg = operands[i];
        if (auto schedule = arg.getDefiningOp<ScheduleOp>()) {
          // The schedule's scalars, all of them in order: the plan passes
          // them as one `schedule:NAME`.
          ResultRange scalars = schedule.getArguments();
          if (arg != scalars.front() || i + scalars.size() > operands.size() ||
              !llvm::equal(operands.slice(i, scalars.size()), scalars))
            return launch.emitError()
                   << "takes a ck.schedule's arguments other than all of "
                      "them in order";
          record.args.push_back("schedule:" +
                                scheduleName(schedule, record.name));
          i += scalars.size() - 1;
          continue;
        }
        // A tensor map of one of the function's memrefs.
        if (auto map = arg.getDefiningOp<TensorMapOp>()) {
          auto it = llvm::find(maps, map);
          if (it == maps.end()) {
            auto source =
                dyn_cast<BlockArgument>(throughReshapes(map.getSource()));
            if (!source || source.getOwner()->getParentOp() != func)
              return map.emitError() << "maps a memref that is not an "
                                        "argument of the function";
            // The plan's line as the runtime prints a declaration (the
            // verifier bounded every value to its field).
            ckrt_tensor_map_decl decl = {};
            decl.index = maps.size();
            decl.mode = map.getIm2col() ? CKRT_TENSOR_MAP_IM2COL
                                        : CKRT_TENSOR_MAP_TILED;
            decl.tensor = source.getArgNumber();
            decl.rank = map.getDims().size();
            llvm::copy(map.getDims(), decl.dims);
            llvm::copy(map.getStrides(), decl.strides + 1);
            llvm::copy(map.getBox(), decl.box);
            if (map.getIm2col()) {
              llvm::copy(*map.getLower(), decl.lower);
              llvm::copy(*map.getUpper(), decl.upper);
            }
            llvm::copy(map.getElements(), decl.element_strides);
            decl.swizzle = map.getSwizzle();
            maps.push_back(map);
            compiled.tensorMaps.push_back(ckrt::planTensorMapText(decl));
            it = maps.end() - 1;
          }
          record.args.push_back("m" + std::to_string(it - maps.begin()));
          continue;
        }
        // A workspace the kernel sees with a static shape.
        if (auto cast = arg.getDefiningOp<memref::CastOp>())
          arg = cast.getSource();
        if (auto alloc = arg.getDefiningOp<memref::AllocOp>()) {
          auto it = llvm::find(workspaces, alloc);
          if (it == workspaces.end()) {
            MemRefType type = alloc.getType();
            WorkspaceRecord workspace;
            if (type.hasStaticShape()) {
              workspace.bytes = type.getNumElements() *
                                (type.getElementTypeBitWidth() / 8);
            } else {
              auto schedule =
                  alloc.getDynamicSizes().front().getDefiningOp<ScheduleOp>();
              if (!schedule || type.getRank() != 1 ||
                  !type.getElementType().isF32() ||
                  alloc.getDynamicSizes().front() !=
                      schedule.getWorkspaceFloats())
                return alloc.emitError()
                       << "workspaces have static sizes or a ck.schedule's "
                          "workspace size in floats";
              workspace.schedule = scheduleName(schedule, record.name);
            }
            workspaces.push_back(alloc);
            compiled.workspaces.push_back(workspace);
            it = workspaces.end() - 1;
          }
          record.args.push_back("w" +
                                std::to_string(it - workspaces.begin()));
          continue;
        }
        auto blockArg = dyn_cast<BlockArgument>(throughReshapes(arg));
        if (!blockArg || blockArg.getOwner()->getParentOp() != func)
          return launch.emitError() << "kernel arguments must be the "
                                       "function's arguments, buffers it "
                                       "allocates or a ck.schedule's "
                                       "arguments";
        record.args.push_back("t" + std::to_string(blockArg.getArgNumber()));
      }
      compiled.kernels.push_back(std::move(record));
    }
    return compiled;
  }
  if (!function.empty())
    return module.emitError()
           << "no function '" << function << "' that launches a kernel";
  return module.emitError() << "no function launches a kernel";
}

LogicalResult mlir::ck::writeBundle(StringRef dir, StringRef name,
                                    const CompiledModule &compiled,
                                    const PlanInfo &info, std::string &error,
                                    bool binary) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    error = "cannot create bundle directory '" + dir.str() +
            "': " + ec.message();
    return failure();
  }
  auto write = [&](StringRef file, StringRef contents) -> LogicalResult {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, file);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (!ec) {
      os << contents;
      os.close();
      ec = os.error();
    }
    if (ec) {
      error = "cannot write '" + path.str().str() + "': " + ec.message();
      return failure();
    }
    return success();
  };

  std::string plan;
  llvm::raw_string_ostream os(plan);
  // Schedules and cooperative launches need version 2, tensor maps 3,
  // `after` 4, clusters 5; plans without them stay readable by older
  // readers.
  bool version2 = !compiled.schedules.empty() ||
                  llvm::any_of(compiled.kernels, [](const KernelRecord &k) {
                    return k.cooperative;
                  });
  bool version4 = llvm::any_of(compiled.kernels, [](const KernelRecord &k) {
    return k.after.has_value();
  });
  bool version5 = llvm::any_of(
      compiled.kernels, [](const KernelRecord &k) { return k.isClustered(); });
  os << "ck-plan "
     << (version5                       ? 5
         : version4                     ? 4
         : !compiled.tensorMaps.empty() ? 3
         : version2                     ? 2
                                        : 1)
     << "\n";
  os << "target " << info.chip << "\n";
  os << "binary " << info.binaryFile << "\n";
  for (auto &[key, value] : info.meta)
    os << "meta " << key << " " << value << "\n";
  for (auto [i, type] : llvm::enumerate(compiled.tensors)) {
    std::string element;
    llvm::raw_string_ostream es(element);
    es << type.getElementType();
    std::string role =
        i < info.roles.size() ? info.roles[i] : "arg" + std::to_string(i);
    os << "tensor " << i << " " << role << " " << element << " "
       << type.getNumElements() << "\n";
  }
  for (const ScheduleRecord &s : compiled.schedules) {
    PartitionAttr p = s.partition;
    bool streamK = p.getKind() == PartitionKind::StreamK;
    os << "schedule " << s.name << (streamK ? " stream_k" : " split_k")
       << " tiles " << s.tiles << " iters " << s.kTiles << " partial_bytes "
       << s.partialBytes;
    if (streamK) {
      os << " reduce " << stringifyStreamKReduction(p.getReduce()) << " dp "
         << stringifyDataParallelTiles(p.getDp()) << " tail ";
      if (p.getTail() == PartitionAttr::kTailAll)
        os << "all";
      else
        os << p.getTail();
    } else {
      os << " k_batch auto";
    }
    os << " min_iters " << p.getMinIters() << " occupancy auto\n";
  }
  for (auto [i, workspace] : llvm::enumerate(compiled.workspaces)) {
    os << "workspace " << i << " ";
    if (workspace.schedule.empty())
      os << workspace.bytes;
    else
      os << "schedule:" << workspace.schedule;
    os << " keep\n";
  }
  for (const std::string &map : compiled.tensorMaps)
    os << map << "\n";
  for (const KernelRecord &k : compiled.kernels) {
    os << "kernel " << k.name << " grid";
    for (unsigned i = 0; i < 3; ++i) {
      if (!k.gridSchedule.empty() && i == k.gridScheduleDim)
        os << " schedule:" << k.gridSchedule;
      else if (k.gridPerComputeUnit[i] == 1)
        os << " cus";
      else if (k.gridPerComputeUnit[i])
        os << " cus*" << k.gridPerComputeUnit[i];
      else
        os << " " << k.grid[i];
    }
    os << " block " << k.block[0] << " " << k.block[1] << " " << k.block[2]
       << " lds " << k.ldsBytes;
    if (k.isClustered())
      os << " cluster " << k.cluster[0] << " " << k.cluster[1] << " "
         << k.cluster[2];
    if (k.cooperative)
      os << " coop";
    if (k.after) {
      os << " after ";
      if (k.after->empty())
        os << "-";
      for (auto [i, earlier] : llvm::enumerate(*k.after))
        os << (i ? "," : "") << compiled.kernels[earlier].name;
    }
    os << " args";
    for (const std::string &arg : k.args)
      os << " " << arg;
    os << "\n";
  }
  return failure((binary && failed(write(info.binaryFile, compiled.object))) ||
                 failed(write((name + ".ckplan").str(), plan)));
}
