//===- LoopCost.cpp - Cycle estimates of AMD loops by LLVM's MCA ----------===//

#include "ck/Driver/LoopCost.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/MCA/Context.h"
#include "llvm/MCA/CustomBehaviour.h"
#include "llvm/MCA/InstrBuilder.h"
#include "llvm/MCA/Pipeline.h"
#include "llvm/MCA/SourceMgr.h"
#include "llvm/MCA/Stages/Stage.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

using namespace llvm;

static Error failure(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

namespace {
/// A streamer that keeps the instructions the assembler parses and ignores
/// everything else.
class InstructionCollector : public MCStreamer {
public:
  explicit InstructionCollector(MCContext &context) : MCStreamer(context) {}

  void emitInstruction(const MCInst &inst, const MCSubtargetInfo &) override {
    instructions.push_back(inst);
  }
  bool emitSymbolAttribute(MCSymbol *, MCSymbolAttr) override { return true; }
  void emitCommonSymbol(MCSymbol *, uint64_t, Align) override {}

  std::vector<MCInst> instructions;
};

/// The last stage of the pipeline: it fails the run once no instruction has
/// retired for `kStallLimit` cycles. LLVM 22's in-order model can deadlock
/// (e.g. on LDS reads, a two-result VALU op and an MFMA reading a loaded
/// register), and Pipeline::run() then never returns.
class StallWatchdog : public mca::Stage, public mca::HWEventListener {
public:
  static constexpr unsigned kStallLimit = 5000;

  bool hasWorkToComplete() const override { return false; }
  Error execute(mca::InstRef &) override { return Error::success(); }
  // Pipeline::runCycle() drops an error of cycleStart() when it calls
  // cycleEnd(), so the watchdog reports at the end of a cycle.
  Error cycleEnd() override {
    if (++cyclesSinceRetire > kStallLimit)
      return failure("LLVM MCA's in-order model stalls forever on this loop");
    return Error::success();
  }
  void onEvent(const mca::HWInstructionEvent &event) override {
    if (event.Type == mca::HWInstructionEvent::Retired)
      cyclesSinceRetire = 0;
  }

private:
  unsigned cyclesSinceRetire = 0;
};
} // namespace

/// The simulated iterations: llvm-mca's default, enough for the steady state
/// of loops of a few hundred instructions.
static constexpr unsigned kIterations = 100;

Expected<mlir::ck::LoopCost>
mlir::ck::estimateAmdgpuLoopCost(StringRef chip, unsigned waveSize,
                                 ArrayRef<StringRef> instructions,
                                 ArrayRef<bool> isMatrix) {
  if (instructions.size() != isMatrix.size())
    return failure("one matrix flag per instruction expected");
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmParser();
    LLVMInitializeAMDGPUTargetMCA();
  });

  Triple triple("amdgcn-amd-amdhsa");
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return failure("no AMDGPU target in this LLVM: " + error);
  std::string features =
      waveSize == 32 ? "+wavefrontsize32" : "+wavefrontsize64";
  // Asked for an unknown CPU, LLVM warns on stderr; ask a generic one first.
  std::unique_ptr<MCSubtargetInfo> generic(
      target->createMCSubtargetInfo(triple, "", features));
  if (!generic || !generic->isCPUStringValid(chip))
    return failure("LLVM does not know the chip '" + chip + "'");
  std::unique_ptr<MCSubtargetInfo> sti(
      target->createMCSubtargetInfo(triple, chip, features));
  const MCSchedModel &model = sti->getSchedModel();
  if (!model.hasInstrSchedModel())
    return failure("LLVM has no scheduling model for " + chip);
  std::unique_ptr<MCRegisterInfo> mri(target->createMCRegInfo(triple));
  MCTargetOptions mcOptions;
  std::unique_ptr<MCAsmInfo> mai(
      target->createMCAsmInfo(*mri, triple, mcOptions));
  std::unique_ptr<MCInstrInfo> mcii(target->createMCInstrInfo());
  std::unique_ptr<MCInstrAnalysis> mcia(
      target->createMCInstrAnalysis(mcii.get()));

  // Assemble the lines into MCInsts.
  SourceMgr sources;
  sources.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(join(instructions, "\n") + "\n", chip),
      SMLoc());
  std::string diagnostics;
  raw_string_ostream diagnosticStream(diagnostics);
  sources.setDiagHandler(
      [](const SMDiagnostic &d, void *os) {
        d.print(nullptr, *static_cast<raw_ostream *>(os), false);
      },
      &diagnosticStream);
  MCContext context(triple, mai.get(), mri.get(), sti.get(), &sources);
  std::unique_ptr<MCObjectFileInfo> objectInfo(
      target->createMCObjectFileInfo(context, /*PIC=*/false));
  context.setObjectFileInfo(objectInfo.get());
  InstructionCollector collector(context);
  target->createNullTargetStreamer(collector);
  std::unique_ptr<MCAsmParser> parser(
      createMCAsmParser(sources, context, collector, *mai));
  std::unique_ptr<MCTargetAsmParser> targetParser(
      target->createMCAsmParser(*sti, *parser, *mcii, mcOptions));
  if (!targetParser)
    return failure("no AMDGPU assembly parser in this LLVM");
  parser->setTargetParser(*targetParser);
  if (parser->Run(/*NoInitialTextSection=*/false) ||
      collector.instructions.size() != instructions.size())
    return failure("the loop does not assemble for " + chip + ": " +
                   StringRef(diagnostics).trim());

  // Lower them to MCA instructions, as llvm-mca does.
  mca::InstrumentManager instruments(*sti, *mcii);
  std::unique_ptr<mca::InstrPostProcess> postProcess(
      target->createInstrPostProcess(*sti, *mcii));
  if (!postProcess)
    postProcess = std::make_unique<mca::InstrPostProcess>(*sti, *mcii);
  mca::InstrBuilder builder(*sti, *mcii, *mri, mcia.get(), instruments,
                            /*CallLatency=*/100);
  SmallVector<std::unique_ptr<mca::Instruction>> lowered;
  double matrixCycles = 0;
  for (auto [inst, matrix] : llvm::zip(collector.instructions, isMatrix)) {
    Expected<std::unique_ptr<mca::Instruction>> one =
        builder.createInstruction(inst, {});
    if (!one)
      return failure("MCA cannot model an instruction of the loop: " +
                     toString(one.takeError()));
    postProcess->postProcessInstruction(**one, inst);
    if (matrix) {
      unsigned busy = 0;
      for (const auto &[mask, usage] : (*one)->getDesc().Resources)
        busy = std::max(busy, usage.size());
      matrixCycles += busy;
    }
    lowered.push_back(std::move(*one));
  }

  mca::CircularSourceMgr source(lowered, kIterations);
  std::unique_ptr<mca::CustomBehaviour> behaviour(
      target->createCustomBehaviour(*sti, source, *mcii));
  if (!behaviour)
    behaviour = std::make_unique<mca::CustomBehaviour>(*sti, source, *mcii);
  mca::Context mca(*mri, *sti);
  // llvm-mca's defaults: widths and queues from the scheduling model.
  mca::PipelineOptions options(/*UOPQSize=*/0, /*DecThr=*/0, /*DW=*/0,
                               /*RFS=*/0, /*LQS=*/0, /*SQS=*/0,
                               /*NoAlias=*/true);
  std::unique_ptr<mca::Pipeline> pipeline =
      mca.createDefaultPipeline(options, source, *behaviour);
  auto watchdog = std::make_unique<StallWatchdog>();
  pipeline->addEventListener(watchdog.get());
  pipeline->appendStage(std::move(watchdog));
  Expected<unsigned> cycles = pipeline->run();
  if (!cycles)
    return failure("MCA failed on the loop: " + toString(cycles.takeError()));
  if (*cycles == 0)
    return failure("MCA simulated no cycles");
  LoopCost cost;
  cost.cyclesPerIteration = double(*cycles) / kIterations;
  cost.matrixBusy = matrixCycles / cost.cyclesPerIteration;
  return cost;
}
