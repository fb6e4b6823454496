//===- Compiler.cpp - ck-mlir's compiler C API ----------------------------===//

#include "ck-c/Compiler.h"

#include "ck/Conversion/Passes.h"
#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Driver/Compile.h"
#include "ck/Pipelines/Pipelines.h"
#include "ck/Problem/ProblemArgs.h"
#include "ck/Target/Chip.h"

#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"

#include <sstream>

using namespace mlir;
using namespace mlir::ck;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(CK, ck, CKDialect)

void ckRegisterPasses(void) {
  registerCKPasses();
  registerCKConversionPasses();
  registerCKPipelines();
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
  std::vector<std::string> args;
  std::istringstream words(std::string(unwrap(problemFlags)));
  for (std::string word; words >> word;)
    args.push_back(word);
  ckproblem::ProblemArgs problems = ckproblem::parseProblemArgs(args);
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
  if (failed(compileProblem(context, problems.problems.front(), options))) {
    if (!reported)
      fail("compiling " + problems.problems.front().key() + " failed");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}
