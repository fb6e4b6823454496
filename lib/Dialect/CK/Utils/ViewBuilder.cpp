//===- ViewBuilder.cpp - Build chains of ck.transform ops -----------------===//

#include "ck/Dialect/CK/Utils/ViewBuilder.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::ck;

ViewBuilder::ViewBuilder(OpBuilder &builder, Location loc, Value source,
                         ArrayRef<std::string> names)
    : builder(builder), loc(loc), current(source) {
  auto shape = cast<ShapedType>(source.getType()).getShape();
  assert(shape.size() == names.size() && "one name per source dimension");
  for (auto [name, size] : llvm::zip(names, shape))
    dims.emplace_back(name, size);
}

unsigned ViewBuilder::position(StringRef name) const {
  auto it = llvm::find_if(dims, [&](auto &dim) { return dim.first == name; });
  assert(it != dims.end() && "no dimension of that name");
  return it - dims.begin();
}

int64_t ViewBuilder::length(StringRef name) const {
  return dims[position(name)].second;
}

void ViewBuilder::add(Pending p) { pending.push_back(std::move(p)); }

void ViewBuilder::pad(StringRef lower, StringRef upper, int64_t left,
                      int64_t right) {
  if (left == 0 && right == 0)
    return add({TransformKind::PassThrough,
                {lower.str()},
                {{upper.str(), length(lower)}},
                {}});
  add({TransformKind::Pad,
       {lower.str()},
       {{upper.str(), length(lower) + left + right}},
       {left, right}});
}

void ViewBuilder::slice(StringRef lower, StringRef upper, int64_t begin,
                        int64_t end) {
  add({TransformKind::Slice, {lower.str()}, {{upper.str(), end - begin}},
       {begin, end}});
}

void ViewBuilder::embed(StringRef lower, ArrayRef<EmbedDim> uppers,
                        int64_t offset) {
  Pending p{TransformKind::Embed, {lower.str()}, {}, {offset}};
  for (const EmbedDim &dim : uppers) {
    p.uppers.emplace_back(dim.name, dim.length);
    p.params.push_back(dim.coefficient);
  }
  add(std::move(p));
}

void ViewBuilder::merge(StringRef upper, ArrayRef<std::string> lowers) {
  int64_t product = 1;
  for (const std::string &lower : lowers)
    product *= length(lower);
  add({TransformKind::Merge, SmallVector<std::string>(lowers),
       {{upper.str(), product}}, {}});
}

void ViewBuilder::unmerge(StringRef lower,
                          ArrayRef<std::pair<std::string, int64_t>> uppers) {
  add({TransformKind::Unmerge, {lower.str()},
       SmallVector<std::pair<std::string, int64_t>>(uppers), {}});
}

void ViewBuilder::emit(ArrayRef<std::string> order) {
  // Which pending transform (if any) consumes each lower dimension.
  SmallVector<int> owner(dims.size(), -1);
  for (auto [index, p] : llvm::enumerate(pending))
    for (const std::string &lower : p.lowers) {
      assert(owner[position(lower)] < 0 && "dimension used twice");
      owner[position(lower)] = index;
    }
  // Lower dimensions nobody consumes pass through under their own name.
  SmallVector<Pending> level;
  SmallVector<std::pair<std::string, int64_t>> defaultOrder;
  SmallVector<bool> placed(pending.size(), false);
  for (auto [pos, dim] : llvm::enumerate(dims)) {
    if (owner[pos] < 0) {
      level.push_back({TransformKind::PassThrough, {dim.first}, {dim}, {}});
      defaultOrder.push_back(dim);
    } else if (!placed[owner[pos]]) {
      placed[owner[pos]] = true;
      level.push_back(pending[owner[pos]]);
      llvm::append_range(defaultOrder, pending[owner[pos]].uppers);
    }
  }

  SmallVector<std::pair<std::string, int64_t>> uppers;
  if (order.empty()) {
    uppers = defaultOrder;
  } else {
    assert(order.size() == defaultOrder.size() && "order names every dim");
    for (const std::string &name : order) {
      auto it = llvm::find_if(defaultOrder,
                              [&](auto &dim) { return dim.first == name; });
      assert(it != defaultOrder.end() && "order names an unknown dimension");
      uppers.push_back(*it);
    }
  }
  auto upperIndex = [&](StringRef name) -> int64_t {
    return llvm::find_if(uppers, [&](auto &d) { return d.first == name; }) -
           uppers.begin();
  };

  // A level of identities in the same order only renames dimensions.
  bool identity = llvm::all_of(level, [](const Pending &p) {
    return p.kind == TransformKind::PassThrough ||
           (p.kind == TransformKind::Pad && p.params[0] == 0 &&
            p.params[1] == 0);
  });
  if (identity && llvm::equal(uppers, defaultOrder)) {
    dims = std::move(uppers);
    pending.clear();
    return;
  }

  MLIRContext *ctx = builder.getContext();
  SmallVector<TransformAttr> transforms;
  for (const Pending &p : level) {
    SmallVector<int64_t> upperDims, lowerDims;
    for (auto &upper : p.uppers)
      upperDims.push_back(upperIndex(upper.first));
    for (const std::string &lower : p.lowers)
      lowerDims.push_back(position(lower));
    transforms.push_back(
        TransformAttr::get(ctx, p.kind, upperDims, lowerDims, p.params));
  }
  SmallVector<int64_t> upperBounds =
      llvm::map_to_vector(uppers, [](auto &d) { return d.second; });
  SmallVector<int64_t> lowerBounds =
      llvm::map_to_vector(dims, [](auto &d) { return d.second; });
  auto map = TransformMapAttr::get(ctx, upperBounds, lowerBounds, transforms);
  Type elementType = cast<ShapedType>(current.getType()).getElementType();
  current = TransformOp::create(builder, loc,
                                ViewType::get(ctx, upperBounds, elementType),
                                current, map);
  dims = std::move(uppers);
  pending.clear();
}
