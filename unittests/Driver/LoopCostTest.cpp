//===- LoopCostTest.cpp - Cycle estimates of AMD loops by LLVM's MCA ------===//
//
// The expected figures come from LLVM 22's gfx942 scheduling model, as
// `llvm-mca -mcpu=gfx942 -instruction-info` prints it: v_mfma_f32_16x16x16_f16
// has latency 8 and holds the matrix unit (HWXDL) for 4 cycles; the model
// issues one instruction per cycle, in order.
//
//===----------------------------------------------------------------------===//

#include "ck/Driver/LoopCost.h"

#include "llvm/ADT/SmallVector.h"

#include <gtest/gtest.h>

using namespace mlir::ck;

namespace {

/// Estimates `lines` on gfx942 (wave64); the matrix instructions are the
/// v_mfma lines.
llvm::Expected<LoopCost> estimate(llvm::ArrayRef<llvm::StringRef> lines,
                                  llvm::StringRef chip = "gfx942") {
  llvm::SmallVector<bool> isMatrix;
  for (llvm::StringRef line : lines)
    isMatrix.push_back(line.contains("v_mfma"));
  return estimateAmdgpuLoopCost(chip, 64, lines, isMatrix);
}

LoopCost estimateOk(llvm::ArrayRef<llvm::StringRef> lines) {
  llvm::Expected<LoopCost> cost = estimate(lines);
  if (!cost) {
    ADD_FAILURE() << llvm::toString(cost.takeError());
    return {};
  }
  return *cost;
}

std::string errorOf(llvm::Expected<LoopCost> cost) {
  if (cost)
    return "(no error)";
  return llvm::toString(cost.takeError());
}

TEST(LoopCost, IndependentMfmasKeepTheMatrixUnitBusy) {
  // Four MFMAs on four accumulators: 4 * 4 = 16 cycles of the matrix unit
  // per iteration and nothing waits longer, so 16 cycles, all of them busy.
  LoopCost cost = estimateOk({
      "v_mfma_f32_16x16x16_f16 v[0:3], v[16:17], v[18:19], v[0:3]",
      "v_mfma_f32_16x16x16_f16 v[4:7], v[16:17], v[18:19], v[4:7]",
      "v_mfma_f32_16x16x16_f16 v[8:11], v[16:17], v[18:19], v[8:11]",
      "v_mfma_f32_16x16x16_f16 v[12:15], v[16:17], v[18:19], v[12:15]",
  });
  EXPECT_NEAR(cost.cyclesPerIteration, 16.0, 0.1);
  EXPECT_NEAR(cost.matrixBusy, 1.0, 0.01);
}

TEST(LoopCost, AChainOfResultsWaitsForTheLatency) {
  // Each MFMA reads the other's result as its A operand: two latencies of 8
  // per iteration, 16 cycles, of which the unit is busy 2 * 4 = 8.
  LoopCost cost = estimateOk({
      "v_mfma_f32_16x16x16_f16 v[0:3], v[12:13], v[18:19], v[4:7]",
      "v_mfma_f32_16x16x16_f16 v[12:15], v[0:1], v[18:19], v[4:7]",
  });
  EXPECT_NEAR(cost.cyclesPerIteration, 16.0, 0.1);
  EXPECT_NEAR(cost.matrixBusy, 0.5, 0.01);
}

TEST(LoopCost, VectorOpsIssueWhileAnMfmaRuns) {
  // One MFMA (4 cycles of the matrix unit) and two independent VALU ops,
  // which issue in the MFMA's shadow: 4 cycles.
  LoopCost cost = estimateOk({
      "v_mfma_f32_16x16x16_f16 v[0:3], v[12:13], v[18:19], v[4:7]",
      "v_add_u32_e32 v20, v21, v22",
      "v_add_u32_e32 v23, v21, v22",
  });
  EXPECT_NEAR(cost.cyclesPerIteration, 4.0, 0.1);
  EXPECT_NEAR(cost.matrixBusy, 1.0, 0.01);
}

TEST(LoopCost, LinesThatDoNotAssembleAreAnError) {
  EXPECT_NE(errorOf(estimate({"v_not_an_instruction v0"}))
                .find("does not assemble for gfx942"),
            std::string::npos);
}

TEST(LoopCost, UnknownChipsAreAnError) {
  EXPECT_NE(errorOf(estimate({"v_add_u32_e32 v0, v1, v2"}, "gfx9999"))
                .find("does not know the chip 'gfx9999'"),
            std::string::npos);
}

TEST(LoopCost, OneMatrixFlagPerInstruction) {
  llvm::StringRef line = "v_add_u32_e32 v0, v1, v2";
  EXPECT_NE(errorOf(estimateAmdgpuLoopCost("gfx942", 64, {line, line}, {true}))
                .find("one matrix flag per instruction"),
            std::string::npos);
}

TEST(LoopCost, ALoopTheInOrderModelCannotFinishStillReturns) {
  // LLVM 22's in-order model never executes the first load here (it writes
  // its own address register, and a later MFMA reads the result); without
  // the watchdog, Pipeline::run() would not return. A later LLVM may
  // estimate it; either way the call returns.
  llvm::Expected<LoopCost> cost = estimate({
      "ds_read2_b64 v[98:101], v98 offset0:32 offset1:192",
      "ds_read2_b64 v[102:105], v102 offset0:32 offset1:192",
      "ds_read2_b64 v[106:109], v106 offset0:32 offset1:192",
      "ds_read2_b64 v[110:113], v110 offset0:32 offset1:192",
      "v_add_u32_e32 v122, v77, v78",
      "v_mfma_f32_16x16x16_f16 v[46:49], v[98:99], v[94:95], v[46:49]",
  });
  if (cost)
    EXPECT_GT(cost->cyclesPerIteration, 0.0);
  else
    EXPECT_NE(llvm::toString(cost.takeError()).find("stalls forever"),
              std::string::npos);
}

} // namespace
