//===- LaunchStreams.cpp - The stream of each kernel of a plan ----------===//

#include "LaunchStreams.h"

#include <algorithm>

using namespace ckrt::detail;

LaunchStreams
ckrt::detail::assignLaunchStreams(const std::vector<KernelDecl> &kernels) {
  LaunchStreams result;
  result.steps.resize(kernels.size());
  // The last kernel launched on each stream (index 0: the launch stream),
  // -1 while it has none.
  std::vector<int64_t> last = {-1};
  for (uint32_t k = 0; k < kernels.size(); ++k) {
    std::vector<uint32_t> deps;
    if (kernels[k].after)
      deps = *kernels[k].after;
    else
      for (uint32_t d = 0; d < k; ++d)
        deps.push_back(d);
    LaunchStep &step = result.steps[k];
    // Continue the stream of a dependency that is that stream's last
    // kernel: the stream's order then gives that dependency for free.
    auto continued = std::find_if(deps.begin(), deps.end(), [&](uint32_t d) {
      return last[result.steps[d].stream] == int64_t(d);
    });
    if (continued != deps.end()) {
      step.stream = result.steps[*continued].stream;
    } else if (last[0] < 0) {
      step.stream = 0;
    } else {
      step.stream = uint32_t(last.size());
      last.push_back(-1);
      step.waitsForStart = true;
    }
    // Kernels on its own stream ran before it. Of each other stream it
    // waits for the latest dependency, after which that stream's earlier
    // ones have finished too.
    std::vector<int64_t> latest(last.size(), -1);
    for (uint32_t d : deps)
      latest[result.steps[d].stream] =
          std::max(latest[result.steps[d].stream], int64_t(d));
    for (uint32_t s = 0; s < latest.size(); ++s)
      if (s != step.stream && latest[s] >= 0) {
        step.waitsFor.push_back(uint32_t(latest[s]));
        result.steps[size_t(latest[s])].recordsDone = true;
      }
    last[step.stream] = k;
  }
  result.sideStreams = uint32_t(last.size() - 1);
  for (size_t s = 1; s < last.size(); ++s) {
    result.joins.push_back(uint32_t(last[s]));
    result.steps[size_t(last[s])].recordsDone = true;
  }
  return result;
}
