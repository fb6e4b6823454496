//===- Compiler.cpp - ck-mlir's compiler C API ----------------------------===//

#include "ck-c/Compiler.h"

#include "ck/Conversion/Passes.h"
#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Driver/BundleCache.h"
#include "ck/Driver/Compile.h"
#include "ck/Tuning/Tuning.h"
#include "ck/Pipelines/Pipelines.h"
#include "ck/Problem/ProblemArgs.h"
#include "ck/Problem/ProblemFlags.h"
#include "ck/Target/Chip.h"

#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <sstream>

using namespace mlir;
using namespace mlir::ck;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(CK, ck, CKDialect)

void ckRegisterPasses(void) {
  registerCKPasses();
  registerCKConversionPasses();
  registerCKPipelines();
}

/// `text` split at spaces.
static std::vector<std::string> words(MlirStringRef text) {
  std::vector<std::string> result;
  std::istringstream stream(std::string(unwrap(text)));
  for (std::string word; stream >> word;)
    result.push_back(word);
  return result;
}

/// `text` split into lines, empty ones dropped.
static std::vector<std::string> lines(MlirStringRef text) {
  SmallVector<StringRef> parts;
  unwrap(text).split(parts, '\n', -1, /*KeepEmpty=*/false);
  return std::vector<std::string>(parts.begin(), parts.end());
}

MlirLogicalResult ckParseProblems(MlirStringRef args,
                                  MlirStringCallback onProblem,
                                  MlirStringCallback onError, void *userData) {
  auto report = [&](MlirStringCallback callback, const std::string &text) {
    if (callback)
      callback(mlirStringRefCreate(text.data(), text.size()), userData);
  };
  ckproblem::ProblemArgs problems = ckproblem::parseProblemArgs(lines(args));
  if (!problems.ok()) {
    report(onError, problems.error);
    return mlirLogicalResultFailure();
  }
  if (!problems.rest.empty()) {
    report(onError, "'" + problems.rest.front() + "' is not a problem flag");
    return mlirLogicalResultFailure();
  }
  for (const ckproblem::ConvProblemDesc &p : problems.problems) {
    auto ints = [](const std::vector<int64_t> &values) {
      return llvm::json::Array(values);
    };
    llvm::json::Object object{{"direction", p.direction},
                              {"dtype", p.dtype},
                              {"G", p.g},
                              {"N", p.n},
                              {"C", p.c},
                              {"K", p.k},
                              {"in", ints(p.inSizes)},
                              {"filter", ints(p.filterSizes)},
                              {"stride", ints(p.strides)},
                              {"dilation", ints(p.dilations)},
                              {"pad_left", ints(p.padLeft)},
                              {"pad_right", ints(p.padRight)},
                              {"layouts", llvm::json::Array(p.layouts)},
                              {"out", ints(p.outSizes())},
                              {"flops", p.flops()},
                              {"key", p.key()},
                              {"summary", p.summary()},
                              {"flags", llvm::join(ckproblem::problemToFlags(p), " ")},
                              {"mlir", p.toMLIR()}};
    std::string text;
    llvm::raw_string_ostream(text) << llvm::json::Value(std::move(object));
    report(onProblem, text);
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult ckCompileProblem(MlirStringRef chip,
                                   MlirStringRef problemFlags,
                                   MlirStringRef outputDir,
                                   MlirStringCallback onError, void *userData) {
  auto fail = [&](const std::string &message) {
    if (onError)
      onError(mlirStringRefCreate(message.data(), message.size()), userData);
    return mlirLogicalResultFailure();
  };
  ckproblem::ProblemArgs problems =
      ckproblem::parseProblemArgs(words(problemFlags));
  if (!problems.ok())
    return fail(problems.error);
  if (!problems.rest.empty())
    return fail("'" + problems.rest.front() + "' is not a problem flag");
  if (problems.problems.size() != 1)
    return fail("problemFlags must give exactly one problem, got " +
                std::to_string(problems.problems.size()));
  std::string chipName(unwrap(chip));
  if (!lookupChip(chipName))
    return fail("unknown chip '" + chipName + "'; expected one of " +
                knownChipNames());
  if (outputDir.length == 0)
    return fail("outputDir is empty");

  DialectRegistry registry;
  registerCompileDependencies(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  bool reported = false;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    if (diagnostic.getSeverity() == DiagnosticSeverity::Error) {
      fail(diagnostic.str());
      reported = true;
    }
    return success();
  });
  CompileOptions options;
  options.chip = chipName;
  options.outputDir = std::string(unwrap(outputDir));
  options.cacheDir = BundleCache::defaultRoot();
  options.tuningDb = cktuning::TuningDb::defaultPath();
  if (failed(compileProblem(context, problems.problems.front(), options))) {
    if (!reported)
      fail("compiling " + problems.problems.front().key() + " failed");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}
