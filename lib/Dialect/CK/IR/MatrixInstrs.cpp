//===- MatrixInstrs.cpp - Matrix instruction attributes and layouts -------===//
//
// #ck.mfma, #ck.wmma, #ck.mma_sync and #ck.fma: which shapes and types ck
// has layouts for (their verifiers) and the lane layouts themselves
// (MatrixInstrAttrInterface).
//
//===----------------------------------------------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::ck;

//===----------------------------------------------------------------------===//
// Layout building blocks
//===----------------------------------------------------------------------===//

namespace {
LaneTerm divTerm(int64_t divisor, int64_t scale = 1) {
  return {divisor, 0, scale};
}
LaneTerm modTerm(int64_t modulus, int64_t scale = 1) {
  return {0, modulus, scale};
}
LaneTerm noTerm() { return {}; }

/// Offsets (i * rowStep, i * colStep) for i < count.
std::vector<std::pair<int64_t, int64_t>> line(int64_t count, int64_t rowStep,
                                              int64_t colStep) {
  std::vector<std::pair<int64_t, int64_t>> offsets;
  for (int64_t i = 0; i < count; ++i)
    offsets.emplace_back(i * rowStep, i * colStep);
  return offsets;
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

std::optional<FragmentLayout> FragmentLayout::packedAlong(unsigned dim,
                                                          int64_t pack) const {
  int64_t run = size();
  LaneTerm term = dim == 0 ? row : col;
  if (pack < 1 || runAt(0, dim, run) != run || term.scale != run ||
      (dim == 0 ? offsets[0].first : offsets[0].second) != 0)
    return std::nullopt;
  FragmentLayout packed = *this;
  (dim == 0 ? packed.row : packed.col).scale = run * pack;
  packed.offsets.clear();
  for (int64_t t = 0; t < pack; ++t)
    for (const auto &[r, c] : offsets)
      packed.offsets.emplace_back(dim == 0 ? r + t * run : r,
                                  dim == 0 ? c : c + t * run);
  return packed;
}

bool FragmentLayout::readByTransposeLoads(unsigned kDim) const {
  const LaneTerm &along = kDim == 0 ? row : col;
  const LaneTerm &across = kDim == 0 ? col : row;
  int64_t run = 2 * kTransposeReadElements;
  bool acrossIsLane =
      across.divisor == 0 && across.modulus == 16 && across.scale == 1;
  bool alongIsGroup = along.divisor == 16 && along.scale == run;
  if (size() != run || !acrossIsLane || !alongIsGroup ||
      runAt(0, kDim, run) != run)
    return false;
  return (kDim == 0 ? offsets[0].first : offsets[0].second) == 0 &&
         (kDim == 0 ? offsets[0].second : offsets[0].first) == 0;
}

std::optional<int64_t> MatrixLayout::transposeReadPack() const {
  int64_t run = 2 * kTransposeReadElements;
  if (waveSize != 64 || a.size() == 0 || run % a.size() ||
      k * (run / a.size()) != kTransposeReadK)
    return std::nullopt;
  int64_t pack = run / a.size();
  std::optional<FragmentLayout> packedA = a.packedAlong(1, pack),
                                packedB = b.packedAlong(0, pack);
  if (!packedA || !packedB || !packedA->readByTransposeLoads(1) ||
      !packedB->readByTransposeLoads(0))
    return std::nullopt;
  return pack;
}

namespace mlir::ck {
/// `MxNxK`, as in `#ck.mfma<16x16x16, f16>`.
ParseResult parseMatrixShape(AsmParser &parser, int64_t &m, int64_t &n,
                             int64_t &k) {
  SmallVector<int64_t, 3> shape;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/false))
    return failure();
  if (shape.size() != 3)
    return parser.emitError(loc) << "expected an instruction shape MxNxK, got "
                                 << shape.size() << " sizes";
  m = shape[0];
  n = shape[1];
  k = shape[2];
  return success();
}

void printMatrixShape(AsmPrinter &printer, int64_t m, int64_t n, int64_t k) {
  printer << m << "x" << n << "x" << k;
}
} // namespace mlir::ck

static SmallVector<int64_t, 3> shapeOf(int64_t m, int64_t n, int64_t k) {
  return {m, n, k};
}

//===----------------------------------------------------------------------===//
// #ck.mfma
//===----------------------------------------------------------------------===//

LogicalResult MfmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t m, int64_t n, int64_t k,
                               Type elementType) {
  bool known = m == 16 && n == 16 &&
               (((k == 16 || k == 32) &&
                 (elementType.isF16() || elementType.isBF16())) ||
                (k == 4 && elementType.isF32()));
  if (!known)
    return emitError() << "ck has no layout for mfma " << m << "x" << n << "x"
                       << k << " with " << elementType
                       << "; expected 16x16x16 or 16x16x32 (gfx950) with f16 "
                          "or bf16, or 16x16x4 with f32";
  return success();
}

SmallVector<int64_t, 3> MfmaAttr::getShape() const {
  return shapeOf(getM(), getN(), getK());
}
std::optional<int64_t> MfmaAttr::getRequiredWaveSize() const { return 64; }
bool MfmaAttr::acceptsInputs(Type type) const {
  return type == getElementType();
}
Type MfmaAttr::getComputeType(Type inputType) const { return inputType; }

/// MFMA 16x16xK: A row = lane % 16, k = (K / 4) * (lane / 16) + i; C row
/// = 4 * (lane / 16) + i, col = lane % 16.
MatrixLayout MfmaAttr::getLayout(int64_t) const {
  int64_t perLane = getK() / 4;
  return {16,
          16,
          getK(),
          64,
          {modTerm(16), divTerm(16, perLane), line(perLane, 0, 1)},
          {divTerm(16, perLane), modTerm(16), line(perLane, 1, 0)},
          {divTerm(16, 4), modTerm(16), line(4, 1, 0)}};
}

//===----------------------------------------------------------------------===//
// #ck.wmma
//===----------------------------------------------------------------------===//

LogicalResult WmmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t m, int64_t n, int64_t k,
                               Type elementType, WmmaGeneration) {
  if (m != 16 || n != 16 || k != 16 ||
      !(elementType.isF16() || elementType.isBF16()))
    return emitError() << "ck has no layout for wmma " << m << "x" << n << "x"
                       << k << " with " << elementType
                       << "; expected 16x16x16 with f16 or bf16";
  return success();
}

SmallVector<int64_t, 3> WmmaAttr::getShape() const {
  return shapeOf(getM(), getN(), getK());
}
std::optional<int64_t> WmmaAttr::getRequiredWaveSize() const { return 32; }
bool WmmaAttr::acceptsInputs(Type type) const {
  return type == getElementType();
}
Type WmmaAttr::getComputeType(Type inputType) const { return inputType; }

MatrixLayout WmmaAttr::getLayout(int64_t) const {
  // gfx11: A row = lane % 16 and all 16 k (lanes 16-31 repeat lanes 0-15);
  // C row = 2 * i + lane / 16.
  if (getGeneration() == WmmaGeneration::Gfx11)
    return {16,
            16,
            16,
            32,
            {modTerm(16), noTerm(), line(16, 0, 1)},
            {noTerm(), modTerm(16), line(16, 1, 0)},
            {divTerm(16), modTerm(16), line(8, 2, 0)}};
  // gfx12: A row = lane % 16, k = 8 * (lane / 16) + i; C row =
  // 8 * (lane / 16) + i.
  return {16,
          16,
          16,
          32,
          {modTerm(16), divTerm(16, 8), line(8, 0, 1)},
          {divTerm(16, 8), modTerm(16), line(8, 1, 0)},
          {divTerm(16, 8), modTerm(16), line(8, 1, 0)}};
}

//===----------------------------------------------------------------------===//
// #ck.mma_sync
//===----------------------------------------------------------------------===//

LogicalResult MmaSyncAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t m, int64_t n, int64_t k,
                                  Type elementType) {
  bool known = m == 16 && n == 8 &&
               ((k == 16 && (elementType.isF16() || elementType.isBF16())) ||
                (k == 8 && isa<FloatTF32Type>(elementType)));
  if (!known)
    return emitError() << "ck has no layout for mma_sync " << m << "x" << n
                       << "x" << k << " with " << elementType
                       << "; expected 16x8x16 with f16 or bf16, or 16x8x8 "
                          "with tf32";
  return success();
}

SmallVector<int64_t, 3> MmaSyncAttr::getShape() const {
  return shapeOf(getM(), getN(), getK());
}
std::optional<int64_t> MmaSyncAttr::getRequiredWaveSize() const { return 32; }
bool MmaSyncAttr::acceptsInputs(Type type) const {
  // tf32 instructions take f32 registers and round them.
  if (isa<FloatTF32Type>(getElementType()))
    return type.isF32();
  return type == getElementType();
}
Type MmaSyncAttr::getComputeType(Type inputType) const {
  return getElementType();
}

MatrixLayout MmaSyncAttr::getLayout(int64_t) const {
  // m16n8k8 tf32: A register r holds row g + 8 * (r % 2), col t + 4 *
  // (r / 2); B register r holds k t + 4r, col g (g = lane / 4, t = lane % 4).
  if (getK() == 8)
    return {16,
            8,
            8,
            32,
            {divTerm(4), modTerm(4), {{0, 0}, {8, 0}, {0, 4}, {8, 4}}},
            {modTerm(4), divTerm(4), {{0, 0}, {4, 0}}},
            {divTerm(4), modTerm(4, 2), {{0, 0}, {0, 1}, {8, 0}, {8, 1}}}};
  // m16n8k16 (f16/bf16): A register r holds row g + 8 * (r % 2), cols 2t +
  // 8 * (r / 2) + {0, 1}; B register r holds k 2t + 8r + {0, 1}, col g;
  // C register r holds row g + 8r, cols 2t + {0, 1}.
  return {16,
          8,
          16,
          32,
          {divTerm(4),
           modTerm(4, 2),
           {{0, 0}, {0, 1}, {8, 0}, {8, 1}, {0, 8}, {0, 9}, {8, 8}, {8, 9}}},
          {modTerm(4, 2), divTerm(4), {{0, 0}, {1, 0}, {8, 0}, {9, 0}}},
          {divTerm(4), modTerm(4, 2), {{0, 0}, {0, 1}, {8, 0}, {8, 1}}}};
}

//===----------------------------------------------------------------------===//
// #ck.wgmma
//===----------------------------------------------------------------------===//

LogicalResult WgmmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                Type elementType) {
  if (!elementType.isF16() && !elementType.isBF16())
    return emitError() << "ck has wgmma for f16 and bf16 inputs, not "
                       << elementType;
  return success();
}

SmallVector<int64_t, 3> WgmmaAttr::getShape() const { return {16, 8, 16}; }
std::optional<int64_t> WgmmaAttr::getRequiredWaveSize() const { return 32; }
bool WgmmaAttr::acceptsInputs(Type type) const {
  return type == getElementType();
}
Type WgmmaAttr::getComputeType(Type inputType) const { return inputType; }

/// A warp's share of the instruction: its 16 rows as m16n8 accumulator
/// tiles, the layout of mma.sync's C. A and B stay in LDS; their layouts
/// are mma.sync's, which only the generic paths that never run for wgmma
/// would read.
MatrixLayout WgmmaAttr::getLayout(int64_t waveSize) const {
  return MmaSyncAttr::get(getContext(), 16, 8, 16, getElementType())
      .getLayout(waveSize);
}

//===----------------------------------------------------------------------===//
// #ck.fma
//===----------------------------------------------------------------------===//

SmallVector<int64_t, 3> FmaAttr::getShape() const { return {16, 16, 1}; }
std::optional<int64_t> FmaAttr::getRequiredWaveSize() const {
  return std::nullopt;
}
bool FmaAttr::acceptsInputs(Type type) const {
  return type.isF16() || type.isBF16() || type.isF32();
}
Type FmaAttr::getComputeType(Type) const {
  return Float32Type::get(getContext());
}

/// Lane l holds the 16 * 16 / waveSize accumulators of column l % 16, rows
/// perLane * (l / 16) + i, and the A values of those rows.
MatrixLayout FmaAttr::getLayout(int64_t waveSize) const {
  int64_t perLane = 256 / waveSize;
  return {16,
          16,
          1,
          static_cast<unsigned>(waveSize),
          {divTerm(16, perLane), noTerm(), line(perLane, 1, 0)},
          {noTerm(), modTerm(16), {{0, 0}}},
          {divTerm(16, perLane), modTerm(16), line(perLane, 1, 0)}};
}
