//===- ReferenceKernel.cpp - Naive convolution kernels --------------------===//
//
// The GPU reference of a convolution: one thread per element of the written
// tensor, looping over the whole reduction with f32 accumulation, reading
// the tensors by their layouts. It shares nothing with the GEMM path but the
// epilogue, so it can verify that path.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "ck/Dialect/CK/IR/ConvProblem.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <array>
#include <functional>

using namespace mlir;
using namespace mlir::ck;

static constexpr int64_t kReferenceBlockSize = 256;

namespace {
/// Logical coordinates by layout letter.
using Coords = std::array<Value, 128>;

class ReferenceBuilder {
public:
  ReferenceBuilder(OpBuilder &b, Location loc, const ConvProblem &p)
      : b(b), loc(loc), p(p) {}

  Value cst(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }

  /// Memref indices of `coords` for a tensor with `layout`.
  SmallVector<Value> indices(LayoutAttr layout, const Coords &coords) {
    SmallVector<Value> result;
    for (char letter : layout.getDims())
      result.push_back(coords[letter]);
    return result;
  }

  /// Runs `body(acc) -> acc` over a convolution's reduction: `channel`
  /// (`channels` of it), then the spatial `letters` with `sizes`.
  Value reduce(char channel, int64_t channels, StringRef letters,
               ArrayRef<int64_t> sizes, Coords &coords, Value init,
               const std::function<Value(Value)> &body) {
    SmallVector<char> allLetters = {channel};
    SmallVector<int64_t> allSizes = {channels};
    llvm::append_range(allLetters, letters);
    llvm::append_range(allSizes, sizes);
    return loopNest(allLetters, allSizes, coords, init, body);
  }

  /// Runs `body(acc) -> acc` inside loops over `letters` with `sizes`.
  Value loopNest(ArrayRef<char> letters, ArrayRef<int64_t> sizes,
                 Coords &coords, Value acc,
                 const std::function<Value(Value)> &body) {
    if (letters.empty())
      return body(acc);
    auto loop = scf::ForOp::create(b, loc, cst(0), cst(sizes.front()), cst(1),
                                   ValueRange{acc});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    coords[letters.front()] = loop.getInductionVar();
    Value inner = loopNest(letters.drop_front(), sizes.drop_front(), coords,
                           loop.getRegionIterArgs()[0], body);
    scf::YieldOp::create(b, loc, inner);
    return loop.getResult(0);
  }

  Value cmp(arith::CmpIPredicate pred, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, pred, x, y);
  }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }

  /// The input coordinates `coords` reach through output position and
  /// filter tap, clamped to 0 where the input position is padding, and
  /// whether it is not.
  std::pair<Coords, Value> inputAt(const Coords &coords, StringRef act,
                                   StringRef fil) {
    Coords at = coords;
    Value valid = arith::ConstantIntOp::create(b, loc, 1, 1);
    for (unsigned i = 0; i < act.size(); ++i) {
      Value pos = arith::SubIOp::create(
          b, loc,
          arith::AddIOp::create(
              b, loc,
              arith::MulIOp::create(b, loc, coords[act[i]], cst(p.strides[i])),
              arith::MulIOp::create(b, loc, coords[fil[i]],
                                    cst(p.dilations[i]))),
          cst(p.padLeft[i]));
      valid = andI(valid,
                   andI(cmp(arith::CmpIPredicate::sge, pos, cst(0)),
                        cmp(arith::CmpIPredicate::slt, pos, cst(p.inSizes[i]))));
      at[act[i]] = pos;
    }
    for (char letter : act)
      at[letter] = arith::SelectOp::create(b, loc, valid, at[letter], cst(0));
    return {at, valid};
  }

  /// acc + (valid ? x * y : 0) in f32.
  Value multiplyAdd(Value acc, Value valid, Value x, Value y) {
    Value sum = arith::AddFOp::create(
        b, loc, acc, arith::MulFOp::create(b, loc, widen(x), widen(y)));
    return arith::SelectOp::create(b, loc, valid, sum, acc);
  }

  Value load(Value memref, LayoutAttr layout, const Coords &coords) {
    return memref::LoadOp::create(b, loc, memref, indices(layout, coords));
  }

  Value widen(Value v) {
    if (v.getType().isF32())
      return v;
    return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
  }

  OpBuilder &b;
  Location loc;
  const ConvProblem &p;
};
} // namespace

FailureOr<KernelLaunch>
mlir::ck::buildReferenceKernel(ConvOpInterface op, gpu::GPUModuleOp module,
                               StringRef name) {
  Location loc = op.getLoc();
  ConvProblem p = ConvProblem::fromOp(op);
  SmallVector<TracedView> views;
  for (Value v : {op.getInput(), op.getFilter(), op.getOutput()})
    views.push_back(TracedView{v, {}});
  for (Value d : op.getDs())
    views.push_back(TracedView{d, {}});
  KernelSkeleton skeleton(module, loc, name, views, kReferenceBlockSize);
  OpBuilder &b = skeleton.builder;
  ReferenceBuilder r(b, loc, p);
  Value input = views[0].memref, filter = views[1].memref,
        output = views[2].memref;
  unsigned rank = p.spatialRank();
  StringRef act = spatialLetters(ConvTensor::Input, rank);
  StringRef fil = spatialLetters(ConvTensor::Filter, rank);

  // The written element this thread owns.
  ConvTensor writtenRole = p.writtenTensor();
  Value written = views[static_cast<int>(writtenRole)].memref;
  LayoutAttr writtenLayout = p.layout(writtenRole);
  auto shape = cast<MemRefType>(written.getType()).getShape();
  ElementThread thread =
      mapThreadToElement(b, loc, shape, kReferenceBlockSize);
  auto ifOp = scf::IfOp::create(b, loc, thread.inBounds, /*else=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
  Coords coords{};
  for (auto [letter, index] : llvm::zip(writtenLayout.getDims(), thread.coord))
    coords[letter] = index;

  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  using P = arith::CmpIPredicate;
  Value acc;
  switch (p.direction) {
  case ConvDirection::Forward: {
    // y[n, o, g, k] = sum over c, f of x[n, o*s + f*d - pl, g, c] * w[g, k, f, c]
    acc = r.reduce('C', p.inChannels, fil, p.filterSizes, coords, zero,
                   [&](Value acc) {
      auto [xAt, valid] = r.inputAt(coords, act, fil);
      return r.multiplyAdd(acc, valid, r.load(input, p.inputLayout, xAt),
                           r.load(filter, p.filterLayout, coords));
    });
    break;
  }
  case ConvDirection::BackwardWeight: {
    // dw[g, k, f, c] = sum over n, o of dy[n, o, g, k] * x[n, o*s + f*d - pl, g, c]
    acc = r.reduce('N', p.batch, act, p.outSizes, coords, zero,
                   [&](Value acc) {
      auto [xAt, valid] = r.inputAt(coords, act, fil);
      return r.multiplyAdd(acc, valid, r.load(output, p.outputLayout, coords),
                           r.load(input, p.inputLayout, xAt));
    });
    break;
  }
  case ConvDirection::BackwardData: {
    // dx[n, i, g, c] = sum over k, f with i + pl - f*d = o*s, 0 <= o < O,
    // of dy[n, o, g, k] * w[g, k, f, c]
    acc = r.reduce('K', p.outChannels, fil, p.filterSizes, coords, zero,
                   [&](Value acc) {
      Coords yAt = coords;
      Value valid = arith::ConstantIntOp::create(b, loc, 1, 1);
      for (unsigned i = 0; i < rank; ++i) {
        Value t = arith::SubIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, coords[act[i]],
                                  r.cst(p.padLeft[i])),
            arith::MulIOp::create(b, loc, coords[fil[i]],
                                  r.cst(p.dilations[i])));
        Value stride = r.cst(p.strides[i]);
        Value o = arith::DivSIOp::create(b, loc, t, stride);
        Value exact = r.cmp(P::eq, arith::RemSIOp::create(b, loc, t, stride),
                            r.cst(0));
        valid = r.andI(valid,
                       r.andI(r.andI(r.cmp(P::sge, t, r.cst(0)), exact),
                              r.cmp(P::slt, o, r.cst(p.outSizes[i]))));
        yAt[act[i]] = o;
      }
      for (char letter : act)
        yAt[letter] = arith::SelectOp::create(b, loc, valid, yAt[letter],
                                              r.cst(0));
      return r.multiplyAdd(acc, valid, r.load(output, p.outputLayout, yAt),
                           r.load(filter, p.filterLayout, coords));
    });
    break;
  }
  }

  SmallVector<Value> writtenIndices = r.indices(writtenLayout, coords);
  SmallVector<Value> ds;
  for (const TracedView &d : ArrayRef(views).drop_front(3))
    ds.push_back(memref::LoadOp::create(b, loc, d.memref, writtenIndices));
  Value value = emitEpilogue(
      b, loc, acc, op.getAlpha().convertToDouble(),
      op.getBeta().convertToDouble(), ds,
      cast<MemRefType>(written.getType()).getElementType());
  memref::StoreOp::create(b, loc, value, written, writtenIndices);
  b.setInsertionPointAfter(ifOp);
  gpu::ReturnOp::create(b, loc);
  return KernelLaunch{
      skeleton.func,
      skeleton.hostArgs,
      elementwiseGrid(shape, kReferenceBlockSize),
      {kReferenceBlockSize, 1, 1},
      /*ldsBytes=*/0,
      /*facts=*/{},
      /*launchTimeGrid=*/{}};
}
