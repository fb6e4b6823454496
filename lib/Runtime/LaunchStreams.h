//===- LaunchStreams.h - The stream of each kernel of a plan --*- C++ -*-===//
//
// A `ck-plan 4` plan says which earlier kernels each kernel waits for
// (`after`). Kernels that do not wait for each other may run at once, on
// streams of ckrt's own beside the launch stream. assignLaunchStreams turns
// the dependencies into launch steps once, when the plan is loaded: the
// stream of each kernel and the events it waits for. A plan without `after`
// runs every kernel on the launch stream, in order, with no events.
//
//===----------------------------------------------------------------------===//

#ifndef CK_RUNTIME_LAUNCHSTREAMS_H
#define CK_RUNTIME_LAUNCHSTREAMS_H

#include "Plan.h"

#include <cstdint>
#include <vector>

namespace ckrt::detail {

/// How one kernel launches.
struct LaunchStep {
  /// 0: the launch stream; N > 0: ckrt's side stream N - 1.
  uint32_t stream = 0;
  /// The first kernel of a side stream: it waits for the start event,
  /// recorded on the launch stream before the plan's first kernel, so that
  /// it runs after the caller's earlier work there.
  bool waitsForStart = false;
  /// Kernels on other streams whose completion events it waits for.
  std::vector<uint32_t> waitsFor;
  /// Its completion event is recorded after it (another stream waits).
  bool recordsDone = false;
};

struct LaunchStreams {
  std::vector<LaunchStep> steps;
  /// Side streams the steps use.
  uint32_t sideStreams = 0;
  /// The last kernel of each side stream, which the launch stream waits
  /// for after the plan's kernels.
  std::vector<uint32_t> joins;
};

/// The launch steps of `kernels`. A kernel continues the stream whose last
/// kernel it waits for; one that continues none starts on the launch
/// stream if that is still empty, else on a new side stream.
LaunchStreams assignLaunchStreams(const std::vector<KernelDecl> &kernels);

} // namespace ckrt::detail

#endif // CK_RUNTIME_LAUNCHSTREAMS_H
