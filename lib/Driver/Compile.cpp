//===- Compile.cpp - Problem IR to bundles --------------------------------===//

#include "ck/Driver/Compile.h"

#include "ck/Conversion/Passes.h"
#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/IR/ConvProblem.h"
#include "ck/Driver/BundleCache.h"
#include "ck/Tuning/Tuning.h"
#include "ck/Pipelines/Pipelines.h"
#include "ck/Support/ToolVersion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Threading.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <mutex>

using namespace mlir;
using namespace mlir::ck;

void mlir::ck::registerCompileDependencies(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registry.insert<CKDialect>();
}

/// Runs the chip's pipeline on a clone of `module`, with the reference
/// kernels in the same binary if `withReference`.
static FailureOr<OwningOpRef<ModuleOp>>
lower(ModuleOp module, const ChipInfo &chip, const CompileOptions &options,
      bool withReference, StringRef format) {
  OwningOpRef<ModuleOp> clone(module.clone());
  // PTX output needs no CUDA toolkit, but the NVVM target still looks for
  // one and reports what is missing; those reports are not errors here.
  std::optional<ScopedDiagnosticHandler> quiet;
  if (chip.vendor == Vendor::NVIDIA && format == "isa")
    quiet.emplace(module.getContext(), [](Diagnostic &diag) {
      std::string message = diag.str();
      return success(StringRef(message).contains("CUDA path") ||
                     StringRef(message).contains("LibDevice path"));
    });
  PassManager pm(module.getContext());
  GpuPipelineOptions pipeline;
  pipeline.chip = chip.name.str();
  pipeline.toolkit = options.toolkit;
  pipeline.format = format.str();
  pipeline.withReference = withReference;
  const cktuning::Choice &choice = options.choice;
  pipeline.partition = choice.partition;
  pipeline.waves = choice.waves;
  pipeline.stages = choice.stages;
  pipeline.cluster = choice.cluster;
  pipeline.residentB = choice.residentB;
  pipeline.signalLanded = choice.signalLanded;
  pipeline.config = choice.config;
  pipeline.mergeGroups = choice.mergeGroups;
  if (!choice.windows.empty())
    pipeline.windows = choice.windows;
  if (chip.vendor == Vendor::NVIDIA)
    buildCKToNVVMPipeline(pm, pipeline);
  else
    buildCKToROCDLPipeline(pm, pipeline);
  // MLIR's pass-manager flags (IR printing, crash reproducers, timing)
  // where the tool registered them (ck-compile does); nothing otherwise.
  (void)applyPassManagerCLOptions(pm);
  applyDefaultTimingPassManagerCLOptions(pm);
  if (failed(pm.run(*clone)))
    return failure();
  return clone;
}

/// The plan's directives besides kernels and tensors, with the compute
/// type and reduction split read off the launches' #ck.launch facts.
static PlanInfo planInfo(const ChipInfo &chip, StringRef binaryFile,
                         ModuleOp module, const ConvProblemDesc *problem,
                         const CompiledModule &compiled, bool reference) {
  PlanInfo info;
  info.chip = chip.name.str();
  info.binaryFile = binaryFile.str();
  bool isConv = false;
  module.walk([&](ConvOpInterface) { isConv = true; });
  if (isConv) {
    info.roles = {"input", "filter", "output"};
    for (int i = 0; i < 8; ++i)
      info.roles.push_back("d" + std::to_string(i));
  }
  // The reference kernels compute in f32; GEMM kernels in their inputs'
  // type, or tf32 where any of them runs f32 inputs on tf32 tensor cores
  // (the least precise one sets the plan's tolerance). The k_batch of a
  // plan with a schedule (StreamK, split_k auto) is the schedule's, known
  // at load.
  std::string compute = reference ? "f32" : problem ? problem->dtype : "";
  int64_t kBatch = 1;
  std::string partition, waves;
  int64_t asyncStages = 0;
  for (const KernelRecord &kernel : compiled.kernels) {
    if (!kernel.facts)
      continue;
    if (isa<FloatTF32Type>(kernel.facts.getCompute()))
      compute = "tf32";
    PartitionAttr launched = kernel.facts.getPartition();
    kBatch = std::max(kBatch, launched.getKBatch());
    // The attribute's parameters: its text inside `#ck.partition<...>`.
    std::string text;
    llvm::raw_string_ostream(text) << launched;
    partition = StringRef(text)
                    .drop_front(StringRef("#ck.partition<").size())
                    .drop_back()
                    .str();
    asyncStages = std::max(asyncStages, kernel.facts.getAsyncStages());
    if (ArrayRef<int64_t> roles = kernel.facts.getRoles(); !roles.empty())
      waves = std::to_string(roles[0]) + "," + std::to_string(roles[1]);
  }
  if (problem)
    info.meta = {{"problem", problem->summary()},
                 {"key", problem->key()},
                 {"direction", problem->direction},
                 {"dtype", problem->dtype}};
  if (!compute.empty())
    info.meta.push_back({"compute", compute});
  if (problem)
    llvm::append_range(
        info.meta,
        SmallVector<std::pair<std::string, std::string>>{
            {"written", std::to_string(problem->writtenTensor())},
            {"flops", std::to_string(int64_t(problem->flops()))},
            {"bytes", std::to_string(problem->bytes())},
            {"reduction", std::to_string(problem->reductionLength())}});
  info.meta.push_back({"k_batch", std::to_string(kBatch)});
  if (!partition.empty())
    info.meta.push_back({"partition", partition});
  if (!waves.empty())
    info.meta.push_back({"waves", waves});
  // The K loop's pipeline: the LDS stages of asynchronous copies.
  if (asyncStages)
    info.meta.push_back({"async_stages", std::to_string(asyncStages)});
  // Which compiler made the plan, in every plan.
  info.meta.push_back({"compiler", cksupport::compilerVersion()});
  return info;
}

/// The toolkit's program that makes binaries: ptxas for NVIDIA, the
/// ld.lld that gpu-module-to-binary links AMD code objects with.
static std::string binaryTool(const CompileOptions &options, bool nvidia) {
  std::string toolkit =
      options.toolkit.empty() ? defaultToolkit(nvidia) : options.toolkit;
  return toolkit + (nvidia ? "/bin/ptxas" : "/llvm/bin/ld.lld");
}

/// Registers, shared memory and spills of each kernel, from ptxas -v.
static std::vector<KernelReport> ptxasReport(StringRef ptx,
                                             const ChipInfo &chip,
                                             const CompileOptions &options) {
  std::vector<KernelReport> reports;
  std::string ptxas = binaryTool(options, /*nvidia=*/true);
  SmallString<128> input, output, log;
  if (llvm::sys::fs::createTemporaryFile("ck", "ptx", input) ||
      llvm::sys::fs::createTemporaryFile("ck", "cubin", output) ||
      llvm::sys::fs::createTemporaryFile("ck", "log", log))
    return reports;
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(input, ec);
    os << ptx;
  }
  StringRef args[] = {ptxas, "-v", "-arch", chip.name, input, "-o", output};
  std::optional<StringRef> redirects[] = {std::nullopt, std::nullopt,
                                          StringRef(log)};
  if (llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects) == 0) {
    auto text = llvm::MemoryBuffer::getFile(log);
    if (text) {
      SmallVector<StringRef> lines;
      (*text)->getBuffer().split(lines, '\n');
      llvm::Regex function("Compiling entry function '([A-Za-z0-9_]+)'");
      llvm::Regex used("Used ([0-9]+) registers");
      llvm::Regex smem("([0-9]+) bytes smem");
      llvm::Regex spill("([0-9]+) bytes spill stores");
      for (StringRef line : lines) {
        SmallVector<StringRef> m;
        if (function.match(line, &m)) {
          reports.emplace_back();
          reports.back().name = m[1].str();
          reports.back().waveSize = 32;
        } else if (!reports.empty()) {
          KernelReport &r = reports.back();
          if (used.match(line, &m))
            m[1].getAsInteger(10, r.vgprs);
          if (smem.match(line, &m))
            m[1].getAsInteger(10, r.ldsBytes);
          if (spill.match(line, &m))
            m[1].getAsInteger(10, r.scratchBytes);
        }
      }
    }
  }
  for (StringRef file : {StringRef(input), StringRef(output), StringRef(log)})
    llvm::sys::fs::remove(file);
  return reports;
}

/// Creates `dir` where it is missing; an error message where it cannot be
/// or is not a writable directory.
static std::string prepareOutputDir(StringRef dir) {
  std::string where = "the output directory '" + dir.str() + "'";
  if (llvm::sys::fs::exists(dir) && !llvm::sys::fs::is_directory(dir))
    return "cannot use " + where + ": it exists and is not a directory";
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return "cannot create " + where + ": " + ec.message();
  // Permissions do not tell (root, /proc): try a file.
  SmallString<256> probe;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          dir + "/.ck-write-test-%%%%%%", fd, probe))
    return "cannot write into " + where + ": " + ec.message();
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  llvm::sys::fs::remove(probe);
  return "";
}

/// The problem of an IR file that holds one function whose only ck op is a
/// convolution without D tensors on the function's arguments 0, 1 and 2
/// (input, filter, output; reshapes of them count): what ck-compile writes
/// for the same problem given as flags, so that ck-bench can run the
/// bundle. Nothing for any other module.
static std::optional<ConvProblemDesc> describeConvolution(ModuleOp module) {
  SmallVector<Operation *> ckOps;
  module.walk([&](Operation *op) {
    if (isa<CKDialect>(op->getDialect()))
      ckOps.push_back(op);
  });
  auto conv = ckOps.size() == 1 ? dyn_cast<ConvOpInterface>(ckOps.front())
                                : ConvOpInterface();
  auto funcs = llvm::to_vector(module.getOps<func::FuncOp>());
  if (!conv || !conv.getDs().empty() || funcs.size() != 1)
    return std::nullopt;
  Value tensors[] = {conv.getInput(), conv.getFilter(), conv.getOutput()};
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    auto arg = dyn_cast<BlockArgument>(throughReshapes(tensor));
    if (!arg || arg.getOwner()->getParentOp() != funcs.front() ||
        arg.getArgNumber() != i)
      return std::nullopt;
  }
  ConvProblem p = ConvProblem::fromOp(conv);
  ConvProblemDesc desc;
  desc.direction = stringifyConvDirection(p.direction).str();
  Type element = cast<ShapedType>(conv.getInput().getType()).getElementType();
  desc.dtype = element.isF16() ? "f16" : element.isBF16() ? "bf16" : "f32";
  desc.g = p.groups;
  desc.n = p.batch;
  desc.c = p.inChannels;
  desc.k = p.outChannels;
  desc.inSizes.assign(p.inSizes.begin(), p.inSizes.end());
  desc.filterSizes.assign(p.filterSizes.begin(), p.filterSizes.end());
  desc.strides.assign(p.strides.begin(), p.strides.end());
  desc.dilations.assign(p.dilations.begin(), p.dilations.end());
  desc.padLeft.assign(p.padLeft.begin(), p.padLeft.end());
  desc.padRight.assign(p.padRight.begin(), p.padRight.end());
  for (LayoutAttr layout : {p.inputLayout, p.filterLayout, p.outputLayout})
    desc.layouts.push_back(layout.getDims().str());
  if (!desc.complete().empty())
    return std::nullopt;
  return desc;
}

FailureOr<CompileResult>
mlir::ck::compileToBundle(ModuleOp module, const CompileOptions &options,
                          const ConvProblemDesc *problem) {
  std::optional<ConvProblemDesc> described;
  if (!problem && (described = describeConvolution(module)))
    problem = &*described;
  const ChipInfo *chip = lookupChip(options.chip);
  if (!chip)
    return module.emitError() << "unknown chip '" << options.chip
                              << "'; expected one of " << knownChipNames();
  // The reference kernels compute convolutions directly; a GEMM written in
  // the IR has none.
  if (options.reference) {
    WalkResult gemm = module.walk([](GemmOp op) {
      op.emitError() << "has no reference kernel (reference kernels are "
                        "built from convolutions); compile without them "
                        "(ck-compile --no-reference)";
      return WalkResult::interrupt();
    });
    if (gemm.wasInterrupted())
      return failure();
  }
  // A directory made for the bundle is not left behind empty where the
  // compile fails (remove() takes only an empty one).
  bool dirExisted = llvm::sys::fs::exists(options.outputDir);
  if (std::string error = prepareOutputDir(options.outputDir); !error.empty())
    return module.emitError(error);
  llvm::scope_exit scrapDir([&] {
    if (!dirExisted)
      llvm::sys::fs::remove(options.outputDir);
  });
  bool nvidia = chip->vendor == Vendor::NVIDIA;
  CompileResult result;
  // Without ptxas, NVIDIA bundles carry PTX, which the driver compiles when
  // it loads them.
  std::string tool = binaryTool(options, nvidia);
  result.ptxFallback = nvidia && !llvm::sys::fs::can_execute(tool);
  if (!nvidia && !llvm::sys::fs::can_execute(tool))
    return module.emitError()
           << "no linker at '" << tool << "': AMD code objects are linked "
           << "with <toolkit>/llvm/bin/ld.lld (ck's default toolkit links "
           << "Debian's /usr/lib/llvm-22/bin/ld.lld from package lld-22; "
           << "install it or pass --toolkit)";
  StringRef format = result.ptxFallback ? "isa" : "bin";
  CompileOptions lowering = options;
  if (result.ptxFallback)
    lowering.toolkit = "/"; // PTX needs no toolkit, only an existing path.
  StringRef extension = !nvidia                ? "hsaco"
                        : result.ptxFallback ? "ptx"
                                               : "cubin";

  auto start = std::chrono::steady_clock::now();
  // One binary holds the kernels and their references; the two plans
  // share it.
  FailureOr<OwningOpRef<ModuleOp>> lowered =
      lower(module, *chip, lowering, options.reference, format);
  result.compileSeconds = std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - start)
                              .count();
  if (failed(lowered))
    return failure();
  std::string error;
  std::string binaryFile = ("kernels." + extension).str();
  FailureOr<CompiledModule> compiled = extractCompiledModule(**lowered);
  if (failed(compiled))
    return failure();
  PlanInfo info = planInfo(*chip, binaryFile, module, problem, *compiled,
                           /*reference=*/false);
  // Where the partition, waves, stages and cluster came from, when not
  // from the heuristic or the command line (ck-bench --sweep checks it).
  if (!options.tunedFrom.empty())
    info.meta.push_back({"tuning_db", options.tunedFrom});
  if (failed(writeBundle(options.outputDir, "plan", *compiled, info, error)))
    return module.emitError(error);
  result.files = {"plan.ckplan", binaryFile};

  if (options.reference) {
    FailureOr<CompiledModule> ref =
        extractCompiledModule(**lowered, compiled->function + "_reference");
    if (failed(ref) ||
        failed(writeBundle(options.outputDir, "reference", *ref,
                           planInfo(*chip, binaryFile, module, problem, *ref,
                                    /*reference=*/true),
                           error, /*binary=*/false)))
      return error.empty() ? failure() : module.emitError(error);
    result.files.push_back("reference.ckplan");
  }
  scrapDir.release();

  if (options.report) {
    FailureOr<OwningOpRef<ModuleOp>> text =
        lower(module, *chip, options, /*withReference=*/false, "isa");
    if (failed(text))
      return failure();
    FailureOr<CompiledModule> isa = extractCompiledModule(**text);
    if (failed(isa))
      return failure();
    result.reports = nvidia ? ptxasReport(isa->object, *chip, options)
                            : analyzeAmdgpuAssembly(isa->object, *chip);
    // A kernel with a dynamic LDS arena uses what its launch passes; the
    // binary counts only the arena's symbol (ptxas: 1 byte).
    for (KernelReport &report : result.reports)
      for (const KernelRecord &kernel : compiled->kernels)
        if (kernel.name == report.name && kernel.ldsBytes > 0)
          report.ldsBytes = kernel.ldsBytes;
  }
  return result;
}

/// The cache key of `problem` compiled with `options`: everything that
/// decides the bundle's bytes besides the compiler, which BundleCache adds.
static std::string cacheKey(const ConvProblemDesc &problem,
                            const CompileOptions &options) {
  const ChipInfo *chip = lookupChip(options.chip);
  bool nvidia = chip && chip->vendor == Vendor::NVIDIA;
  // The toolkit's program that makes the binary, as the file it is now.
  std::string tool = binaryTool(options, nvidia);
  llvm::sys::fs::file_status status;
  std::string toolFile = "absent";
  if (!llvm::sys::fs::status(tool, status) && llvm::sys::fs::can_execute(tool))
    toolFile =
        std::to_string(status.getSize()) + " " +
        std::to_string(llvm::sys::toTimeT(status.getLastModificationTime()));
  return BundleCache::key(
      {options.chip, tool, toolFile, options.choice.suffix(), options.tunedFrom,
       options.reference ? "reference" : "no-reference", problem.key()});
}

/// `options` with `problem`'s measured choice from the tuning database,
/// where the options leave the choice to the heuristic and the database has
/// one. "" or what is wrong with the database.
static std::string applyTuning(const ConvProblemDesc &problem,
                               CompileOptions &options) {
  if (options.tuningDb.empty() || !options.choice.isHeuristic())
    return "";
  // A directory holds one database per chip; a chip without one is
  // untuned.
  std::string path = options.tuningDb;
  if (llvm::sys::fs::is_directory(path)) {
    path += "/" + options.chip + ".tuning";
    if (!llvm::sys::fs::exists(path))
      return "";
  }
  cktuning::TuningDb db;
  if (std::string error = db.load(path, options.chip); !error.empty())
    return error;
  if (const cktuning::TunedChoice *tuned = db.lookup(problem.key())) {
    options.choice = tuned->choice;
    options.tunedFrom = path;
  }
  return "";
}

FailureOr<CompileResult>
mlir::ck::compileProblem(MLIRContext &context, const ConvProblemDesc &problem,
                         const CompileOptions &given) {
  auto start = std::chrono::steady_clock::now();
  CompileOptions options = given;
  if (std::string error = applyTuning(problem, options); !error.empty())
    return emitError(UnknownLoc::get(&context)) << error;
  std::optional<BundleCache> cache;
  std::string key;
  if (!options.cacheDir.empty() && !options.report) {
    cache.emplace(options.cacheDir);
    key = cacheKey(problem, options);
    CompileResult result;
    BundleCache::Lookup lookup =
        cache->fetch(key, options.outputDir, &result.files);
    if (lookup == BundleCache::Lookup::Hit) {
      result.cached = true;
      result.ptxFallback = llvm::is_contained(result.files, "kernels.ptx");
      result.compileSeconds = std::chrono::duration<double>(
                                  std::chrono::steady_clock::now() - start)
                                  .count();
      return result;
    }
    if (lookup == BundleCache::Lookup::Corrupt)
      llvm::errs() << "ck-compile: warning: the cache entry of "
                   << problem.key() << " was corrupt; compiling it again\n";
  }
  // Diagnostics name the problem by its key.
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(problem.toMLIR(), &context, problem.key());
  if (!module)
    return failure();
  FailureOr<CompileResult> result = compileToBundle(*module, options, &problem);
  if (succeeded(result) && cache)
    if (std::string error =
            cache->store(key, options.outputDir, result->files);
        !error.empty())
      llvm::errs() << "ck-compile: warning: " << error << "\n";
  return result;
}

LogicalResult mlir::ck::compileProblems(
    MLIRContext &context, const std::vector<ConvProblemDesc> &problems,
    const CompileOptions &options, llvm::raw_ostream &log,
    std::vector<std::optional<CompileResult>> *results) {
  if (std::string error = prepareOutputDir(options.outputDir); !error.empty())
    return emitError(UnknownLoc::get(&context)) << error;
  // Problems compile concurrently on the context's thread pool (none
  // where its multithreading is off); log lines come as problems finish.
  std::vector<std::optional<CompileResult>> compiled(problems.size());
  std::mutex logMutex;
  size_t finished = 0;
  auto compileOne = [&](size_t i) {
    const ConvProblemDesc &problem = problems[i];
    CompileOptions one = options;
    SmallString<256> dir(options.outputDir);
    llvm::sys::path::append(dir, problem.key() + options.bundleSuffix);
    one.outputDir = dir.str().str();
    FailureOr<CompileResult> result = compileProblem(context, problem, one);
    if (succeeded(result))
      compiled[i] = *result;
    std::lock_guard<std::mutex> lock(logMutex);
    log << llvm::formatv("[{0}/{1}] {2} {3}", ++finished, problems.size(),
                         succeeded(result) ? "ok    " : "FAILED",
                         problem.key() + options.bundleSuffix);
    if (succeeded(result))
      log << (result->cached
                  ? std::string(" (cached)")
                  : llvm::formatv(" ({0:F1} s)", result->compileSeconds).str());
    log << "\n";
    log.flush();
  };
  parallelFor(&context, 0, problems.size(), compileOne);
  std::string index;
  size_t failures = 0;
  for (auto [problem, result] : llvm::zip(problems, compiled)) {
    if (result)
      index += problem.key() + options.bundleSuffix + "\t" +
               problem.summary() + "\n";
    else
      ++failures;
  }
  if (results)
    llvm::append_range(*results, compiled);
  SmallString<256> indexPath(options.outputDir);
  llvm::sys::path::append(indexPath, "index" + options.bundleSuffix + ".txt");
  std::error_code ec;
  llvm::raw_fd_ostream os(indexPath, ec);
  if (ec)
    return emitError(UnknownLoc::get(&context))
           << "cannot write '" << indexPath << "': " << ec.message();
  os << index;
  if (failures)
    return emitError(UnknownLoc::get(&context))
           << failures << " of " << problems.size()
           << " problems failed to compile";
  return success();
}
