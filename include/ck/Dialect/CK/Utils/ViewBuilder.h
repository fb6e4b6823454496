//===- ViewBuilder.h - Build chains of ck.transform ops ---------*- C++ -*-===//
//
// Builds a view of a tensor level by level, naming dimensions by strings so
// that the code reads like the index math it expresses:
//
//   ViewBuilder view(builder, loc, x, {"N", "Hi", "G", "C"});
//   view.pad("Hi", "Hp", 1, 1);
//   view.emit();                               // [N, Hp, G, C]
//   view.embed("Hp", {{"Y", 3, 1}, {"Ho", 7, 1}}, 0);
//   view.merge("GemmK", {"Y", "C"});
//   view.emit({"G", "N", "Ho", "GemmK"});
//
// Each emit() creates one ck.transform op; dimensions that no transform of
// the level mentions pass through.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_UTILS_VIEWBUILDER_H
#define CK_DIALECT_CK_UTILS_VIEWBUILDER_H

#include "ck/Dialect/CK/IR/CK.h"
#include "mlir/IR/Builders.h"

#include <string>

namespace mlir::ck {

class ViewBuilder {
public:
  /// An upper dimension of an embed: its name, length and coefficient.
  struct EmbedDim {
    std::string name;
    int64_t length;
    int64_t coefficient;
  };

  /// Starts from `source` (a memref or view) whose dimensions are called
  /// `names`, outermost first.
  ViewBuilder(OpBuilder &builder, Location loc, Value source,
              ArrayRef<std::string> names);

  /// Pending transforms of the current level.
  void pad(StringRef lower, StringRef upper, int64_t left, int64_t right);
  void slice(StringRef lower, StringRef upper, int64_t begin, int64_t end);
  void embed(StringRef lower, ArrayRef<EmbedDim> uppers, int64_t offset);
  void merge(StringRef upper, ArrayRef<std::string> lowers);
  void unmerge(StringRef lower,
               ArrayRef<std::pair<std::string, int64_t>> uppers);

  /// Creates the ck.transform op of the pending level. With `order`, the
  /// view's dimensions come in that order; without, each transform's upper
  /// dimensions take the place of its first lower dimension.
  void emit(ArrayRef<std::string> order = {});

  /// The view (or the source, before the first emit).
  Value view() const { return current; }
  int64_t length(StringRef name) const;

private:
  struct Pending {
    TransformKind kind;
    SmallVector<std::string> lowers;
    SmallVector<std::pair<std::string, int64_t>> uppers;
    SmallVector<int64_t> params;
  };
  unsigned position(StringRef name) const;
  void add(Pending pending);

  OpBuilder &builder;
  Location loc;
  Value current;
  SmallVector<std::pair<std::string, int64_t>> dims;
  SmallVector<Pending> pending;
};

} // namespace mlir::ck

#endif // CK_DIALECT_CK_UTILS_VIEWBUILDER_H
