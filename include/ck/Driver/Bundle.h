//===- Bundle.h - Compiled kernels and their launch plan --------*- C++ -*-===//
//
// A bundle is a directory holding a device binary and the launch plan that
// the ckrt runtime reads (plan.ckplan; the format is in docs/Runtime.md).
//
//===----------------------------------------------------------------------===//

#ifndef CK_DRIVER_BUNDLE_H
#define CK_DRIVER_BUNDLE_H

#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/IR/BuiltinOps.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace mlir::ck {

struct KernelRecord {
  std::string name;
  std::array<int64_t, 3> grid, block;
  /// The schedule whose grid is the launch's grid along `gridScheduleDim`
  /// (x for StreamK, z for split-K with k_batch auto), or empty when
  /// `grid` gives every dimension.
  std::string gridSchedule;
  unsigned gridScheduleDim = 0;
  /// Non-zero where the grid entry is that many workgroups per compute
  /// unit of the device (a ck.grid_per_compute_unit; the plan's `cus*K`).
  std::array<int64_t, 3> gridPerComputeUnit = {0, 0, 0};
  /// Workgroups per thread block cluster along x, y, z: the kernel's
  /// known_cluster_size, the plan's `cluster`.
  std::array<int64_t, 3> cluster = {1, 1, 1};
  bool isClustered() const {
    return cluster != std::array<int64_t, 3>{1, 1, 1};
  }
  /// Launched cooperatively (persistent StreamK: its workgroups wait for
  /// each other, so all must be resident).
  bool cooperative = false;
  /// Bytes of dynamic LDS (shared memory) the launch passes.
  int64_t ldsBytes = 0;
  /// The earlier kernels (indices) an `async` launch waits for, the plan's
  /// `after`; unset for a synchronous launch, which waits for all of them.
  std::optional<std::vector<size_t>> after;
  /// The launch's #ck.launch facts (GEMM kernels), or null.
  LaunchAttr facts;
  /// Arguments in order, as the plan writes them: "t<i>" for the
  /// function's argument i, "w<i>" for workspace i, "schedule:<name>" for
  /// a schedule's scalar arguments.
  SmallVector<std::string> args;
};

/// A partition whose sizes ckrt computes at launch (a ck.schedule): the
/// plan's `schedule` directive.
struct ScheduleRecord {
  std::string name;
  PartitionAttr partition;
  int64_t tiles = 0, kTiles = 0, partialBytes = 0;
};

/// A buffer the function allocates: `bytes`, or the size of schedule
/// `schedule` when that is not empty.
struct WorkspaceRecord {
  int64_t bytes = 0;
  std::string schedule;
};

struct CompiledModule {
  /// The binary (cubin, hsaco) or text (PTX, assembly) of the kernels.
  std::string object;
  /// The function whose launches these are.
  std::string function;
  /// The function's launches, in order.
  std::vector<KernelRecord> kernels;
  /// That function's arguments: the plan's tensors.
  SmallVector<MemRefType> tensors;
  /// The buffers the function allocates (memref.alloc): the plan's
  /// workspaces, zeroed once when the plan is loaded.
  SmallVector<WorkspaceRecord> workspaces;
  /// The schedules the launches use.
  SmallVector<ScheduleRecord> schedules;
  /// The tensor maps the launches pass (ck.tensor_map), each as the plan's
  /// `tensormap` line (ckrt::planTensorMapText).
  SmallVector<std::string> tensorMaps;
};

/// Reads the object of the `ck_kernels` gpu.binary and the launches of
/// `function` (by default the first function that launches kernels) out of
/// a module that went through a ck pipeline.
FailureOr<CompiledModule> extractCompiledModule(ModuleOp module,
                                                StringRef function = "");

/// `value` without the memref reshapes over it (memref.expand_shape and
/// collapse_shape, as ck-import-linalg adds unit dimensions): the buffer
/// they address, from the same base.
Value throughReshapes(Value value);

struct PlanInfo {
  std::string chip;
  std::string binaryFile;
  /// Role of each tensor (input, filter, output, d0, ...).
  SmallVector<std::string> roles;
  /// Free-form facts for tools: direction, flops, written tensor, ...
  SmallVector<std::pair<std::string, std::string>> meta;
};

/// Writes `<dir>/<name>.ckplan` and, unless `binary` is false (a plan
/// whose binary another plan of the bundle wrote), `<dir>/<info.binaryFile>`.
LogicalResult writeBundle(StringRef dir, StringRef name,
                          const CompiledModule &compiled, const PlanInfo &info,
                          std::string &error, bool binary = true);

} // namespace mlir::ck

#endif // CK_DRIVER_BUNDLE_H
