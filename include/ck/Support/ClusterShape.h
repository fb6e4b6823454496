//===- ClusterShape.h - The workgroups of a thread block cluster -*- C++ -*-===//
//
// The sizes a cluster may have (#ck.gemm_config's, ck.partition's and
// ck.ring's `cluster`) and their text on the command line and in a tuning
// database (`--cluster=MxN`). Plain C++17, so that ck-bench and the tuning
// database use it without LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef CK_SUPPORT_CLUSTERSHAPE_H
#define CK_SUPPORT_CLUSTERSHAPE_H

#include <charconv>
#include <cstdint>
#include <string_view>

namespace cksupport {

/// The workgroups a cluster has along one dimension: 1 (none), 2 or 4
/// (thread block clusters whose copies multicast; ck keeps them small and
/// one-dimensional).
inline constexpr bool isClusterSize(int64_t size) {
  return size == 1 || size == 2 || size == 4;
}

/// Reads `text` as a cluster's MxN workgroups (two positive decimal
/// counts, e.g. "2x1"); false where it is not one.
inline bool parseClusterSizes(std::string_view text, int64_t &m, int64_t &n) {
  size_t x = text.find('x');
  if (x == std::string_view::npos)
    return false;
  auto count = [](std::string_view digits, int64_t &value) {
    const char *end = digits.data() + digits.size();
    auto [stop, error] = std::from_chars(digits.data(), end, value);
    return error == std::errc() && stop == end && value >= 1;
  };
  int64_t sizes[2];
  if (!count(text.substr(0, x), sizes[0]) ||
      !count(text.substr(x + 1), sizes[1]))
    return false;
  m = sizes[0];
  n = sizes[1];
  return true;
}

} // namespace cksupport

#endif // CK_SUPPORT_CLUSTERSHAPE_H
