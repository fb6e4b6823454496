//===- CKToNVVM.cpp - ck.mma to NVVM mma.sync -----------------------------===//
//
// mma.sync takes its fragments as 32-bit registers: pairs of f16 as
// vector<2xf16>, pairs of bf16 and single tf32 values as i32. The element
// order of ck.mma's flat fragments is the register order (see
// #ck.mma_sync's layouts), so registers are consecutive slices.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CONVERTCKTONVVM
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

/// Splits a flat fragment into mma.sync registers: pairs of f16, pairs of
/// bf16 as i32, single tf32 values as i32.
static SmallVector<Value> toRegisters(RewriterBase &rewriter, Location loc,
                                      Value fragment, NVVM::MMATypes type) {
  auto vectorType = cast<VectorType>(fragment.getType());
  int64_t perRegister = 2;
  SmallVector<Value> registers;
  if (type == NVVM::MMATypes::tf32) {
    // The tensor core reads the top 19 bits of a tf32 register; round to
    // nearest (cvt.rna.tf32.f32) rather than let it truncate the f32.
    for (int64_t i = 0; i < vectorType.getNumElements(); ++i)
      registers.push_back(NVVM::ConvertFloatToTF32Op::create(
          rewriter, loc, rewriter.getI32Type(),
          vector::ExtractOp::create(rewriter, loc, fragment, i),
          NVVM::FPRoundingMode::RNA));
    return registers;
  }
  for (int64_t i = 0; i < vectorType.getNumElements(); i += perRegister) {
    SmallVector<int64_t> lanes;
    for (int64_t j = 0; j < perRegister; ++j)
      lanes.push_back(i + j);
    Value slice =
        vector::ShuffleOp::create(rewriter, loc, fragment, fragment, lanes);
    if (type == NVVM::MMATypes::f16) {
      registers.push_back(slice);
      continue;
    }
    auto i32Vector = VectorType::get({1}, rewriter.getI32Type());
    Value bits = vector::BitCastOp::create(rewriter, loc, i32Vector, slice);
    registers.push_back(vector::ExtractOp::create(rewriter, loc, bits, 0));
  }
  return registers;
}

static LogicalResult lowerMma(RewriterBase &rewriter, MmaOp op) {
  MatrixInstrAttrInterface instruction = op.getMma();
  if (isa<FmaAttr>(instruction)) {
    lowerFmaMma(rewriter, op);
    return success();
  }
  auto mmaSync = dyn_cast<MmaSyncAttr>(instruction);
  if (!mmaSync)
    return op.emitOpError() << instruction << " is not an NVIDIA instruction";
  // The verifier checked the fragments against the layout.
  Type elementType = mmaSync.getElementType();
  NVVM::MMATypes type = elementType.isF16()    ? NVVM::MMATypes::f16
                        : elementType.isBF16() ? NVVM::MMATypes::bf16
                                               : NVVM::MMATypes::tf32;
  MatrixLayout info = mmaSync.getLayout(32);
  Location loc = op.getLoc();
  Type f32 = rewriter.getF32Type();
  SmallVector<Value> c;
  for (int64_t i = 0; i < info.c.size(); ++i)
    c.push_back(vector::ExtractOp::create(rewriter, loc, op.getAcc(), i));
  auto resultType = LLVM::LLVMStructType::getLiteral(
      rewriter.getContext(), SmallVector<Type>(info.c.size(), f32));
  auto mma = NVVM::MmaOp::create(
      rewriter, loc, resultType, toRegisters(rewriter, loc, op.getA(), type),
      toRegisters(rewriter, loc, op.getB(), type), c, {info.m, info.n, info.k},
      std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{type, type},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> d;
  for (int64_t i = 0; i < info.c.size(); ++i)
    d.push_back(LLVM::ExtractValueOp::create(rewriter, loc, mma, i));
  rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, op.getAcc().getType(),
                                                      d);
  return success();
}

/// LDS accesses are ordered by the workgroup barrier.
static void lowerLdsBarrier(RewriterBase &rewriter, LdsBarrierOp op) {
  rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
}

/// The address of `op`'s first element in the global address space: the
/// memref's aligned pointer and offset plus the indices times the strides.
static Value emitGlobalAddress(RewriterBase &rewriter, GuardedLoadOp op) {
  Location loc = op.getLoc();
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)op.getMemref().getType().getStridesAndOffset(strides, offset);
  Value linear = arith::ConstantIndexOp::create(rewriter, loc, 0);
  for (auto [index, stride] : llvm::zip_equal(op.getIndices(), strides))
    linear = arith::AddIOp::create(
        rewriter, loc, linear,
        arith::MulIOp::create(
            rewriter, loc, index,
            arith::ConstantIndexOp::create(rewriter, loc, stride)));
  return LLVM::AddrSpaceCastOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), 1),
      emitElementPointer(rewriter, loc, op.getMemref(), linear));
}

/// A guarded load as one ld.global predicated on the load's validity, into
/// registers tied to zeros: a thread whose load is not valid reads nothing
/// and keeps the zeros, and nothing selects on the data, so the thread
/// waits for it only where it is used. 2-byte loads take a 16-bit register,
/// wider ones 32-bit registers; 8 bytes, for instance, are
/// "@$3 ld.global.v2.b32 {$0, $1}, [$2];" with "=r,=r,l,b,0,1".
static void lowerGuardedLoad(RewriterBase &rewriter, GuardedLoadOp op) {
  Location loc = op.getLoc();
  VectorType result = op.getType();
  int64_t bits = result.getNumElements() * result.getElementTypeBitWidth();
  int64_t registerBits = std::min<int64_t>(bits, 32);
  int64_t registers = bits / registerBits;
  Type registerType = rewriter.getIntegerType(registerBits);
  Value zero = arith::ConstantIntOp::create(rewriter, loc, registerType, 0);
  SmallVector<Value> operands = {emitGlobalAddress(rewriter, op),
                                 op.getValid()};
  SmallVector<std::string> constraints(registers,
                                       registerBits == 16 ? "=h" : "=r");
  constraints.append({"l", "b"});
  SmallVector<std::string> destinations;
  for (int64_t i = 0; i < registers; ++i) {
    operands.push_back(zero);
    constraints.push_back(std::to_string(i));
    destinations.push_back("$" + std::to_string(i));
  }
  std::string destination = llvm::join(destinations, ", ");
  std::string ptx =
      registers == 1
          ? llvm::formatv("@$2 ld.global.b{0} {1}, [$1];", registerBits,
                          destination)
                .str()
          : llvm::formatv("@${0} ld.global.v{1}.b{2} {{{3}}, [${4}];",
                          registers + 1, registers, registerBits, destination,
                          registers)
                .str();
  Type asmResult = registers == 1
                       ? registerType
                       : LLVM::LLVMStructType::getLiteral(
                             rewriter.getContext(),
                             SmallVector<Type>(registers, registerType));
  auto inlineAsm = LLVM::InlineAsmOp::create(
      rewriter, loc, asmResult, operands, ptx, llvm::join(constraints, ","),
      /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, /*asm_dialect=*/LLVM::AsmDialectAttr(),
      /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> values;
  for (int64_t i = 0; i < registers; ++i)
    values.push_back(registers == 1
                         ? inlineAsm.getResult(0)
                         : LLVM::ExtractValueOp::create(
                               rewriter, loc, inlineAsm.getResult(0), i));
  Value packed = vector::FromElementsOp::create(
      rewriter, loc, VectorType::get({registers}, registerType), values);
  rewriter.replaceOpWithNewOp<vector::BitCastOp>(op, result, packed);
}

/// A polling thread sleeps about 100 ns between polls.
static void pause(OpBuilder &b, Location loc) {
  NVVM::NanosleepOp::create(b, loc,
                            arith::ConstantIntOp::create(b, loc, 100, 32));
}

/// A ring's events on named barriers: FULL(s) = 1 + s and EMPTY(s) = 1 +
/// slots + s (barrier 0 stays the workgroup's), each counting every thread
/// of both roles. Waiting is bar.sync; signalling is bar.arrive, which
/// orders the thread's earlier shared-memory accesses before the barrier
/// completes and does not wait.
static void lowerRingEvent(RewriterBase &rewriter, const RingEventSite &site) {
  Location loc = site.op->getLoc();
  site.emitWhereNeeded(rewriter, [&] {
    int64_t first = site.event == RingEvent::Full ? 1 : 1 + site.slots;
    Type i32 = rewriter.getI32Type();
    Value id = arith::AddIOp::create(
        rewriter, loc,
        arith::IndexCastUIOp::create(rewriter, loc, i32,
                                     site.emitSlot(rewriter)),
        arith::ConstantIntOp::create(rewriter, loc, i32, first));
    Value threads =
        arith::ConstantIntOp::create(rewriter, loc, i32, site.waves * 32);
    if (site.isWait)
      NVVM::BarrierOp::create(rewriter, loc, Type(), id, threads,
                              NVVM::BarrierReductionAttr(), Value());
    else
      NVVM::BarrierArriveOp::create(rewriter, loc, id, threads);
  });
}

namespace {
struct ConvertCKToNVVMPass
    : public ck::impl::ConvertCKToNVVMBase<ConvertCKToNVVMPass> {
  void runOnOperation() override {
    WaveOpTarget target{lowerMma, lowerLdsBarrier, FlagTarget{"device", pause},
                        lowerRingEvent, lowerGuardedLoad};
    if (failed(lowerWaveOps(getOperation(), getArgument(), target)))
      signalPassFailure();
  }
};
} // namespace
