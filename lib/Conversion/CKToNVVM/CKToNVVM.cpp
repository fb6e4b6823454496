//===- CKToNVVM.cpp - ck.mma to NVVM mma.sync -----------------------------===//
//
// mma.sync takes its fragments as 32-bit registers: pairs of f16 as
// vector<2xf16>, pairs of bf16 and single tf32 values as i32. The element
// order of ck.mma's flat fragments is the register order (see
// #ck.mma_sync's layouts), so registers are consecutive slices, and
// ldmatrix, which fills one register per 8x8 matrix, reads 16-bit
// fragments in that order.
//
//===----------------------------------------------------------------------===//

#include "MbarrierRing.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Dialect/CK/Utils/LdsSwizzle.h"
#include "ck/Support/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
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

/// LDS accesses are ordered by the workgroup barrier. In kernels with
/// wgmma, which reads LDS through the async proxy, each thread first fences
/// its own writes (st.shared, cp.async: the generic proxy) against it.
static void emitAsyncProxyFence(OpBuilder &b, Location loc) {
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(b.getContext(),
                                 NVVM::SharedSpace::shared_cta));
}

/// `barrier.sync id` (every thread of the workgroup) or `barrier.sync id,
/// threads`: barriers whose threads may arrive at different instructions,
/// unlike the aligned `bar.sync`.
static void emitUnalignedBarrier(OpBuilder &b, Location loc, Value id,
                                 std::optional<uint64_t> threads) {
  Type i32 = b.getI32Type();
  SmallVector<Value, 2> operands = {id};
  if (threads)
    operands.push_back(
        arith::ConstantIntOp::create(b, loc, i32, *threads).getResult());
  LLVM::CallIntrinsicOp::create(
      b, loc,
      b.getStringAttr(threads ? "llvm.nvvm.barrier.cta.sync.count"
                              : "llvm.nvvm.barrier.cta.sync.all"),
      operands);
}

/// The same, of the named barrier `id`.
static void emitUnalignedBarrier(OpBuilder &b, Location loc, int64_t id,
                                 std::optional<uint64_t> threads) {
  emitUnalignedBarrier(b, loc,
                       arith::ConstantIntOp::create(b, loc, b.getI32Type(), id),
                       threads);
}

/// The workgroup's barrier, or with `threads` the named barrier
/// kPartialBarrierId of that many threads (with `group`, the group's own).
/// `unaligned` where the threads may reach it at different instructions (the
/// separate arms of wave roles that reallocate registers): `barrier.sync 0`,
/// not `bar.sync 0`, which expects every thread at the same one.
static void lowerLdsBarrier(RewriterBase &rewriter, LdsBarrierOp op,
                            bool readByWgmma, bool unaligned) {
  Location loc = op.getLoc();
  if (readByWgmma)
    emitAsyncProxyFence(rewriter, loc);
  std::optional<uint64_t> threads = op.getThreads();
  Type i32 = rewriter.getI32Type();
  Value id = arith::ConstantIntOp::create(
      rewriter, loc, i32, threads ? LdsBarrierOp::kPartialBarrierId : 0);
  if (Value group = op.getGroup())
    id = arith::SubIOp::create(
        rewriter, loc, id,
        arith::MulIOp::create(
            rewriter, loc,
            arith::IndexCastUIOp::create(rewriter, loc, i32, group),
            arith::ConstantIntOp::create(rewriter, loc, i32,
                                         LdsBarrierOp::kGroupBarrierStride)));
  if (unaligned) {
    emitUnalignedBarrier(rewriter, loc, id, threads);
    rewriter.eraseOp(op);
    return;
  }
  if (!threads) {
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return;
  }
  NVVM::BarrierOp::create(
      rewriter, loc, Type(), id,
      arith::ConstantIntOp::create(rewriter, loc, i32, *threads),
      NVVM::BarrierReductionAttr(), Value());
  rewriter.eraseOp(op);
}

/// ck.staging_wait and ck.staging_signal: a named barrier of the event's
/// own that both roles join, each at its own instruction, so the barrier
/// is the unaligned `barrier.sync id, threads` (the aligned `bar.sync` of
/// nvvm.barrier expects every participant at the same one; synccheck
/// reports the difference). A signal could pass it without waiting
/// (`barrier.arrive`), but compute-sanitizer's racecheck does not take that
/// as ordering the staging tile's accesses, and it gains nothing: the
/// waiting role is there first (the store waves wait for a full tile; after
/// a store, nothing but the next tile does). ck.turn_wait and
/// ck.turn_signal: the turn's named barrier, which orders no memory (the
/// ring's mbarriers do), so the signal arrives without waiting.
static void lowerNamedBarrierEvent(RewriterBase &rewriter, Operation *op) {
  Location loc = op->getLoc();
  Type i32 = rewriter.getI32Type();
  // A pingpong turn: warpgroup t waits at barrier kTurnBarrierId + t and
  // signals the other's without waiting.
  auto turnBarrier = [&](Value turn, int64_t other) {
    Value t = arith::IndexCastUIOp::create(rewriter, loc, i32, turn);
    if (other)
      t = arith::XOrIOp::create(
          rewriter, loc, t,
          arith::ConstantIntOp::create(rewriter, loc, i32, 1));
    return arith::AddIOp::create(
        rewriter, loc, t,
        arith::ConstantIntOp::create(rewriter, loc, i32,
                                     TurnWaitOp::kTurnBarrierId));
  };
  if (auto wait = dyn_cast<TurnWaitOp>(op)) {
    emitUnalignedBarrier(rewriter, loc, turnBarrier(wait.getTurn(), 0),
                         wait.getThreads());
    rewriter.eraseOp(op);
    return;
  }
  if (auto signal = dyn_cast<TurnSignalOp>(op)) {
    NVVM::BarrierArriveOp::create(
        rewriter, loc, turnBarrier(signal.getTurn(), 1),
        arith::ConstantIntOp::create(rewriter, loc, i32, signal.getThreads()));
    rewriter.eraseOp(op);
    return;
  }
  auto barrier = [&](auto event) {
    emitUnalignedBarrier(rewriter, loc, event.getBarrierId(),
                         event.getThreads());
  };
  if (auto wait = dyn_cast<StagingWaitOp>(op))
    barrier(wait);
  else
    barrier(cast<StagingSignalOp>(op));
  rewriter.eraseOp(op);
}

/// The epilogue's TMA stores: a proxy fence of the async shared space, one
/// bulk tensor copy from LDS and its own bulk group, and the wait until
/// every group has read its LDS.
static void lowerTmaStoreOps(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<TmaStoreFenceOp, TmaStoreOp, TmaStoreWaitOp>(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    Location loc = op->getLoc();
    rewriter.setInsertionPoint(op);
    if (isa<TmaStoreFenceOp>(op)) {
      NVVM::FenceProxyOp::create(
          rewriter, loc, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                     NVVM::SharedSpace::shared_cta));
    } else if (isa<TmaStoreWaitOp>(op)) {
      NVVM::CpAsyncBulkWaitGroupOp::create(
          rewriter, loc, rewriter.getI32IntegerAttr(0), rewriter.getUnitAttr());
    } else {
      auto store = cast<TmaStoreOp>(op);
      Value source = emitElementPointer(
          rewriter, loc, store.getLds(),
          indexConstant(rewriter, loc, store.getOffset()), kSharedAddressSpace);
      SmallVector<Value> coords;
      for (Value c : store.getCoords())
        coords.push_back(arith::IndexCastOp::create(rewriter, loc,
                                                    rewriter.getI32Type(), c));
      NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
          rewriter, loc, store.getMap(), source, coords, Value(),
          NVVM::TMAStoreMode::TILE, Value());
      NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
    }
    rewriter.eraseOp(op);
  }
}

/// The element of a contiguous `type` at `indices`, counted from its first.
static Value emitLinearIndex(RewriterBase &rewriter, Location loc,
                             MemRefType type, ValueRange indices) {
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)type.getStridesAndOffset(strides, offset);
  Value linear = arith::ConstantIndexOp::create(rewriter, loc, 0);
  for (auto [index, stride] : llvm::zip_equal(indices, strides))
    linear = arith::AddIOp::create(
        rewriter, loc, linear,
        arith::MulIOp::create(
            rewriter, loc, index,
            arith::ConstantIndexOp::create(rewriter, loc, stride)));
  return linear;
}

/// The address of `memref`'s element at `indices` in the global address
/// space: the memref's aligned pointer and offset plus the indices times
/// the strides.
static Value emitGlobalAddress(RewriterBase &rewriter, Location loc,
                               TypedValue<MemRefType> memref,
                               ValueRange indices) {
  Value linear = emitLinearIndex(rewriter, loc, memref.getType(), indices);
  return LLVM::AddrSpaceCastOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), 1),
      emitElementPointer(rewriter, loc, memref, linear));
}

/// Replaces `op`, whose result is a vector, by `count` registers of
/// `registerType` (`registers`: their struct, or the one register) taken
/// as that vector.
static void replaceWithRegisters(RewriterBase &rewriter, Operation *op,
                                 Value registers, int64_t count,
                                 Type registerType) {
  Location loc = op->getLoc();
  SmallVector<Value> values;
  for (int64_t i = 0; i < count; ++i)
    values.push_back(
        count == 1 ? registers
                   : LLVM::ExtractValueOp::create(rewriter, loc, registers, i));
  Value packed = vector::FromElementsOp::create(
      rewriter, loc, VectorType::get({count}, registerType), values);
  rewriter.replaceOpWithNewOp<vector::BitCastOp>(op, op->getResult(0).getType(),
                                                 packed);
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
  SmallVector<Value> operands = {
      emitGlobalAddress(rewriter, loc, op.getMemref(), op.getIndices()),
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
  replaceWithRegisters(rewriter, op, inlineAsm.getResult(0), registers,
                       registerType);
}

/// The shared-memory pointer of `lds`'s element at `indices`, computed in 32
/// bits (shared addresses are below 2^32; 64-bit arithmetic costs the
/// H100 two instructions per add and shift) as the address of the first
/// index's row plus the place within it: a staged copy's slot row is one
/// value for all of a thread's copies of a step, and each copy's place in
/// the slot is loop-invariant, so a copy costs one add.
static Value emitSharedElementPointer(OpBuilder &b, Location loc,
                                      TypedValue<MemRefType> lds,
                                      ValueRange indices) {
  MemRefType type = lds.getType();
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)type.getStridesAndOffset(strides, offset);
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  Type i32 = b.getI32Type();
  auto bytes = [&](Value index, int64_t stride) -> Value {
    return arith::MulIOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, i32, index),
        arith::ConstantIntOp::create(b, loc, i32, stride * elementBytes));
  };
  Value base = arith::IndexCastUIOp::create(
      b, loc, i32, memref::ExtractAlignedPointerAsIndexOp::create(b, loc, lds));
  Value row = arith::AddIOp::create(
      b, loc, base,
      bytes(memref::ExtractStridedMetadataOp::create(b, loc, lds).getOffset(),
            1));
  row = arith::AddIOp::create(b, loc, row, bytes(indices[0], strides[0]));
  Value place = arith::ConstantIntOp::create(b, loc, i32, 0);
  for (auto [index, stride] :
       llvm::zip_equal(indices.drop_front(), ArrayRef(strides).drop_front()))
    place = arith::AddIOp::create(b, loc, place, bytes(index, stride));
  Value address = arith::ExtUIOp::create(
      b, loc, b.getI64Type(), arith::AddIOp::create(b, loc, row, place));
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), kSharedAddressSpace),
      address);
}

/// Whether ldmatrix can read `op`: an m16n8k16 mma.sync fragment of 16-bit
/// elements from a static LDS tile whose rows are whole 16-byte chunks, so
/// that every 8-element row ldmatrix reads starts 16-byte aligned (the
/// tile's origin is a multiple of the instruction tile, and LDS buffers
/// start 16-byte aligned).
static bool canUseLdmatrix(FragmentLoadOp op) {
  auto mma = dyn_cast<MmaSyncAttr>(op.getMma());
  if (!mma || mma.getM() != 16 || mma.getN() != 8 || mma.getK() != 16 ||
      op.getStepsAlongK() != 1)
    return false;
  MemRefType type = op.getLds().getType();
  return type.getElementTypeBitWidth() == 16 && type.hasStaticShape() &&
         type.getLayout().isIdentity() && type.getShape().back() % 8 == 0;
}

/// A fragment of mma.sync m16n8k16 read by one ldmatrix: A's 16x16 tile as
/// four 8x8 matrices (x4), B's 16x8 as two (x2), transposing (.trans) where
/// LDS holds the operand with M (A) or N (B) contiguous. Each lane gives the
/// address of one row of one 8x8 matrix: lanes 0-7 the rows of matrix 0,
/// 8-15 of matrix 1 and so on; matrix j lands in register j, which holds
/// the fragment's elements 2j and 2j + 1 in #ck.mma_sync's order. Other
/// fragments keep the generic loads.
static LogicalResult lowerFragmentLoad(RewriterBase &b, FragmentLoadOp op) {
  if (!canUseLdmatrix(op))
    return lowerFragmentLoadByRuns(b, op);
  Location loc = op.getLoc();
  auto constant = [&](int64_t v) { return indexConstant(b, loc, v); };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  // A term of lane l beside the lane id: l % modulus (l itself for 32), or
  // with a divisor 8 * ((l % modulus) / divisor), a matrix's first column.
  Value lane = emitLaneIds(b, op, 32).lane;
  auto laneTerm = [&](int64_t modulus, int64_t divisor = 0) -> Value {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfterValue(lane);
    Value v = modulus < 32
                  ? arith::RemUIOp::create(b, loc, lane, constant(modulus))
                  : lane;
    if (!divisor)
      return v;
    return arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, v, constant(divisor)),
        constant(8));
  };
  // The origin in matrix coordinates (A: m, k; B: k, n), and the lane's row
  // in LDS coordinates (outer, contiguous).
  ValueRange indices = op.getIndices();
  Value row0 = indices.take_back(2)[0], col0 = indices.take_back(2)[1];
  bool isA = op.getOperand() == MatrixOperand::A;
  bool transposed = op.getTransposed();
  SmallVector<Value, 3> at;
  if (isA && !transposed) // [m][k]: rows m0 + l % 16, k halves by l / 16.
    at = {add(row0, laneTerm(16)), add(col0, laneTerm(32, 16))};
  else if (isA) // [k][m]: rows k0 + l % 8 + 8 (l / 16), m halves.
    at = {add(add(col0, laneTerm(8)), laneTerm(32, 16)),
          add(row0, laneTerm(16, 8))};
  else if (transposed) // [n][k]: rows n0 + l % 8, k halves.
    at = {add(col0, laneTerm(8)), add(row0, laneTerm(16, 8))};
  else // [k][n]: rows k0 + l % 8 + 8 ((l / 8) % 2).
    at = {add(add(row0, laneTerm(8)), laneTerm(16, 8)), col0};
  if (op.getSwizzled()) {
    ArrayRef<int64_t> shape = op.getLds().getType().getShape();
    std::tie(at[0], at[1]) = emitSwizzledPlace(
        b, loc, swizzleForRow(shape.back() * 2), /*elementBytes=*/2,
        shape.end()[-2], shape.back(), at[0], at[1]);
  }
  if (indices.size() == 3)
    at.insert(at.begin(), indices.front());
  // The address in 32 bits (emitSharedElementPointer); the registers, one
  // 8x8 matrix each, are the flat fragment's element pairs in order.
  int64_t matrices = isA ? 4 : 2;
  Type i32 = b.getI32Type();
  auto registersType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(matrices, i32));
  bool columns = isA ? transposed : !transposed;
  Value registers = NVVM::LdMatrixOp::create(
      b, loc, registersType, emitSharedElementPointer(b, loc, op.getLds(), at),
      matrices, columns ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
      NVVM::LdStMatrixEltType::B16);
  replaceWithRegisters(b, op, registers, matrices, i32);
  return success();
}

/// A polling thread sleeps about 100 ns between polls.
static void pause(OpBuilder &b, Location loc) {
  NVVM::NanosleepOp::create(b, loc,
                            arith::ConstantIntOp::create(b, loc, 100, 32));
}

/// A ring's events: on its mbarriers where it has them (MbarrierRing.h),
/// else on named barriers FULL(s) = 1 + s and EMPTY(s) = 1 + slots + s
/// (barrier 0 stays the workgroup's), each counting every thread of both
/// roles. There waiting is bar.sync; signalling is bar.arrive, which orders
/// the thread's earlier shared-memory accesses before the barrier completes
/// and does not wait. Where wgmma reads the slots, the load wave's writes
/// are fenced against the async proxy (see the body).
static void lowerRingEvent(RewriterBase &rewriter, const RingEventSite &site,
                           bool readByWgmma) {
  Location loc = site.op->getLoc();
  RingOp ring = site.ring;
  site.emitWhereNeeded(rewriter, [&] {
    // wgmma reads a full slot through the async proxy: each load thread
    // fences its writes before its signal, or, where the signal is made as
    // its copies land (mbarriers only), each reader after its wait.
    bool fullReadByWgmma = readByWgmma && site.event == RingEvent::Full;
    if (fullReadByWgmma && !site.isWait && !site.afterCopies)
      emitAsyncProxyFence(rewriter, loc);
    if (ring.hasBarriers()) {
      emitMbarrierRingEvent(rewriter, site);
      if (fullReadByWgmma && site.isWait && site.afterCopies)
        emitAsyncProxyFence(rewriter, loc);
      return;
    }
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

/// ck.async_copy as one cp.async whose source size is 0 where the copy is
/// not valid (the destination gets zeros and nothing is read), cached in L1
/// (.ca) or, with `bypass_l1`, in L2 only (.cg). ck.async_commit and
/// ck.async_wait are cp.async.commit_group and cp.async.wait_group.
static void lowerAsyncCopy(RewriterBase &rewriter, Operation *op) {
  Location loc = op->getLoc();
  if (isa<AsyncCommitOp>(op)) {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return;
  }
  if (auto wait = dyn_cast<AsyncWaitOp>(op)) {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncWaitGroupOp>(op,
                                                          wait.getPending());
    return;
  }
  auto copy = cast<AsyncCopyOp>(op);
  MemRefType lds = copy.getLds().getType();
  int64_t bytes = copy.getElements() * lds.getElementTypeBitWidth() / 8;
  Value source =
      emitGlobalAddress(rewriter, loc, copy.getMemref(), copy.getIndices());
  Value destination = emitSharedElementPointer(rewriter, loc, copy.getLds(),
                                               copy.getLdsIndices());
  Type i32 = rewriter.getI32Type();
  Value sourceBytes = arith::SelectOp::create(
      rewriter, loc, copy.getValid(),
      arith::ConstantIntOp::create(rewriter, loc, i32, bytes),
      arith::ConstantIntOp::create(rewriter, loc, i32, 0));
  NVVM::CpAsyncOp::create(rewriter, loc, destination, source, bytes,
                          copy.getBypassL1() ? NVVM::LoadCacheModifierKind::CG
                                             : NVVM::LoadCacheModifierKind::CA,
                          sourceBytes);
  rewriter.eraseOp(op);
}

/// A wgmma matrix descriptor of a 128-byte swizzled tile starting at shared
/// address `address` (i64) plus `offsetBytes`: bits 0-13 the address / 16,
/// 16-29 the leading and 32-45 the stride byte offsets / 16, 62-63 the
/// swizzle (1: 128 bytes); the base offset (bits 49-51) is 0, the tile
/// being 1024-byte aligned. The varying part is 32 bits wide (shared
/// addresses are below 2^18, so the offset adds to the address field
/// without carrying out of it), and the descriptors of one tile's K steps
/// differ by constants only: the K loop computes one address per operand.
static Value emitMatrixDescriptor(OpBuilder &b, Location loc, Value address,
                                  int64_t offsetBytes, int64_t leadingBytes,
                                  int64_t strideBytes) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto constant = [&](Type type, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, type, v);
  };
  Value field = arith::ShRUIOp::create(
      b, loc,
      arith::AndIOp::create(b, loc,
                            arith::TruncIOp::create(b, loc, i32, address),
                            constant(i32, 0x3FFFF)),
      constant(i32, 4));
  if (offsetBytes)
    field =
        arith::AddIOp::create(b, loc, field, constant(i32, offsetBytes >> 4));
  Value low = arith::OrIOp::create(b, loc, field,
                                   constant(i32, (leadingBytes >> 4) << 16));
  int64_t high = ((strideBytes >> 4) << 32) | (int64_t(1) << 62);
  return arith::OrIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, low),
                              constant(i64, high));
}

/// ck.warpgroup_wait as wgmma.wait_group 0, then each accumulator element
/// through an empty asm statement with side effects that ties it to a new
/// register ("=f,0"), so that no use of the accumulators moves above the
/// wait.
static void lowerWarpgroupWait(RewriterBase &rewriter, WarpgroupWaitOp op) {
  Location loc = op.getLoc();
  Type f32 = rewriter.getF32Type();
  NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, 0);
  SmallVector<Value> results;
  for (Value acc : op.getAccs()) {
    SmallVector<Value> elements;
    for (int64_t e = 0; e < 4; ++e)
      elements.push_back(
          LLVM::InlineAsmOp::create(
              rewriter, loc, f32,
              ValueRange{vector::ExtractOp::create(rewriter, loc, acc, e)}, "",
              "=f,0", /*has_side_effects=*/true, /*is_align_stack=*/false,
              LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr())
              .getResult(0));
    results.push_back(
        vector::FromElementsOp::create(rewriter, loc, acc.getType(), elements));
  }
  rewriter.replaceOp(op, results);
}

/// ck.warpgroup_mma as one wgmma.mma_async m64nNk16 per 16 of k, group of
/// 64 rows (`row_groups`) and share of the columns (`instruction_n` wide,
/// where given, else all of them), between wgmma.fence and a commit and a
/// wait until at most `pending` groups are in flight (this one, where 1).
/// Each share's accumulators go in and out as one struct of N / 2 floats,
/// tile by tile (each m16n8 tile's 4 in its order), which is wgmma's
/// register order.
///
/// Descriptors (#ck.copy_plan's swizzled layout, 1024-byte atoms of 8 rows
/// of 128 bytes): a K-major tile ([rows][64] of f16/bf16) advances 32 bytes
/// per k16 step along its rows and 128 bytes per row, 1024 from one 8-row
/// group to the next (the stride offset; the leading one is unused); an
/// M- or N-major tile ([k][extent], stored as blocks of 64 along the
/// extent, each k rows of 128 bytes) advances 16 rows (2048 bytes) per k16
/// step and k * 128 bytes per block of 64 (the leading offset), 1024 from
/// 8 k rows to the next (the stride offset).
static void lowerWarpgroupMma(RewriterBase &rewriter, WarpgroupMmaOp op) {
  Location loc = op.getLoc();
  MLIRContext *context = rewriter.getContext();
  Type i64 = rewriter.getI64Type(), f32 = rewriter.getF32Type();
  auto constant = [&](int64_t v) {
    return arith::ConstantIntOp::create(rewriter, loc, i64, v).getResult();
  };
  int64_t k = op.getK();
  int64_t rowBytes = 128;
  int64_t blockBytes = k * rowBytes;
  // The shared address of the slot's first element, as i64.
  Value zero = indexConstant(rewriter, loc, 0);
  auto tileAddress = [&](TypedValue<MemRefType> tile, Value slot) -> Value {
    SmallVector<Value, 3> first = {zero, zero};
    if (slot)
      first.insert(first.begin(), slot);
    Value pointer = emitElementPointer(
        rewriter, loc, tile,
        emitLinearIndex(rewriter, loc, tile.getType(), first),
        kSharedAddressSpace);
    return LLVM::PtrToIntOp::create(rewriter, loc, i64, pointer);
  };
  Value aBase = tileAddress(op.getA(), op.getSlot()),
        bBase = tileAddress(op.getB(),
                            op.getBSlot() ? op.getBSlot() : op.getSlot());
  // A's rows [row, row + 64): K-major, 128 bytes a row; M-major, one block.
  Value aRow = arith::IndexCastUIOp::create(rewriter, loc, i64, op.getRow());
  aBase = arith::AddIOp::create(
      rewriter, loc, aBase,
      op.getATransposed()
          ? arith::MulIOp::create(
                rewriter, loc,
                arith::DivUIOp::create(rewriter, loc, aRow, constant(64)),
                constant(blockBytes))
                .getResult()
          : arith::MulIOp::create(rewriter, loc, aRow, constant(rowBytes))
                .getResult());
  bool aKMajor = !op.getATransposed(), bKMajor = op.getBTransposed();
  auto stepBytes = [&](bool kMajor) { return kMajor ? 32 : 16 * rowBytes; };
  auto leadingBytes = [&](bool kMajor) { return kMajor ? 16 : blockBytes; };
  // Row group g's A starts 64 rows on: 64 rows of 128 bytes K-major, one
  // block M-major.
  int64_t groupBytes = aKMajor ? 64 * rowBytes : blockBytes;

  int64_t groups = op.getRowGroups();
  int64_t tiles = op.getAccs().size();
  int64_t groupTiles = tiles / groups;
  int64_t pieceTiles = op.getInstructionN().value_or(8 * groupTiles) / 8;
  int64_t pieces = tiles / pieceTiles;
  int64_t groupPieces = groupTiles / pieceTiles;
  auto structType = LLVM::LLVMStructType::getLiteral(
      context, SmallVector<Type>(4 * pieceTiles, f32));
  // Each piece's accumulators: tiles [p * pieceTiles, (p + 1) * pieceTiles),
  // row group by row group.
  SmallVector<Value> accs;
  for (int64_t p = 0; p < pieces; ++p) {
    Value acc = LLVM::UndefOp::create(rewriter, loc, structType);
    for (int64_t t = 0; t < pieceTiles; ++t)
      for (int64_t e = 0; e < 4; ++e)
        acc = LLVM::InsertValueOp::create(
            rewriter, loc, acc,
            vector::ExtractOp::create(rewriter, loc,
                                      op.getAccs()[p * pieceTiles + t], e),
            4 * t + e);
    accs.push_back(acc);
  }
  NVVM::WGMMATypes type = op.getMma().getElementType().isF16()
                              ? NVVM::WGMMATypes::f16
                              : NVVM::WGMMATypes::bf16;
  auto typeAttr = [&](NVVM::WGMMATypes t) {
    return NVVM::WGMMATypesAttr::get(context, t);
  };
  auto scaleIn = NVVM::WGMMAScaleInAttr::get(context, NVVM::WGMMAScaleIn::one);
  NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
  // A piece's first column: a K-major B row of 128 bytes per column; an
  // N-major B one block of 64 columns.
  int64_t pieceBytes =
      bKMajor ? 8 * pieceTiles * rowBytes : 8 * pieceTiles / 64 * blockBytes;
  for (int64_t kk = 0; kk < k; kk += 16)
    for (int64_t g = 0; g < groups; ++g) {
      int64_t step = kk / 16;
      Value descA = emitMatrixDescriptor(
          rewriter, loc, aBase, g * groupBytes + step * stepBytes(aKMajor),
          leadingBytes(aKMajor), 1024);
      for (int64_t p = 0; p < groupPieces; ++p) {
        Value &acc = accs[g * groupPieces + p];
        Value descB = emitMatrixDescriptor(
            rewriter, loc, bBase, p * pieceBytes + step * stepBytes(bKMajor),
            leadingBytes(bKMajor), 1024);
        acc = NVVM::WgmmaMmaAsyncOp::create(
            rewriter, loc, structType, acc, descA, descB,
            NVVM::MMAShapeAttr::get(context, 64, 8 * pieceTiles, 16),
            typeAttr(type), typeAttr(type), typeAttr(NVVM::WGMMATypes::f32),
            NVVM::WGMMAScaleOutAttr::get(context, NVVM::WGMMAScaleOut::one),
            scaleIn, scaleIn,
            NVVM::MMALayoutAttr::get(context, aKMajor ? NVVM::MMALayout::row
                                                      : NVVM::MMALayout::col),
            NVVM::MMALayoutAttr::get(context, bKMajor ? NVVM::MMALayout::col
                                                      : NVVM::MMALayout::row),
            NVVM::MMAIntOverflowAttr());
      }
    }
  NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
  NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, op.getPending());
  SmallVector<Value> results;
  auto vectorType = VectorType::get({4}, f32);
  for (int64_t t = 0; t < tiles; ++t) {
    SmallVector<Value> elements;
    for (int64_t e = 0; e < 4; ++e)
      elements.push_back(LLVM::ExtractValueOp::create(
          rewriter, loc, accs[t / pieceTiles], 4 * (t % pieceTiles) + e));
    results.push_back(
        vector::FromElementsOp::create(rewriter, loc, vectorType, elements));
  }
  rewriter.replaceOp(op, results);
}

/// ck.cluster_barrier: the cluster's barrier (arrive releases, wait
/// acquires); ck.cluster_load: the window's address in the LDS of the
/// cluster's workgroup `rank` (mapa), and a 16-byte load from it.
static void lowerClusterOps(RewriterBase &rewriter, Operation *op) {
  Location loc = op->getLoc();
  if (isa<ClusterBarrierOp>(op)) {
    emitClusterBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return;
  }
  auto load = cast<ClusterLoadOp>(op);
  Value local = emitElementPointer(rewriter, loc, load.getBuffer(),
                                   load.getOffset(), kSharedAddressSpace);
  Value peer = emitPeerSharedPointer(rewriter, loc, local, load.getRank());
  rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, load.getType(), peer,
                                            /*alignment=*/16);
}

/// ck.reallocate_registers: setmaxnreg, growing or shrinking. ptxas
/// honours it only where it knows the registers a lane starts with: from
/// the kernel's block size (nvvm.maxntid, which gpu.func's
/// known_block_size gives) and one workgroup per multiprocessor
/// (nvvm.minctasm = 1); elsewhere it ignores it and compiles the whole
/// kernel within an even share. `kernels` gets the kernels that have one.
static LogicalResult
lowerRegisterReallocations(Operation *root,
                           llvm::SmallPtrSetImpl<Operation *> &kernels) {
  SmallVector<ReallocateRegistersOp> ops;
  root->walk([&](ReallocateRegistersOp op) { ops.push_back(op); });
  IRRewriter rewriter(root->getContext());
  for (ReallocateRegistersOp op : ops) {
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    if (!kernel || !kernel.getKnownBlockSizeAttr())
      return op.emitOpError()
             << "needs a kernel of known block size (gpu.func's "
                "known_block_size): the registers its lanes start with "
                "follow from it";
    kernels.insert(kernel);
    kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                    rewriter.getI32IntegerAttr(1));
    rewriter.setInsertionPoint(op);
    rewriter.replaceOpWithNewOp<NVVM::SetMaxRegisterOp>(
        op, op.getCount(),
        op.getChange() == RegisterChange::Grow
            ? NVVM::SetMaxRegisterAction::increase
            : NVVM::SetMaxRegisterAction::decrease);
  }
  return success();
}

static void lowerWarpgroupOps(RewriterBase &rewriter, Operation *op) {
  if (auto wait = dyn_cast<WarpgroupWaitOp>(op))
    return lowerWarpgroupWait(rewriter, wait);
  lowerWarpgroupMma(rewriter, cast<WarpgroupMmaOp>(op));
}

/// A kernel whose roles reallocate registers runs the rest of the kernel in
/// each role's arm (ck-lower-roles), where the accumulator ops are guarded
/// by the comparison that chose the arm, computed again: made one value,
/// the guard folds in the load waves' arm (canonicalization's condition
/// propagation) and the copies go, whose registers would not hold the
/// accumulators. Its workgroup barriers left from other lowerings (the
/// epilogue's gpu.barrier) become unaligned, as ck.lds_barrier's are.
static void finishSeparateArms(Operation *kernel) {
  IRRewriter rewriter(kernel->getContext());
  DominanceInfo dominance(kernel);
  eliminateCommonSubExpressions(rewriter, dominance, kernel);
  SmallVector<gpu::BarrierOp> barriers;
  kernel->walk([&](gpu::BarrierOp op) { barriers.push_back(op); });
  for (gpu::BarrierOp op : barriers) {
    rewriter.setInsertionPoint(op);
    emitUnalignedBarrier(rewriter, op.getLoc(), 0, std::nullopt);
    rewriter.eraseOp(op);
  }
}

namespace {
struct ConvertCKToNVVMPass
    : public ck::impl::ConvertCKToNVVMBase<ConvertCKToNVVMPass> {
  void runOnOperation() override {
    // The kernels whose LDS wgmma reads, found before any op is lowered.
    llvm::SmallPtrSet<Operation *, 4> wgmmaKernels;
    getOperation()->walk([&](WarpgroupMmaOp op) {
      wgmmaKernels.insert(op->getParentOfType<gpu::GPUFuncOp>());
    });
    auto readByWgmma = [&](Operation *op) {
      return wgmmaKernels.contains(op->getParentOfType<gpu::GPUFuncOp>());
    };
    // The kernels whose roles reallocate registers, whose arms reach the
    // workgroup's barriers at different instructions.
    llvm::SmallPtrSet<Operation *, 4> separateArmKernels;
    auto lowerBarrier = [&](RewriterBase &rewriter, LdsBarrierOp op) {
      lowerLdsBarrier(
          rewriter, op, readByWgmma(op),
          separateArmKernels.contains(op->getParentOfType<gpu::GPUFuncOp>()));
    };
    auto lowerRing = [&](RewriterBase &rewriter, const RingEventSite &site) {
      lowerRingEvent(rewriter, site, readByWgmma(site.op));
    };
    lowerMbarrierRingSetup(getOperation());
    lowerTmaStoreOps(getOperation());
    if (failed(lowerRegisterReallocations(getOperation(), separateArmKernels)))
      return signalPassFailure();
    WaveOpTarget target{
        lowerMma,       lowerBarrier,      FlagTarget{"device", pause},
        lowerRing,      lowerGuardedLoad,  lowerFragmentLoad,
        lowerAsyncCopy, lowerWarpgroupOps, lowerNamedBarrierEvent,
        lowerClusterOps};
    if (failed(lowerWaveOps(getOperation(), getArgument(), target)))
      return signalPassFailure();
    for (Operation *kernel : separateArmKernels)
      finishSeparateArms(kernel);
  }
};
} // namespace
