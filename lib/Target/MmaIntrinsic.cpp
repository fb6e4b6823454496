//===- MmaIntrinsic.cpp - Fragment layouts of matrix instructions ---------===//

#include "ck/Target/MmaIntrinsic.h"

using namespace mlir;
using namespace mlir::ck;

namespace {
LaneTerm div(int64_t divisor, int64_t scale = 1) { return {divisor, 0, scale}; }
LaneTerm mod(int64_t modulus, int64_t scale = 1) { return {0, modulus, scale}; }
LaneTerm none() { return {}; }

/// Offsets (row0 + i * rowStep, col0 + i * colStep) for i < count.
std::vector<std::pair<int64_t, int64_t>> line(int64_t count, int64_t rowStep,
                                              int64_t colStep) {
  std::vector<std::pair<int64_t, int64_t>> offsets;
  for (int64_t i = 0; i < count; ++i)
    offsets.emplace_back(i * rowStep, i * colStep);
  return offsets;
}

/// AMD MFMA 16x16xK: A row = lane % 16, k = (K / 4) * (lane / 16) + i; C row
/// = 4 * (lane / 16) + i, col = lane % 16 (wave64).
MmaIntrinsicInfo mfma16x16(MmaIntrinsic kind, int64_t k,
                           MmaElementType type) {
  int64_t perLane = k / 4;
  return {kind,
          16,
          16,
          k,
          64,
          type,
          {mod(16), div(16, perLane), line(perLane, 0, 1)},
          {div(16, perLane), mod(16), line(perLane, 1, 0)},
          {div(16, 4), mod(16), line(4, 1, 0)}};
}

/// AMD WMMA 16x16x16 on gfx11 (wave32): A row = lane % 16 and all 16 k
/// (lanes 16-31 repeat lanes 0-15); C row = 2 * i + lane / 16.
MmaIntrinsicInfo wmmaGfx11(MmaIntrinsic kind, MmaElementType type) {
  return {kind,
          16,
          16,
          16,
          32,
          type,
          {mod(16), none(), line(16, 0, 1)},
          {none(), mod(16), line(16, 1, 0)},
          {div(16), mod(16), line(8, 2, 0)}};
}

/// AMD WMMA 16x16x16 on gfx12 (wave32): A row = lane % 16, k = 8 * (lane /
/// 16) + i; C row = 8 * (lane / 16) + i.
MmaIntrinsicInfo wmmaGfx12(MmaIntrinsic kind, MmaElementType type) {
  return {kind,
          16,
          16,
          16,
          32,
          type,
          {mod(16), div(16, 8), line(8, 0, 1)},
          {div(16, 8), mod(16), line(8, 1, 0)},
          {div(16, 8), mod(16), line(8, 1, 0)}};
}

/// NVIDIA mma.sync m16n8k16 (f16/bf16): with g = lane / 4 and t = lane % 4,
/// A register r holds row g + 8 * (r % 2), cols 2t + 8 * (r / 2) + {0, 1};
/// B register r holds k 2t + 8r + {0, 1}, col g; C register r holds row
/// g + 8r, cols 2t + {0, 1}.
MmaIntrinsicInfo mma16x8x16(MmaIntrinsic kind, MmaElementType type) {
  return {kind,
          16,
          8,
          16,
          32,
          type,
          {div(4),
           mod(4, 2),
           {{0, 0}, {0, 1}, {8, 0}, {8, 1}, {0, 8}, {0, 9}, {8, 8}, {8, 9}}},
          {mod(4, 2), div(4), {{0, 0}, {1, 0}, {8, 0}, {9, 0}}},
          {div(4), mod(4, 2), {{0, 0}, {0, 1}, {8, 0}, {8, 1}}}};
}

/// NVIDIA mma.sync m16n8k8 tf32: A register r holds row g + 8 * (r % 2),
/// col t + 4 * (r / 2); B register r holds k t + 4r, col g.
MmaIntrinsicInfo mma16x8x8Tf32() {
  return {MmaIntrinsic::Mma16x8x8Tf32,
          16,
          8,
          8,
          32,
          MmaElementType::F32,
          {div(4), mod(4), {{0, 0}, {8, 0}, {0, 4}, {8, 4}}},
          {mod(4), div(4), {{0, 0}, {4, 0}}},
          {div(4), mod(4, 2), {{0, 0}, {0, 1}, {8, 0}, {8, 1}}}};
}

/// The plain FMA path: a 16x16 tile per wave and one k per step; lane l
/// holds the 16 * 16 / waveSize accumulators of column l % 16, rows
/// perLane * (l / 16) + i, and the A values of those rows.
MmaIntrinsicInfo fma(unsigned waveSize) {
  int64_t perLane = 256 / waveSize;
  return {MmaIntrinsic::Fma,
          16,
          16,
          1,
          waveSize,
          MmaElementType::F32,
          {div(16, perLane), none(), line(perLane, 1, 0)},
          {none(), mod(16), {{0, 0}}},
          {div(16, perLane), mod(16), line(perLane, 1, 0)}};
}
} // namespace

int64_t FragmentLayout::runAt(int64_t i, unsigned dim, int64_t maxRun) const {
  auto along = [&](int64_t e) {
    return dim == 0 ? offsets[e].first : offsets[e].second;
  };
  auto across = [&](int64_t e) {
    return dim == 0 ? offsets[e].second : offsets[e].first;
  };
  int64_t run = 1;
  while (run * 2 <= maxRun && i + run * 2 <= size()) {
    for (int64_t j = run; j < run * 2; ++j)
      if (across(i + j) != across(i) || along(i + j) != along(i) + j)
        return run;
    run *= 2;
  }
  return run;
}

MmaIntrinsicInfo mlir::ck::getMmaIntrinsicInfo(MmaIntrinsic kind,
                                               unsigned waveSize) {
  using T = MmaElementType;
  switch (kind) {
  case MmaIntrinsic::Fma:
    return fma(waveSize);
  case MmaIntrinsic::Mfma16x16x16F16:
    return mfma16x16(kind, 16, T::F16);
  case MmaIntrinsic::Mfma16x16x16Bf16:
    return mfma16x16(kind, 16, T::BF16);
  case MmaIntrinsic::Mfma16x16x4F32:
    return mfma16x16(kind, 4, T::F32);
  case MmaIntrinsic::Wmma16x16x16F16Gfx11:
    return wmmaGfx11(kind, T::F16);
  case MmaIntrinsic::Wmma16x16x16Bf16Gfx11:
    return wmmaGfx11(kind, T::BF16);
  case MmaIntrinsic::Wmma16x16x16F16Gfx12:
    return wmmaGfx12(kind, T::F16);
  case MmaIntrinsic::Wmma16x16x16Bf16Gfx12:
    return wmmaGfx12(kind, T::BF16);
  case MmaIntrinsic::Mma16x8x16F16:
    return mma16x8x16(kind, T::F16);
  case MmaIntrinsic::Mma16x8x16Bf16:
    return mma16x8x16(kind, T::BF16);
  case MmaIntrinsic::Mma16x8x8Tf32:
    return mma16x8x8Tf32();
  }
  llvm_unreachable("unknown intrinsic");
}
