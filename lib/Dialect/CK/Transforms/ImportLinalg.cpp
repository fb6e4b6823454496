//===- ImportLinalg.cpp - The ck-import-linalg pass -----------------------===//
//
// Upstream linalg convolutions and matrix products on buffers into ck ops.
// Each loop of the linalg op gets the letter of its role, read off the
// indexing maps (ck's layout letters N, G, C, K and the spatial letters for
// convolutions; G, M, N, K for GEMMs); each operand's layout is the letters
// of its dimensions, and the roles an operand lacks become unit dimensions.
//
//===----------------------------------------------------------------------===//

#include "ck/Dialect/CK/IR/ConvProblem.h"
#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Dialect/CK/Utils/ViewBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKIMPORTLINALG
#include "ck/Dialect/CK/Transforms/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {
/// What a linalg op computes, as far as this pass is concerned.
enum class Computation { Other, Convolution, Contraction };
} // namespace

static Computation classify(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return Computation::Other;
  bool multiplyAdd = linalg::detail::isContractionBody(
      *op.getBlock(), [](Operation *multiply, Operation *add) {
        return isa<arith::MulFOp>(multiply) && isa<arith::AddFOp>(add);
      });
  if (!multiplyAdd)
    return Computation::Other;
  if (linalg::isaConvolutionOpInterface(op))
    return Computation::Convolution;
  if (linalg::isaContractionOpInterface(op))
    return Computation::Contraction;
  return Computation::Other;
}

static std::string printed(AffineExpr expr) {
  std::string text;
  llvm::raw_string_ostream(text) << expr;
  return text;
}

static bool isCKElementType(Type type) {
  return type.isF16() || type.isBF16() || type.isF32();
}

/// The memref under `value`'s chain of views.
static Value rootBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// False only where `a` and `b` provably hold different memory: two
/// different allocations, or an allocation and an argument of the function
/// (which exists before it). Any other root (an op's result that is not a
/// view: a select, a call, a transpose) may be anything.
static bool mayAlias(Value a, Value b) {
  Value rootA = rootBuffer(a), rootB = rootBuffer(b);
  if (rootA == rootB)
    return true;
  auto isFresh = [](Value root) {
    return root.getDefiningOp<memref::AllocOp>() ||
           root.getDefiningOp<memref::AllocaOp>();
  };
  auto isEntryArgument = [](Value root) {
    auto arg = dyn_cast<BlockArgument>(root);
    return arg && arg.getOwner()->isEntryBlock() &&
           isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  };
  bool freshA = isFresh(rootA), freshB = isFresh(rootB);
  if (freshA && freshB)
    return false;
  return !(freshA && isEntryArgument(rootB)) &&
         !(freshB && isEntryArgument(rootA));
}

/// Whether `op` writes zero to every element of `buffer`: a `linalg.fill`
/// of zero, or the `linalg.map` without inputs that yields zero (what a
/// bufferized `tensor.pad` starts with).
static bool isZeroFillOf(Operation *op, Value buffer) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureBufferSemantics() ||
      linalgOp.getNumDpsInits() != 1 || linalgOp.getDpsInits()[0] != buffer)
    return false;
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return matchPattern(fill.getInputs()[0], m_AnyZeroFloat());
  if (auto map = dyn_cast<linalg::MapOp>(op))
    return map.getInputs().empty() &&
           matchPattern(map.getBlock()->getTerminator()->getOperand(0),
                        m_AnyZeroFloat());
  return false;
}

/// Whether `op` may write (or, with `reads`, read or write) memory that
/// `buffer` may hold.
static bool mayTouch(Operation *op, Value buffer, bool reads) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return true;
  return llvm::any_of(*effects, [&](const MemoryEffects::EffectInstance &e) {
    if (!reads && isa<MemoryEffects::Read>(e.getEffect()))
      return false;
    // Unknown memory, or memory not held as a memref (a pointer), may be
    // the buffer's.
    Value touched = e.getValue();
    return !touched || !isa<BaseMemRefType>(touched.getType()) ||
           mayAlias(touched, buffer);
  });
}

/// Whether no op strictly between `from` and `to` (one block) may write
/// memory that `buffer` may hold.
static bool unwrittenBetween(Operation *from, Operation *to, Value buffer) {
  for (Operation *op = from->getNextNode(); op && op != to;
       op = op->getNextNode())
    if (mayTouch(op, buffer, /*reads=*/false))
      return false;
  return true;
}

/// The zero fill of `output` before `op` with nothing in between touching
/// it, or null.
static Operation *findZeroFill(Operation *op, Value output) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (isZeroFillOf(prev, output))
      return prev;
    if (mayTouch(prev, output, /*reads=*/true))
      return nullptr;
  }
  return nullptr;
}

/// Checks what every imported op needs: buffers of static shapes that ck
/// kernels can address.
static LogicalResult checkBuffers(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics())
    return op.emitOpError()
           << "works on tensors; ck-import-linalg imports ops on buffers, so "
              "bufferize first (one-shot-bufferize)";
  for (OpOperand &operand : op->getOpOperands()) {
    std::string name = "operand #" + std::to_string(operand.getOperandNumber());
    auto type = cast<MemRefType>(operand.get().getType());
    if (!type.hasStaticShape())
      return op.emitOpError() << name << " " << type
                              << " has a dynamic shape; ck ops take static "
                                 "shapes";
    if (failed(verifyMemRefOperand(op, operand.get(), name)))
      return failure();
  }
  return success();
}

/// The loops of one role (batch, M, input channel, ...) that linalg's
/// dimension inference found, the letter they get and the role's name.
namespace {
struct LoopRole {
  ArrayRef<unsigned> loops;
  char letter;
  StringRef name;
};
} // namespace

/// Gives each role's loop its letter in `letterOfLoop` (one entry per loop
/// of the op, 0 for the rest). Returns the first role with more than one
/// loop, which ck ops cannot express, or null.
static const LoopRole *assignLetters(ArrayRef<LoopRole> roles,
                                     SmallVectorImpl<char> &letterOfLoop) {
  for (const LoopRole &role : roles) {
    if (role.loops.size() > 1)
      return &role;
    for (unsigned loop : role.loops)
      letterOfLoop[loop] = role.letter;
  }
  return nullptr;
}

/// `value` with a unit dimension for each letter of `roles` that `letters`
/// (the letters of its dimensions) lacks, added in front; `letters` gets
/// them too.
static Value addUnitDims(OpBuilder &builder, Location loc, Value value,
                         std::string &letters, StringRef roles) {
  std::string missing;
  for (char role : roles)
    if (!StringRef(letters).contains(role))
      missing.push_back(role);
  if (missing.empty())
    return value;
  auto type = cast<MemRefType>(value.getType());
  SmallVector<int64_t> shape(missing.size(), 1);
  llvm::append_range(shape, type.getShape());
  // The unit dimensions join the first dimension's group.
  SmallVector<ReassociationIndices> groups;
  groups.emplace_back();
  for (int64_t i = 0; i <= int64_t(missing.size()); ++i)
    groups.back().push_back(i);
  for (int64_t i = missing.size() + 1; i < int64_t(shape.size()); ++i)
    groups.push_back({i});
  letters = missing + letters;
  return memref::ExpandShapeOp::create(builder, loc, shape, value, groups);
}

/// The D tensors of the ck op replacing `op`: none where a zero fill of
/// `output` comes just before (`fill`, to erase once the ck op stands),
/// else `ckOutput`, which the ck op then adds to.
static SmallVector<Value> accumulatorOf(linalg::LinalgOp op, Value output,
                                        Value ckOutput, Operation *&fill) {
  fill = findZeroFill(op, output);
  if (fill)
    return {};
  return {ckOutput};
}

/// Replaces `op` by the verified `replacement`, erasing the zero fill the
/// replacement makes needless; where `replacement` does not verify, erases
/// it and leaves `op` and the fill.
static LogicalResult replaceWith(linalg::LinalgOp op, Operation *replacement,
                                 Operation *fill) {
  if (failed(verify(replacement))) {
    replacement->erase();
    return failure();
  }
  if (fill)
    fill->erase();
  op->erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

namespace {
/// One spatial dimension of a convolution: its loops and parameters.
struct SpatialDim {
  unsigned imageLoop, filterLoop;
  int64_t stride, dilation;
  unsigned inputDim;
};

/// A buffer as a frontend's bufferized `tensor.pad` leaves it: zero
/// everywhere but a box that one `memref.copy` wrote from `source`.
struct ZeroPadding {
  Value buffer, source;
  SmallVector<int64_t> low, high;
  /// The ops that wrote the buffer: the fill, the copy and its subview.
  SmallVector<Operation *> writers;
};

} // namespace

/// The zero padding of `source` that `buffer` holds when `reader` reads it,
/// if `buffer` is a fresh allocation written only by a zero fill and then a
/// copy of `source` into a box, and `source` is unchanged between the copy
/// and `reader`.
static std::optional<ZeroPadding> matchZeroPadding(Operation *reader,
                                                   Value buffer) {
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return std::nullopt;
  Operation *fill = nullptr;
  memref::CopyOp copy;
  for (Operation *user : alloc->getUsers()) {
    if (user == reader || isa<memref::DeallocOp>(user))
      continue;
    if (!fill && isZeroFillOf(user, buffer)) {
      fill = user;
      continue;
    }
    auto subview = dyn_cast<memref::SubViewOp>(user);
    if (copy || !subview || !subview->hasOneUse())
      return std::nullopt;
    copy = dyn_cast<memref::CopyOp>(*subview->user_begin());
    if (!copy || copy.getTarget() != subview.getResult())
      return std::nullopt;
  }
  if (!fill || !copy || fill->getBlock() != reader->getBlock() ||
      copy->getBlock() != reader->getBlock() || !fill->isBeforeInBlock(copy) ||
      !copy->isBeforeInBlock(reader))
    return std::nullopt;
  Value source = copy.getSource();
  auto sourceType = dyn_cast<MemRefType>(source.getType());
  auto subview = copy.getTarget().getDefiningOp<memref::SubViewOp>();
  if (!sourceType || !sourceType.hasStaticShape() ||
      !sourceType.getLayout().isIdentity() || !subview.hasUnitStride() ||
      subview.getStaticSizes() != sourceType.getShape() ||
      ShapedType::isDynamicShape(subview.getStaticOffsets()) ||
      !unwrittenBetween(copy, reader, source))
    return std::nullopt;
  ZeroPadding padding{buffer, source, {}, {}, {copy, subview, fill}};
  for (auto [offset, size, padded] :
       llvm::zip(subview.getStaticOffsets(), sourceType.getShape(),
                 alloc.getType().getShape())) {
    padding.low.push_back(offset);
    padding.high.push_back(padded - offset - size);
  }
  return padding;
}

/// Erases the writers of a padding buffer and, where nothing else uses it
/// (deallocations aside), the buffer.
static void erasePadding(const ZeroPadding &padding) {
  Value buffer = padding.buffer;
  for (Operation *writer : padding.writers)
    writer->erase();
  if (!llvm::all_of(buffer.getUsers(), [](Operation *user) {
        return isa<memref::DeallocOp>(user);
      }))
    return;
  for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
    user->erase();
  buffer.getDefiningOp()->erase();
}

/// `expr` as loop * constant terms, or nothing.
static std::optional<SmallVector<std::pair<unsigned, int64_t>>>
linearTerms(AffineExpr expr) {
  SmallVector<std::pair<unsigned, int64_t>> terms;
  std::function<bool(AffineExpr)> collect = [&](AffineExpr e) {
    if (auto dim = dyn_cast<AffineDimExpr>(e)) {
      terms.push_back({dim.getPosition(), 1});
      return true;
    }
    auto binary = dyn_cast<AffineBinaryOpExpr>(e);
    if (!binary)
      return false;
    if (binary.getKind() == AffineExprKind::Add)
      return collect(binary.getLHS()) && collect(binary.getRHS());
    if (binary.getKind() != AffineExprKind::Mul)
      return false;
    AffineExpr lhs = binary.getLHS(), rhs = binary.getRHS();
    if (isa<AffineConstantExpr>(lhs))
      std::swap(lhs, rhs);
    auto dim = dyn_cast<AffineDimExpr>(lhs);
    auto constant = dyn_cast<AffineConstantExpr>(rhs);
    if (!dim || !constant)
      return false;
    terms.push_back({dim.getPosition(), constant.getValue()});
    return true;
  };
  if (!collect(expr))
    return std::nullopt;
  return terms;
}

namespace {
class ConvImporter {
public:
  ConvImporter(linalg::LinalgOp op, OpBuilder &builder)
      : op(op), builder(builder) {}

  LogicalResult run() {
    if (failed(checkBuffers(op)) || failed(checkTypes()) ||
        failed(assignLoopRoles()) || failed(readSpatialDims()) ||
        failed(checkOutputSizes()))
      return failure();

    Location loc = op.getLoc();
    builder.setInsertionPoint(op);
    unsigned rank = spatial.size();
    Value input = op.getDpsInputs()[0];
    SmallVector<int64_t> padLeft(rank, 0), padRight(rank, 0);
    std::optional<ZeroPadding> padding = foldablePadding(input);
    if (padding) {
      input = padding->source;
      for (auto [i, dim] : llvm::enumerate(spatial)) {
        padLeft[i] = padding->low[dim.inputDim];
        padRight[i] = padding->high[dim.inputDim];
      }
    }
    SmallVector<Value> operands;
    SmallVector<LayoutAttr> layouts;
    for (auto [tensor, map, value] :
         {std::tuple{ConvTensor::Input, op.getIndexingMapsArray()[0], input},
          std::tuple{ConvTensor::Filter, op.getIndexingMapsArray()[1],
                     op.getDpsInputs()[1]},
          std::tuple{ConvTensor::Output, op.getIndexingMapsArray()[2],
                     op.getDpsInits()[0]}}) {
      std::string letters = lettersOf(tensor, map);
      std::string roles =
          (channelLetters(tensor) + spatialLetters(tensor, rank)).str();
      operands.push_back(addUnitDims(builder, loc, value, letters, roles));
      layouts.push_back(LayoutAttr::get(builder.getContext(), letters));
    }

    SmallVector<int64_t> strides, dilations;
    for (const SpatialDim &dim : spatial) {
      strides.push_back(dim.stride);
      dilations.push_back(dim.dilation);
    }
    Operation *fill = nullptr;
    SmallVector<Value> ds =
        accumulatorOf(op, op.getDpsInits()[0], operands[2], fill);
    auto conv = ConvFwdOp::create(
        builder, loc, operands[0], operands[1], operands[2], ds, layouts[0],
        layouts[1], layouts[2], builder.getDenseI64ArrayAttr(strides),
        builder.getDenseI64ArrayAttr(dilations),
        builder.getDenseI64ArrayAttr(padLeft),
        builder.getDenseI64ArrayAttr(padRight),
        /*alpha=*/nullptr, /*beta=*/nullptr, /*config=*/nullptr);
    if (failed(replaceWith(op, conv, fill)))
      return failure();
    if (padding)
      erasePadding(*padding);
    return success();
  }

private:
  /// The zero padding the input buffer holds, where it pads the spatial
  /// dimensions only (ck's pads).
  std::optional<ZeroPadding> foldablePadding(Value input) const {
    std::optional<ZeroPadding> padding = matchZeroPadding(op, input);
    if (!padding)
      return std::nullopt;
    for (auto [i, low, high] : llvm::enumerate(padding->low, padding->high)) {
      bool spatialDim = llvm::any_of(
          spatial, [&, i = i](const SpatialDim &d) { return d.inputDim == i; });
      if (!spatialDim && (low != 0 || high != 0))
        return std::nullopt;
    }
    return padding;
  }

  LogicalResult checkTypes() {
    SmallVector<Type> types = llvm::map_to_vector(
        op->getOperands(), [](Value v) { return getElementTypeOrSelf(v); });
    if (!llvm::all_equal(types) || !isCKElementType(types[0]))
      return op.emitOpError()
             << "convolves " << types[0] << " with " << types[1] << " into "
             << types[2]
             << "; ck convolutions read and write one element type, f16, "
                "bf16 or f32";
    return success();
  }

  /// Letters of the batch, group and channel loops.
  LogicalResult assignLoopRoles() {
    FailureOr<linalg::ConvolutionDimensions> dims =
        linalg::inferConvolutionDims(op);
    if (failed(dims))
      return op.emitOpError() << "is not a convolution ck can read";
    convDims = *dims;
    letterOfLoop.assign(op.getNumLoops(), 0);
    LoopRole roles[] = {{convDims.batch, 'N', "batch"},
                        {convDims.depth, 'G', "group (depthwise channel)"},
                        {convDims.inputChannel, 'C', "input channel"},
                        {convDims.outputChannel, 'K', "output channel"}};
    if (const LoopRole *several = assignLetters(roles, letterOfLoop))
      return op.emitOpError()
             << "has " << several->loops.size() << " " << several->name
             << " dimensions; ck convolutions have at most one";
    size_t rank = convDims.outputImage.size();
    if (rank < 1 || rank > 3)
      return op.emitOpError() << "has " << rank
                              << " spatial dimensions; ck convolutions have "
                                 "1, 2 or 3";
    return success();
  }

  /// The spatial dimensions, in the input's order, from the input map's
  /// `stride * image + dilation * filter` expressions.
  LogicalResult readSpatialDims() {
    AffineMap inputMap = op.getIndexingMapsArray()[0];
    for (auto [i, expr] : llvm::enumerate(inputMap.getResults())) {
      if (isa<AffineDimExpr>(expr))
        continue;
      auto failure = [&, i = i, expr = expr] {
        return op.emitOpError()
               << "indexes input dimension #" << i << " by " << printed(expr)
               << "; ck convolutions need stride * output + dilation * "
                  "filter with constant stride and dilation";
      };
      std::optional<SmallVector<std::pair<unsigned, int64_t>>> terms =
          linearTerms(expr);
      if (!terms || terms->size() != 2)
        return failure();
      SpatialDim dim{};
      bool haveImage = false, haveFilter = false;
      for (auto [loop, coefficient] : *terms) {
        if (coefficient < 1)
          return failure();
        if (llvm::is_contained(convDims.outputImage, loop) && !haveImage) {
          dim.imageLoop = loop;
          dim.stride = coefficient;
          haveImage = true;
        } else if (llvm::is_contained(convDims.filterLoop, loop) &&
                   !haveFilter) {
          dim.filterLoop = loop;
          dim.dilation = coefficient;
          haveFilter = true;
        }
      }
      if (!haveImage || !haveFilter)
        return failure();
      dim.inputDim = i;
      spatial.push_back(dim);
    }
    if (spatial.size() != convDims.outputImage.size())
      return op.emitOpError()
             << "has " << convDims.outputImage.size()
             << " output image dimensions but the input convolves "
             << spatial.size();
    return success();
  }

  /// linalg convolutions have no padding: each output size must be the one
  /// the whole input gives.
  LogicalResult checkOutputSizes() {
    auto shape = [&](OpOperand *operand) {
      return cast<MemRefType>(operand->get().getType()).getShape();
    };
    ArrayRef<int64_t> in = shape(op.getDpsInputOperand(0));
    for (auto [i, dim] : llvm::enumerate(spatial)) {
      int64_t inSize = in[dim.inputDim];
      int64_t filterSize = op.getStaticLoopRanges()[dim.filterLoop];
      int64_t outSize = op.getStaticLoopRanges()[dim.imageLoop];
      int64_t expected =
          convOutputSize(inSize, filterSize, dim.stride, dim.dilation, 0, 0);
      if (outSize != expected)
        return op.emitOpError()
               << "spatial dimension #" << i << " has " << outSize
               << " outputs where its input of " << inSize << " (filter "
               << filterSize << ", stride " << dim.stride << ", dilation "
               << dim.dilation << ") gives " << expected
               << "; ck convolutions cover their whole input";
    }
    return success();
  }

  /// The ck layout letters of an operand's dimensions.
  std::string lettersOf(ConvTensor tensor, AffineMap map) const {
    unsigned rank = spatial.size();
    std::string letters;
    for (auto [i, expr] : llvm::enumerate(map.getResults())) {
      if (tensor == ConvTensor::Input && !isa<AffineDimExpr>(expr)) {
        auto it = llvm::find_if(spatial, [&, i = i](const SpatialDim &d) {
          return d.inputDim == i;
        });
        letters.push_back(spatialLetters(tensor, rank)[it - spatial.begin()]);
        continue;
      }
      unsigned loop = cast<AffineDimExpr>(expr).getPosition();
      char letter = letterOfLoop[loop];
      for (auto [s, dim] : llvm::enumerate(spatial)) {
        if (dim.imageLoop == loop)
          letter = spatialLetters(ConvTensor::Output, rank)[s];
        if (dim.filterLoop == loop)
          letter = spatialLetters(ConvTensor::Filter, rank)[s];
      }
      letters.push_back(letter);
    }
    return letters;
  }

  linalg::LinalgOp op;
  OpBuilder &builder;
  linalg::ConvolutionDimensions convDims;
  SmallVector<char> letterOfLoop;
  SmallVector<SpatialDim> spatial;
};
} // namespace

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

static LogicalResult importContraction(linalg::LinalgOp op,
                                       OpBuilder &builder) {
  if (failed(checkBuffers(op)))
    return failure();
  Type aType = getElementTypeOrSelf(op.getDpsInputs()[0]);
  Type bType = getElementTypeOrSelf(op.getDpsInputs()[1]);
  Type cType = getElementTypeOrSelf(op.getDpsInits()[0]);
  if (aType != bType || !isCKElementType(aType) || !isCKElementType(cType))
    return op.emitOpError()
           << "multiplies " << aType << " by " << bType << " into " << cType
           << "; ck.gemm multiplies two f16, bf16 or f32 operands of one type "
              "into f16, bf16 or f32";

  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims))
    return op.emitOpError() << "is not a contraction ck can read";
  SmallVector<char> letterOfLoop(op.getNumLoops(), 0);
  LoopRole roles[] = {{dims->batch, 'G', "batch"},
                      {dims->m, 'M', "M"},
                      {dims->n, 'N', "N"},
                      {dims->k, 'K', "K"}};
  if (const LoopRole *several = assignLetters(roles, letterOfLoop))
    return op.emitOpError()
           << "has " << several->loops.size() << " " << several->name
           << " dimensions; ck.gemm has one M, N and K "
              "and at most one batch dimension";

  Location loc = op.getLoc();
  builder.setInsertionPoint(op);
  SmallVector<Value> operands;
  for (auto [operand, roles] : llvm::zip(
           op->getOpOperands(), ArrayRef<StringRef>{"GMK", "GKN", "GMN"})) {
    std::string letters;
    for (AffineExpr expr : op.getMatchingIndexingMap(&operand).getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim)
        return op.emitOpError()
               << "indexes operand #" << operand.getOperandNumber() << " by "
               << printed(expr)
               << "; ck.gemm operands are permutations of loops";
      letters.push_back(letterOfLoop[dim.getPosition()]);
    }
    Value value = addUnitDims(builder, loc, operand.get(), letters, roles);
    if (letters != roles) {
      // A transposed operand: a view in G x rows x columns order.
      auto names = [](StringRef chars) {
        return llvm::map_to_vector(chars,
                                   [](char c) { return std::string(1, c); });
      };
      ViewBuilder view(builder, loc, value, names(letters));
      view.emit(names(roles));
      value = view.view();
    }
    operands.push_back(value);
  }
  Operation *fill = nullptr;
  SmallVector<Value> ds =
      accumulatorOf(op, op.getDpsInits()[0], operands[2], fill);
  auto gemm = GemmOp::create(builder, loc, operands[0], operands[1],
                             operands[2], ds, /*alpha=*/nullptr,
                             /*beta=*/nullptr, /*config=*/nullptr);
  return replaceWith(op, gemm, fill);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct CKImportLinalgPass
    : public ck::impl::CKImportLinalgBase<CKImportLinalgPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, Computation>> found;
    getOperation()->walk([&](linalg::LinalgOp op) {
      Computation computation = classify(op);
      if (computation != Computation::Other)
        found.push_back({op, computation});
    });
    OpBuilder builder(&getContext());
    bool anyFailed = false;
    for (auto [op, computation] : found) {
      LogicalResult imported = computation == Computation::Convolution
                                   ? ConvImporter(op, builder).run()
                                   : importContraction(op, builder);
      anyFailed |= failed(imported);
    }
    if (anyFailed)
      signalPassFailure();
  }
};

} // namespace
