//===- BenchResult.h - What ck-bench found for one problem ------*- C++ -*-===//

#ifndef CK_BENCH_BENCHRESULT_H
#define CK_BENCH_BENCHRESULT_H

#include "ck/Bench/Compare.h"
#include "ck/Bench/Tolerance.h"

#include <cstdint>
#include <string>

namespace ckbench {

struct BenchResult {
  std::string key;
  std::string summary;
  std::string bundle;
  /// "pass", "fail" (verification) or "error" (anything else went wrong;
  /// `error` says what).
  std::string status = "error";
  std::string error;
  uint64_t seed = 0;

  bool verified = false;
  Tolerance tolerance;
  /// "observed" or "bound", and the magnitude it gave.
  std::string magnitudeRule;
  double maxMagnitude = 0;
  int64_t reduction = 0;
  int64_t kBatch = 1;
  std::string computeType;
  /// The bundle's GEMM partition and wave roles as its plan records them
  /// (`meta partition`, `meta waves`); empty where it records none.
  std::string partition, waves;
  Comparison comparison;

  /// --determinism: launches compared, and the first whose output differed
  /// from the first launch's (0: all identical).
  int determinismRuns = 0;
  int firstDifferentRun = 0;

  bool timed = false;
  double medianUs = 0;
  double minUs = 0;
  double tflops = 0;
  double gbps = 0;
  size_t rotatingCopies = 0;
  int warmup = 0;
  int repeat = 0;
};

/// One line of JSON (no newline).
std::string resultJson(const BenchResult &result);

/// One line for people: "PASS key  max_abs ... | 12.3 us ...".
std::string resultLine(const BenchResult &result);

} // namespace ckbench

#endif // CK_BENCH_BENCHRESULT_H
