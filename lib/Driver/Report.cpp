//===- Report.cpp - Resources and instruction mix of AMD kernels ----------===//

#include "ck/Driver/Report.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::ck;

/// The category of one instruction mnemonic.
static StringRef categorize(StringRef op) {
  if (op.starts_with("v_mfma") || op.starts_with("v_wmma") ||
      op.starts_with("v_smfmac"))
    return "mma";
  if (op.starts_with("v_fma") || op.starts_with("v_fmac") ||
      op.starts_with("v_pk_fma") || op.starts_with("v_dual_fmac"))
    return "fma";
  if (op.starts_with("global_load") || op.starts_with("buffer_load") ||
      op.starts_with("flat_load"))
    return "vmem_load";
  if (op.starts_with("global_store") || op.starts_with("buffer_store") ||
      op.starts_with("flat_store"))
    return "vmem_store";
  if (op.starts_with("ds_read") || op.starts_with("ds_load"))
    return "lds_read";
  if (op.starts_with("ds_write") || op.starts_with("ds_store"))
    return "lds_write";
  if (op.starts_with("s_waitcnt") || op.starts_with("s_wait_"))
    return "waitcnt";
  if (op.starts_with("s_barrier"))
    return "barrier";
  if (op.starts_with("v_"))
    return "valu";
  if (op.starts_with("s_"))
    return "salu";
  return "other";
}

namespace {
struct Line {
  StringRef label;  // set for "name:" lines
  StringRef opcode; // set for instructions
  StringRef target; // branch target label
};
} // namespace

/// Instructions of `kernel` (from "kernel:" to the end of its function).
static std::vector<Line> kernelLines(StringRef assembly, StringRef kernel) {
  std::vector<Line> lines;
  SmallVector<StringRef> raw;
  assembly.split(raw, '\n');
  bool inside = false;
  for (StringRef text : raw) {
    text = text.trim();
    if (!inside) {
      inside = text == (kernel + ":").str();
      continue;
    }
    if (text.starts_with(".Lfunc_end"))
      break;
    if (text.empty() || text.starts_with(";") || text.starts_with("."))
      if (!text.ends_with(":"))
        continue;
    Line line;
    if (text.ends_with(":")) {
      line.label = text.drop_back();
    } else {
      auto [opcode, operands] = text.split(' ');
      line.opcode = opcode.trim();
      if (opcode.starts_with("s_cbranch") || opcode.starts_with("s_branch"))
        line.target = operands.trim();
    }
    lines.push_back(line);
  }
  return lines;
}

static void countMix(ArrayRef<Line> lines, KernelReport &report) {
  for (const Line &line : lines)
    if (!line.opcode.empty())
      report.mainLoopMix[categorize(line.opcode).str()]++;
}

static void analyzeMainLoop(ArrayRef<Line> lines, KernelReport &report) {
  // Loops are backward branches to a label; a loop whose body branches
  // around a conditional block has several, and ends at the last one. Take
  // the smallest loop holding matrix instructions, or, for the FMA path,
  // FMAs.
  bool anyMma = llvm::any_of(
      lines, [](const Line &l) { return categorize(l.opcode) == "mma"; });
  StringRef compute = anyMma ? "mma" : "fma";
  size_t bestBegin = 0, bestEnd = lines.size();
  bool found = false;
  for (size_t begin = 0; begin < lines.size(); ++begin) {
    if (lines[begin].label.empty())
      continue;
    size_t end = lines.size();
    for (size_t i = lines.size(); i-- > begin + 1;)
      if (lines[i].target == lines[begin].label) {
        end = i;
        break;
      }
    if (end == lines.size())
      continue;
    bool hasMma =
        llvm::any_of(lines.slice(begin, end - begin), [&](const Line &l) {
          return categorize(l.opcode) == compute;
        });
    if (hasMma && (!found || end + 1 - begin < bestEnd - bestBegin)) {
      bestBegin = begin;
      bestEnd = end + 1;
      found = true;
    }
  }
  report.foundMainLoop = found;
  countMix(lines.slice(bestBegin, bestEnd - bestBegin), report);
}

/// Value of "key: value" lines inside the metadata entry of one kernel.
static int64_t metadataInt(StringRef entry, StringRef key) {
  size_t pos = entry.find(("." + key + ":").str());
  if (pos == StringRef::npos)
    return 0;
  StringRef rest = entry.drop_front(pos + key.size() + 2).ltrim();
  int64_t value = 0;
  rest.take_while(llvm::isDigit).getAsInteger(10, value);
  return value;
}

static int64_t occupancy(const KernelReport &r, const ChipInfo &chip,
                         int64_t wavesPerWorkgroup) {
  int64_t waves = chip.maxWavesPerSimd;
  int64_t registers = llvm::alignTo(std::max<int64_t>(1, r.vgprs + r.agprs), 8);
  waves = std::min(waves, chip.registersPerSimd / registers);
  if (r.ldsBytes > 0) {
    int64_t workgroups = chip.ldsPerCU / r.ldsBytes;
    waves = std::min(waves, workgroups * wavesPerWorkgroup / chip.simdsPerCU);
  }
  return waves;
}

std::vector<KernelReport>
mlir::ck::analyzeAmdgpuAssembly(StringRef assembly, const ChipInfo &chip) {
  std::vector<KernelReport> reports;
  size_t metadata = assembly.find("amdhsa.kernels:");
  if (metadata == StringRef::npos)
    return reports;
  StringRef rest = assembly.drop_front(metadata);
  // Each kernel's entry starts at "  - .agpr_count" or similar "- ." line.
  SmallVector<StringRef> entries;
  rest.split(entries, "\n  - ");
  for (StringRef entry : ArrayRef(entries).drop_front()) {
    size_t namePos = entry.find(".name:");
    if (namePos == StringRef::npos)
      continue;
    KernelReport r;
    r.name = entry.drop_front(namePos + 6).ltrim().take_until(
                 [](char c) { return c == '\n'; })
                 .trim()
                 .str();
    r.vgprs = metadataInt(entry, "vgpr_count");
    r.agprs = metadataInt(entry, "agpr_count");
    r.sgprs = metadataInt(entry, "sgpr_count");
    r.ldsBytes = metadataInt(entry, "group_segment_fixed_size");
    r.scratchBytes = metadataInt(entry, "private_segment_fixed_size");
    r.vgprSpills = metadataInt(entry, "vgpr_spill_count");
    r.sgprSpills = metadataInt(entry, "sgpr_spill_count");
    r.waveSize = metadataInt(entry, "wavefront_size");
    int64_t workgroupSize = metadataInt(entry, "max_flat_workgroup_size");
    int64_t wavesPerWorkgroup =
        r.waveSize ? std::max<int64_t>(1, workgroupSize / r.waveSize) : 1;
    r.occupancy = occupancy(r, chip, wavesPerWorkgroup);
    analyzeMainLoop(kernelLines(assembly, r.name), r);
    reports.push_back(std::move(r));
  }
  return reports;
}
