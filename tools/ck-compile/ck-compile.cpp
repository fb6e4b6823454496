//===- ck-compile.cpp - Compile convolution problems to bundles -----------===//
//
//   ck-compile --chip=sm_90a --direction=bwd_weight -G 1 -N 16 -C 256 -K 256 \
//       --in=50,50 --filter=3,3 --pad=1,1 --type=f16 -o bundle --report
//   ck-compile --chip=sm_90a --csv bench/data/retinanet_bwd_weight.csv \
//       --direction bwd_weight --type f16 -o bundles
//   ck-compile --chip=sm_90a -o bundles --ckprofiler grouped_conv_bwd_weight \
//       1 2 0 1 0 1 2 1 16 256 256 3 3 50 50 1 1 1 1 1 1 1 1 -1
//   ck-compile problem.mlir --chip=gfx942 -o bundle
//
// One problem from named flags, or an IR file, becomes a bundle in -o
// (plan.ckplan + kernels, reference.ckplan + reference kernels). A CSV
// table or a ckProfiler command gives one bundle per problem in
// -o/<key>/ and an index, -o/index.txt. ckrt loads bundles, ck-bench runs
// them.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/Passes.h"
#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Driver/BundleCache.h"
#include "ck/Driver/Compile.h"
#include "ck/Tuning/Tuning.h"
#include "ck/Problem/ProblemArgs.h"
#include "ck/Support/ToolVersion.h"
#include "ck/Target/Chip.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ck;
namespace cl = llvm::cl;

namespace {
cl::OptionCategory category("ck-compile options");
cl::opt<std::string> input(cl::Positional, cl::desc("[problem.mlir]"),
                           cl::init(""), cl::cat(category));
cl::opt<std::string> chip("chip",
                          cl::desc("Target chip (gfx90a, gfx942, "
                                   "gfx950, gfx1100, gfx1201, sm_80, "
                                   "sm_90a)"),
                          cl::Required, cl::cat(category));
cl::opt<std::string> output("o",
                            cl::desc("Bundle directory (with --csv or "
                                     "--ckprofiler: the directory of one "
                                     "bundle per problem and index.txt)"),
                            cl::init("bundle"), cl::cat(category));
cl::opt<std::string> toolkit("toolkit",
                             cl::desc("CUDA or ROCm-like toolkit "
                                      "directory (default: ck's)"),
                             cl::init(""), cl::cat(category));
cl::opt<std::string> partition(
    "partition",
    cl::desc("How GEMM kernels spread work over workgroups: auto (the "
             "heuristic's), data_parallel, data_parallel,dp=persistent "
             "(with --waves, NVIDIA: the load waves copy the next tile "
             "while the math waves write the last), split_k (the "
             "heuristic's K ranges) or split_k,k_batch=N with optional "
             ",reduce=kernel|workgroups|cluster (who adds the partial "
             "tiles: a second kernel, the splits through the workspace, "
             "or a tile's splits as one cluster from each other's LDS, "
             "sm_90a), or stream_k with optional ,reduce=linear|tree "
             ",dp=persistent|per_tile ,tail=N|all ,min_iters=N "
             ",ring=shared|per_unit"),
    cl::init("auto"), cl::cat(category));
cl::opt<std::string> waves(
    "waves",
    cl::desc("Wave specialization of GEMM kernels: auto (the heuristic's: "
             "none) or LOAD,MATH load and math waves, e.g. 4,4 or 4,2: load "
             "waves copy operand tiles to LDS, math waves compute"),
    cl::init("auto"), cl::cat(category));
cl::opt<int64_t> stages(
    "stages",
    cl::desc("K-loop pipeline of GEMM kernels: 0 (default) for the "
             "heuristic's, 1 for the register prefetch into one LDS buffer, "
             "2 to 8 for asynchronous copies (cp.async; gfx950's buffer "
             "loads to LDS) through that many LDS buffers (NVIDIA sm_80 and "
             "later, gfx950; with --waves the load waves copy that way)"),
    cl::init(0), cl::cat(category));
cl::opt<std::string> cluster(
    "cluster",
    cl::desc("Thread block clusters of GEMM kernels (sm_90a, with --waves): "
             "auto (the heuristic's: none), or MxN workgroups of "
             "neighbouring tiles along M and N that share operand tiles by "
             "TMA multicast, 2x1 or 4x1 (sharing B) or 1x2 or 1x4 (sharing "
             "A)"),
    cl::init("auto"), cl::cat(category));
cl::opt<bool> residentB(
    "resident-b",
    cl::desc("Keep B's whole K extent in LDS across a persistent workgroup's "
             "tiles of one column (sm_90a, with --waves and "
             "--partition=data_parallel,dp=persistent): the load waves copy B "
             "once per column and only A's K-tiles at each step; for GEMMs "
             "of short K and many rows, such as merged groups' filters"),
    cl::init(false), cl::cat(category));
cl::opt<bool> signalLanded(
    "signal-landed",
    cl::desc("Load threads signal each ring slot full as their cp.async "
             "copies land, and go on, in every GEMM whose load waves copy "
             "with cp.async into a ring with mbarriers (sm_90 and up); an "
             "error where no GEMM of a problem does. Faster on some kernels, "
             "slower on others (bench/results/h200-copies-land)"),
    cl::init(false), cl::cat(category));
cl::opt<int64_t> mergeGroups(
    "merge-groups",
    cl::desc("Groups per GEMM: 0 (default) for the rule (the most, a "
             "power of two dividing G, with groups * K <= 32, or groups * C "
             "for bwd_data), "
             "1 for one GEMM batch per group, or another divisor of G"),
    cl::init(0), cl::cat(category));
cl::opt<std::string> windows(
    "windows",
    cl::desc("Backward-weight: whose filter windows its GEMM gathers: auto "
             "(the rule), input (GEMM M = K, N = Y*X*C) or output (the "
             "output gradient's: M = Y*X*K, N = C; unit strides, pads of at "
             "most (filter size - 1) * dilation, one group per GEMM)"),
    cl::init("auto"), cl::cat(category));
cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("The bundle cache (default $CK_MLIR_CACHE_DIR, else ck-mlir in "
             "the user's cache directory); problems given as flags, --csv or "
             "--ckprofiler are looked up there first and stored after "
             "compiling (not with --report)"),
    cl::init(""), cl::cat(category));
cl::opt<bool> noCache("no-cache", cl::desc("Neither read nor fill the cache"),
                      cl::init(false), cl::cat(category));
cl::opt<std::string> config(
    "config",
    cl::desc("Pin one kernel configuration on every GEMM of the problem: a "
             "#ck.gemm_config, e.g. '#ck.gemm_config<block = [128, 128, 32], "
             "wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>>' (checked "
             "against the chip; not with --partition, --waves, --stages, "
             "--cluster, --resident-b, --signal-landed)"),
    cl::init(""), cl::cat(category));
cl::opt<std::string> tuningDb(
    "tuning-db",
    cl::desc("The tuning database (a file, or a directory of <chip>.tuning "
             "files; default $CK_MLIR_TUNING_DB): problems it holds compile "
             "with their measured --partition/--waves/--stages/--cluster/"
             "--resident-b/--signal-landed/--merge-groups/--windows/--config "
             "unless those are given"),
    cl::init(""), cl::cat(category));
cl::opt<bool> noTuningDb("no-tuning-db",
                         cl::desc("Leave every choice to the heuristic"),
                         cl::init(false), cl::cat(category));
cl::opt<bool> sweep(
    "sweep",
    cl::desc("Compile each problem once per choice ck-bench --sweep times "
             "(the heuristic's; --stages 1 and 3 with the heuristic's "
             "partition, split_k and data_parallel; on sm_90a --waves 4,4 "
             "and 4,8 with them and with data_parallel,dp=persistent, and "
             "--waves 8,8 --signal-landed with split_k and "
             "data_parallel,dp=persistent, left out where a problem does "
             "not take them) into DIR/<key>@<choice>"),
    cl::init(false), cl::cat(category));
cl::opt<unsigned> jobs(
    "jobs",
    cl::desc("Problems of --csv or --ckprofiler compiled at once, on LLVM's "
             "thread pool (default 0: one per hardware thread)"),
    cl::init(0), cl::cat(category));
cl::opt<bool> report("report",
                     cl::desc("Print registers, LDS, scratch and "
                              "occupancy per kernel; on AMD also the main "
                              "loop's (or each wave role's loop's) "
                              "instruction mix and LLVM MCA's cycles per "
                              "iteration and matrix-unit busy share"),
                     cl::cat(category));
cl::opt<bool> noReference("no-reference",
                          cl::desc("Do not build the reference kernels"),
                          cl::cat(category));

void printReport(const CompileResult &result) {
  llvm::outs() << llvm::formatv("compile time: {0:F3} s\n",
                                result.compileSeconds);
  bool nvidia = lookupChip(chip)->vendor == Vendor::NVIDIA;
  for (const KernelReport &r : result.reports) {
    if (nvidia) {
      // ptxas -v reports registers, shared memory and spill stores only.
      llvm::outs() << llvm::formatv(
          "kernel {0}: registers {1} shared {2} B spill stores {3} B\n",
          r.name, r.vgprs, r.ldsBytes, r.scratchBytes);
      continue;
    }
    llvm::outs() << llvm::formatv(
        "kernel {0}: vgpr {1} agpr {2} sgpr {3} lds {4} B scratch {5} B "
        "spills {6}/{7} occupancy {8} waves/SIMD\n",
        r.name, r.vgprs, r.agprs, r.sgprs, r.ldsBytes, r.scratchBytes,
        r.vgprSpills, r.sgprSpills, r.occupancy);
    for (const LoopReport &loop : r.loops) {
      llvm::outs() << "  " << loop.name << ":";
      for (auto &[category, count] : loop.mix)
        llvm::outs() << " " << category << "=" << count;
      llvm::outs() << "\n";
      if (loop.cost)
        llvm::outs() << llvm::formatv(
            "    mca: {0:F1} cycles/iteration, matrix unit busy {1:P0}\n",
            loop.cost->cyclesPerIteration, loop.cost->matrixBusy);
      else if (!loop.mcaError.empty())
        llvm::outs() << "    mca: no estimate: " << loop.mcaError << "\n";
    }
  }
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cksupport::setToolVersionPrinter("ck-compile");
  // The problem arguments (shared with ck-bench) first; the rest are
  // ck-compile's own options.
  ckproblem::ProblemArgs problems = ckproblem::parseProblemArgs(
      std::vector<std::string>(argv + 1, argv + argc));
  if (!problems.ok()) {
    llvm::errs() << "ck-compile: " << problems.error << "\n";
    return 1;
  }
  std::vector<const char *> rest = {argv[0]};
  for (const std::string &arg : problems.rest)
    rest.push_back(arg.c_str());
  std::string overview =
      "ck-compile: convolution problems to bundles\n\n"
      "  ck-compile --chip=CHIP [options] <problem> [-o DIR]\n"
      "  ck-compile --chip=CHIP [options] problem.mlir [-o DIR]\n\n" +
      ckproblem::problemArgsHelp() +
      "\nOne problem from named flags (or an IR file) is compiled into DIR;\n"
      "--csv and --ckprofiler compile each problem into DIR/<key>/ and list\n"
      "them in DIR/index.txt (key, a tab, the summary).\n\n"
      "MLIR's driver flags work too (not listed below): "
      "--mlir-print-ir-after-all\n"
      "and --mlir-print-ir-after=PASS (a ck pass),\n"
      "--mlir-pass-pipeline-crash-reproducer=FILE,\n"
      "--mlir-timing, --mlir-disable-threading.\n";
  // MLIR's driver flags: --mlir-print-ir-after-all and the other IR
  // printing flags, --mlir-pass-pipeline-crash-reproducer=FILE,
  // --mlir-timing, and the context's (--mlir-disable-threading, ...).
  // (ck's passes are registered so that --mlir-print-ir-after=PASS knows
  // them.)
  mlir::ck::registerCKPasses();
  mlir::ck::registerCKConversionPasses();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::registerAsmPrinterCLOptions();
  cl::HideUnrelatedOptions({&category});
  cl::ParseCommandLineOptions(int(rest.size()), rest.data(), overview);

  if (!input.empty() && !problems.form.empty()) {
    llvm::errs() << "ck-compile: give an IR file or a problem, not both\n";
    return 1;
  }
  if (input.empty() && problems.form.empty()) {
    llvm::errs() << "ck-compile: no problem: give named problem flags, "
                    "--csv FILE, --ckprofiler OP ARGS... or an IR file "
                    "(see --help)\n";
    return 1;
  }

  if (!lookupChip(chip)) {
    llvm::errs() << "ck-compile: unknown chip '" << chip
                 << "'; expected one of " << knownChipNames() << "\n";
    return 1;
  }
  if (output.empty()) {
    llvm::errs() << "ck-compile: -o needs a directory name\n";
    return 1;
  }

  DialectRegistry registry;
  registerCompileDependencies(registry);
  // --jobs sizes the context's thread pool, which compiles the problems of
  // a table side by side (and the passes inside each);
  // --mlir-disable-threading still turns all of it off. The pool outlives
  // the context.
  std::optional<llvm::DefaultThreadPool> pool;
  MLIRContext context(registry);
  if (context.isMultithreadingEnabled()) {
    context.disableMultithreading();
    if (jobs != 1) {
      pool.emplace(llvm::hardware_concurrency(jobs));
      context.setThreadPool(*pool);
    }
  }
  context.loadAllAvailableDialects();
  // Errors are one line with a location, never followed by the IR.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sources;
  SourceMgrDiagnosticHandler diagnostics(sources, &context);

  CompileOptions options;
  options.chip = chip;
  options.toolkit = toolkit;
  options.outputDir = output;
  // "auto" is the heuristic's, as an empty choice.
  cktuning::Choice &choice = options.choice;
  choice.partition = partition == "auto" ? "" : partition.getValue();
  choice.waves = waves == "auto" ? "" : waves.getValue();
  choice.stages = stages;
  choice.cluster = cluster == "auto" ? "" : cluster.getValue();
  choice.residentB = residentB;
  choice.signalLanded = signalLanded;
  choice.config = config;
  choice.mergeGroups = mergeGroups;
  if (windows != "auto" && windows != "input" && windows != "output") {
    llvm::errs() << "ck-compile: --windows=" << windows
                 << " is not auto, input or output\n";
    return 1;
  }
  choice.windows = windows == "auto" ? "" : windows.getValue();
  options.reference = !noReference;
  options.report = report;
  if (!noTuningDb)
    options.tuningDb = tuningDb.empty() ? cktuning::TuningDb::defaultPath()
                                        : tuningDb.getValue();
  if (!noCache)
    options.cacheDir =
        cacheDir.empty() ? BundleCache::defaultRoot() : cacheDir.getValue();

  if (sweep) {
    if (problems.form.empty()) {
      llvm::errs() << "ck-compile: --sweep compiles problems (named flags, "
                      "--csv or --ckprofiler), not IR files\n";
      return 1;
    }
    // The sweep's choices keep the problems' groups per GEMM and windows.
    auto withLayout = [&](cktuning::Choice one) {
      one.mergeGroups = choice.mergeGroups;
      one.windows = choice.windows;
      return one;
    };
    if (!(withLayout({}) == choice)) {
      llvm::errs() << "ck-compile: --sweep compiles its own choices; leave "
                      "out --partition, --waves, --stages, --cluster, "
                      "--resident-b, --signal-landed and --config\n";
      return 1;
    }
    // Each choice gives the partition: a ckProfiler split_k is left out
    // of the keys, as ck-bench --sweep looks the bundles up.
    std::vector<ckproblem::ConvProblemDesc> unique =
        ckproblem::uniqueProblemsWithoutSplitK(problems.problems);
    bool ok = true;
    size_t written = 0;
    std::vector<cktuning::Choice> choices = cktuning::sweepChoices(chip);
    for (const cktuning::Choice &swept : choices) {
      CompileOptions one = options;
      one.choice = withLayout(swept);
      one.bundleSuffix = swept.suffix();
      one.tuningDb.clear();
      std::vector<std::optional<CompileResult>> results;
      bool compiled = succeeded(
          compileProblems(context, unique, one, llvm::outs(), &results));
      size_t made = llvm::count_if(
          results, [](const std::optional<CompileResult> &r) { return r; });
      written += made;
      if (!compiled && swept.mayNotApply()) {
        // The sweep leaves the choice out where it does not apply.
        llvm::outs() << "ck-compile: --sweep: left out " << swept.suffix()
                     << " for " << unique.size() - made << " of "
                     << unique.size()
                     << " problems (the errors above: it does not apply "
                        "to them)\n";
        continue;
      }
      ok &= compiled;
    }
    if (ok)
      llvm::outs() << "ck-compile: wrote " << written << " bundles ("
                   << unique.size()
                   << (unique.size() == 1 ? " problem x " : " problems x ")
                   << choices.size() << " choices) to " << output << "\n";
    return ok ? 0 : 1;
  }

  if (problems.form == "csv" || problems.form == "ckprofiler") {
    std::vector<ckproblem::ConvProblemDesc> unique =
        ckproblem::uniqueProblems(problems.problems);
    std::vector<std::optional<CompileResult>> results;
    LogicalResult status =
        compileProblems(context, unique, options, llvm::outs(), &results);
    if (report)
      for (auto [problem, result] : llvm::zip(unique, results))
        if (result) {
          llvm::outs() << "== " << problem.key() << "\n";
          printReport(*result);
        }
    if (succeeded(status))
      llvm::outs() << "ck-compile: wrote " << unique.size()
                   << (unique.size() == 1 ? " bundle" : " bundles") << " and "
                   << output << "/index.txt\n";
    return failed(status);
  }

  FailureOr<CompileResult> result = failure();
  if (problems.form == "flags") {
    result = compileProblem(context, problems.problems.front(), options);
  } else {
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(input, sources, &context);
    if (!module)
      return 1;
    result = compileToBundle(*module, options, nullptr);
  }
  if (failed(result))
    return 1;
  if (result->ptxFallback)
    llvm::outs() << "ck-compile: no ptxas in the CUDA toolkit; the bundle "
                    "holds PTX, which the driver compiles when it loads it\n";
  llvm::outs() << "ck-compile: wrote " << output << "/plan.ckplan"
               << (options.reference ? " and reference.ckplan" : "")
               << (result->cached ? " (from the cache)" : "") << "\n";
  if (report)
    printReport(*result);
  return 0;
}
