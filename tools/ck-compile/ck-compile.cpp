//===- ck-compile.cpp - Compile convolution problems to bundles -----------===//
//
//   ck-compile --chip=sm_90a --direction=bwd_weight -G 1 -N 16 -C 256 -K 256 \
//       --in=50,50 --filter=3,3 --pad=1,1 --type=f16 -o bundle --report
//   ck-compile problem.mlir --chip=gfx942 -o bundle
//
// Writes a bundle (plan.ckplan + kernels, reference.ckplan + reference
// kernels) that ckrt loads and ck-bench runs.
//
//===----------------------------------------------------------------------===//

#include "ck/Driver/Compile.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ck;
namespace cl = llvm::cl;

namespace {
cl::OptionCategory category("ck-compile options");
cl::opt<std::string> input(cl::Positional, cl::desc("[problem.mlir]"),
                           cl::init(""), cl::cat(category));
cl::opt<std::string> chip("chip", cl::desc("Target chip (gfx90a, gfx942, "
                                           "gfx950, gfx1100, gfx1201, sm_80, "
                                           "sm_90a)"),
                          cl::Required, cl::cat(category));
cl::opt<std::string> output("o", cl::desc("Bundle directory"),
                            cl::init("bundle"), cl::cat(category));
cl::opt<std::string> toolkit("toolkit", cl::desc("CUDA or ROCm-like toolkit "
                                                 "directory (default: ck's)"),
                             cl::init(""), cl::cat(category));
cl::opt<bool> report("report", cl::desc("Print registers, LDS, scratch, "
                                        "occupancy and the main loop's "
                                        "instruction mix per kernel"),
                     cl::cat(category));
cl::opt<bool> noReference("no-reference",
                          cl::desc("Do not build the reference kernels"),
                          cl::cat(category));

cl::OptionCategory problemCategory("problem (when no IR file is given)");
cl::opt<std::string> direction("direction", cl::desc("fwd, bwd_data or "
                                                     "bwd_weight"),
                               cl::init("bwd_weight"), cl::cat(problemCategory));
cl::opt<std::string> type("type", cl::desc("f16, bf16 or f32"), cl::init("f16"),
                          cl::cat(problemCategory));
cl::opt<int64_t> groups("G", cl::desc("groups"), cl::init(1),
                        cl::cat(problemCategory));
cl::opt<int64_t> batch("N", cl::desc("batch"), cl::init(1),
                       cl::cat(problemCategory));
cl::opt<int64_t> channels("C", cl::desc("input channels per group"),
                          cl::init(1), cl::cat(problemCategory));
cl::opt<int64_t> filters("K", cl::desc("output channels per group"),
                         cl::init(1), cl::cat(problemCategory));
cl::list<int64_t> inSizes("in", cl::desc("input spatial sizes, e.g. 50,50"),
                          cl::CommaSeparated, cl::cat(problemCategory));
cl::list<int64_t> filterSizes("filter", cl::desc("filter sizes, e.g. 3,3"),
                              cl::CommaSeparated, cl::cat(problemCategory));
cl::list<int64_t> strides("stride", cl::desc("strides"), cl::CommaSeparated,
                          cl::cat(problemCategory));
cl::list<int64_t> dilations("dilation", cl::desc("dilations"),
                            cl::CommaSeparated, cl::cat(problemCategory));
cl::list<int64_t> pads("pad", cl::desc("pads on both sides"),
                       cl::CommaSeparated, cl::cat(problemCategory));
cl::list<int64_t> padLeft("pad-left", cl::desc("leading pads"),
                          cl::CommaSeparated, cl::cat(problemCategory));
cl::list<int64_t> padRight("pad-right", cl::desc("trailing pads"),
                           cl::CommaSeparated, cl::cat(problemCategory));
cl::list<std::string> layouts("layouts",
                              cl::desc("input, filter and output layouts"),
                              cl::CommaSeparated, cl::cat(problemCategory));

std::vector<int64_t> values(const cl::list<int64_t> &list) {
  return std::vector<int64_t>(list.begin(), list.end());
}

void printReport(const CompileResult &result) {
  llvm::outs() << llvm::formatv("compile time: {0:F3} s\n",
                                result.compileSeconds);
  for (const KernelReport &r : result.reports) {
    llvm::outs() << llvm::formatv(
        "kernel {0}: vgpr {1} agpr {2} sgpr {3} lds {4} B scratch {5} B "
        "spills {6}/{7} occupancy {8} waves/SIMD\n",
        r.name, r.vgprs, r.agprs, r.sgprs, r.ldsBytes, r.scratchBytes,
        r.vgprSpills, r.sgprSpills, r.occupancy);
    if (r.mainLoopMix.empty())
      continue;
    llvm::outs() << (r.foundMainLoop ? "  main loop:" : "  whole kernel:");
    for (auto &[category, count] : r.mainLoopMix)
      llvm::outs() << " " << category << "=" << count;
    llvm::outs() << "\n";
  }
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions({&category, &problemCategory});
  cl::ParseCommandLineOptions(argc, argv,
                              "ck-compile: convolution problems to bundles\n");

  DialectRegistry registry;
  registerCompileDependencies(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::optional<ConvProblemDesc> problem;
  OwningOpRef<ModuleOp> module;
  llvm::SourceMgr sources;
  SourceMgrDiagnosticHandler diagnostics(sources, &context);
  if (input.empty()) {
    ConvProblemDesc p;
    p.direction = direction;
    p.dtype = type;
    p.g = groups;
    p.n = batch;
    p.c = channels;
    p.k = filters;
    p.inSizes = values(inSizes);
    p.filterSizes = values(filterSizes);
    p.strides = values(strides);
    p.dilations = values(dilations);
    p.padLeft = values(pads.empty() ? padLeft : pads);
    p.padRight = values(pads.empty() ? padRight : pads);
    p.layouts.assign(layouts.begin(), layouts.end());
    if (llvm::Error error = p.complete()) {
      llvm::errs() << "ck-compile: " << llvm::toString(std::move(error))
                   << "\n";
      return 1;
    }
    module = parseSourceString<ModuleOp>(p.toMLIR(), &context);
    problem = p;
  } else {
    module = parseSourceFile<ModuleOp>(input, sources, &context);
  }
  if (!module)
    return 1;

  CompileOptions options;
  options.chip = chip;
  options.toolkit = toolkit;
  options.outputDir = output;
  options.reference = !noReference;
  options.report = report;
  FailureOr<CompileResult> result =
      compileToBundle(*module, options, problem ? &*problem : nullptr);
  if (failed(result))
    return 1;
  llvm::outs() << "ck-compile: wrote " << output << "/plan.ckplan"
               << (options.reference ? " and reference.ckplan" : "") << "\n";
  if (report)
    printReport(*result);
  return 0;
}
