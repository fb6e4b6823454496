//===- Bundle.cpp - Compiled kernels and their launch plan ----------------===//

#include "ck/Driver/Bundle.h"

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

FailureOr<CompiledModule> mlir::ck::extractCompiledModule(ModuleOp module) {
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
    SmallVector<gpu::LaunchFuncOp> launches;
    func.walk([&](gpu::LaunchFuncOp op) { launches.push_back(op); });
    if (launches.empty())
      continue;
    for (Type type : func.getArgumentTypes()) {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref)
        return func.emitError() << "kernel functions take memrefs only";
      compiled.tensors.push_back(memref);
    }
    SmallVector<memref::AllocOp> workspaces;
    for (gpu::LaunchFuncOp launch : launches) {
      KernelRecord record;
      record.name = launch.getKernelName().getValue().str();
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
      Value dims[] = {grid.x, grid.y, grid.z, block.x, block.y, block.z};
      for (auto [i, dim] : llvm::enumerate(dims)) {
        std::optional<int64_t> size = constantIndex(dim);
        if (!size)
          return launch.emitError() << "launch sizes must be constants";
        (i < 3 ? record.grid[i] : record.block[i - 3]) = *size;
      }
      if (Value lds = launch.getDynamicSharedMemorySize()) {
        auto bytes = lds.getDefiningOp<arith::ConstantIntOp>();
        if (!bytes)
          return launch.emitError()
                 << "dynamic shared memory sizes must be constants";
        record.ldsBytes = bytes.value();
      }
      record.facts =
          launch->getAttrOfType<LaunchAttr>(LaunchAttr::kAttrName);
      for (Value arg : launch.getKernelOperands()) {
        if (auto alloc = arg.getDefiningOp<memref::AllocOp>()) {
          auto it = llvm::find(workspaces, alloc);
          if (it == workspaces.end()) {
            workspaces.push_back(alloc);
            MemRefType type = alloc.getType();
            compiled.workspaces.push_back(
                type.getNumElements() *
                (type.getElementTypeBitWidth() / 8));
            it = workspaces.end() - 1;
          }
          record.args.push_back("w" +
                                std::to_string(it - workspaces.begin()));
          continue;
        }
        auto blockArg = dyn_cast<BlockArgument>(arg);
        if (!blockArg || blockArg.getOwner()->getParentOp() != func)
          return launch.emitError() << "kernel arguments must be the "
                                       "function's arguments or buffers it "
                                       "allocates";
        record.args.push_back("t" + std::to_string(blockArg.getArgNumber()));
      }
      compiled.kernels.push_back(std::move(record));
    }
    return compiled;
  }
  return module.emitError() << "no function launches a kernel";
}

LogicalResult mlir::ck::writeBundle(StringRef dir, StringRef name,
                                    const CompiledModule &compiled,
                                    const PlanInfo &info, std::string &error) {
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
  os << "ck-plan 1\n";
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
  for (auto [i, bytes] : llvm::enumerate(compiled.workspaces))
    os << "workspace " << i << " " << bytes << " keep\n";
  for (const KernelRecord &k : compiled.kernels) {
    os << "kernel " << k.name << " grid " << k.grid[0] << " " << k.grid[1]
       << " " << k.grid[2] << " block " << k.block[0] << " " << k.block[1]
       << " " << k.block[2] << " lds " << k.ldsBytes << " args";
    for (const std::string &arg : k.args)
      os << " " << arg;
    os << "\n";
  }
  return failure(failed(write(info.binaryFile, compiled.object)) ||
                 failed(write((name + ".ckplan").str(), plan)));
}
