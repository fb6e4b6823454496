//===- Report.cpp - Resources and loops of AMD kernels --------------------===//

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
  if (op.starts_with("v_rcp_iflag_f32") || op.starts_with("v_mul_hi_u32") ||
      op.starts_with("v_mul_hi_i32") || op.starts_with("s_mul_hi_u32") ||
      op.starts_with("s_mul_hi_i32"))
    return op.contains("_u24") || op.contains("_i24") ? "valu" : "divide";
  if (op.starts_with("global_load") || op.starts_with("buffer_load") ||
      op.starts_with("flat_load"))
    return "vmem_load";
  if (op.starts_with("global_store") || op.starts_with("buffer_store") ||
      op.starts_with("flat_store"))
    return "vmem_store";
  // 128-bit reads apart, as the fragments' widest (ds_read2_b64 reads two
  // 64-bit places), and transpose reads (ds_read_b64_tr_b16), which read
  // MN-major fragments whole.
  if (op.starts_with("ds_read") || op.starts_with("ds_load")) {
    if (op.contains("_tr_b") || op.starts_with("ds_load_tr"))
      return "lds_read_tr";
    return op.ends_with("_b128") ? "lds_read_b128" : "lds_read";
  }
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
  StringRef label;       // set for "name:" lines
  StringRef opcode;      // set for instructions
  StringRef instruction; // the whole instruction
  StringRef target;      // branch target label
};

/// Lines [begin, end) of a kernel: a loop's label up to its last backward
/// branch, inclusive.
struct Loop {
  size_t begin, end;
  size_t size() const { return end - begin; }
  bool overlaps(const Loop &other) const {
    return begin < other.end && other.begin < end;
  }
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
      line.instruction = text;
      if (opcode.starts_with("s_cbranch") || opcode.starts_with("s_branch"))
        line.target = operands.trim();
    }
    lines.push_back(line);
  }
  return lines;
}

/// Every loop: a label and the last branch back to it. A loop whose body
/// branches around a conditional block has several backward branches.
static std::vector<Loop> findLoops(ArrayRef<Line> lines) {
  std::vector<Loop> loops;
  for (size_t begin = 0; begin < lines.size(); ++begin) {
    if (lines[begin].label.empty())
      continue;
    for (size_t i = lines.size(); i-- > begin + 1;)
      if (lines[i].target == lines[begin].label) {
        loops.push_back({begin, i + 1});
        break;
      }
  }
  return loops;
}

static bool holds(ArrayRef<Line> lines, const Loop &loop, StringRef category) {
  return llvm::any_of(lines.slice(loop.begin, loop.size()), [&](const Line &l) {
    return categorize(l.opcode) == category;
  });
}

/// The smallest loop holding every category of `wanted` and none of
/// `unwanted`, outside `outside`.
static std::optional<Loop> smallestLoop(ArrayRef<Line> lines,
                                        ArrayRef<Loop> loops,
                                        ArrayRef<StringRef> wanted,
                                        ArrayRef<StringRef> unwanted = {},
                                        std::optional<Loop> outside = {}) {
  std::optional<Loop> best;
  for (const Loop &loop : loops) {
    if (outside && loop.overlaps(*outside))
      continue;
    if (!llvm::all_of(wanted,
                      [&](StringRef c) { return holds(lines, loop, c); }) ||
        llvm::any_of(unwanted,
                     [&](StringRef c) { return holds(lines, loop, c); }))
      continue;
    if (!best || loop.size() < best->size())
      best = loop;
  }
  return best;
}

static int64_t count(ArrayRef<Line> lines, const Loop &loop,
                     StringRef category) {
  return llvm::count_if(lines.slice(loop.begin, loop.size()),
                        [&](const Line &l) {
                          return categorize(l.opcode) == category;
                        });
}

/// The K loop: the smallest loop holding at least half the `compute`
/// instructions of the loop that holds the most. A loop that merely holds
/// a few of them (a StreamK fix-up adding partial tiles with FMAs) is
/// passed over, and so is a loop around the K loop (it holds no fewer).
static std::optional<Loop> computeLoop(ArrayRef<Line> lines,
                                       ArrayRef<Loop> loops,
                                       StringRef compute) {
  int64_t most = 0;
  for (const Loop &loop : loops)
    most = std::max(most, count(lines, loop, compute));
  std::optional<Loop> best;
  for (const Loop &loop : loops)
    if (most > 0 && 2 * count(lines, loop, compute) >= most &&
        (!best || loop.size() < best->size()))
      best = loop;
  return best;
}

/// The source operands of an instruction: its text after the first comma.
static StringRef sources(const Line &line) {
  return line.instruction.split(',').second.trim();
}

/// Whether `line`, a multiply-high, is the upper half of a 64-bit product
/// whose lower half `body` computes from the same operands (s_mul_i32,
/// v_mul_lo_*), not the reciprocal multiply of a division by a constant,
/// which uses the upper half alone.
static bool isWideProductHalf(const Line &line, ArrayRef<Line> body) {
  if (!line.opcode.contains("mul_hi"))
    return false;
  StringRef low = line.opcode.starts_with("s_") ? "s_mul_i32" : "v_mul_lo";
  return llvm::any_of(body, [&](const Line &other) {
    return other.opcode.starts_with(low) && sources(other) == sources(line);
  });
}

static LoopReport reportLoop(StringRef name, ArrayRef<Line> lines,
                             std::optional<Loop> loop, const ChipInfo &chip,
                             unsigned waveSize) {
  LoopReport report;
  report.name = name.str();
  ArrayRef<Line> body = loop ? lines.slice(loop->begin, loop->size()) : lines;
  SmallVector<StringRef> instructions;
  SmallVector<bool> isMatrix;
  for (const Line &line : body) {
    if (line.opcode.empty())
      continue;
    StringRef category = categorize(line.opcode);
    if (category == "divide" && isWideProductHalf(line, body))
      category = line.opcode.starts_with("s_") ? "salu" : "valu";
    report.mix[category.str()]++;
    instructions.push_back(line.instruction);
    isMatrix.push_back(category == "mma");
  }
  if (!loop)
    return report;
  llvm::Expected<LoopCost> cost =
      estimateAmdgpuLoopCost(chip.name, waveSize, instructions, isMatrix);
  if (cost)
    report.cost = *cost;
  else
    report.mcaError = toString(cost.takeError());
  return report;
}

/// The main loop, or the math and load loops of a kernel with wave roles,
/// or the whole kernel.
static std::vector<LoopReport>
analyzeLoops(ArrayRef<Line> lines, const ChipInfo &chip, unsigned waveSize) {
  // The compute instructions are matrix instructions, or FMAs on the FMA
  // path.
  bool anyMma = llvm::any_of(
      lines, [](const Line &l) { return categorize(l.opcode) == "mma"; });
  StringRef compute = anyMma ? "mma" : "fma";
  std::vector<Loop> loops = findLoops(lines);
  std::optional<Loop> main = computeLoop(lines, loops, compute);
  if (!main)
    return {reportLoop("whole kernel", lines, std::nullopt, chip, waveSize)};
  // Math waves do not load from global memory; the load waves' loop is
  // elsewhere in the kernel and computes nothing (LLVM may have unrolled
  // it where its trip count is small).
  if (holds(lines, *main, "vmem_load"))
    return {reportLoop("main loop", lines, main, chip, waveSize)};
  std::vector<LoopReport> reports = {
      reportLoop("math loop", lines, main, chip, waveSize)};
  if (std::optional<Loop> load = smallestLoop(
          lines, loops, {"vmem_load", "lds_write"}, {compute}, main))
    reports.push_back(reportLoop("load loop", lines, load, chip, waveSize));
  return reports;
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
    r.name = entry.drop_front(namePos + 6)
                 .ltrim()
                 .take_until([](char c) { return c == '\n'; })
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
    r.loops = analyzeLoops(kernelLines(assembly, r.name), chip, r.waveSize);
    reports.push_back(std::move(r));
  }
  return reports;
}
