//===- ViewCursor.h - Incremental coordinates of a view ---------*- C++ -*-===//
//
// A thread walking a view along K (the GEMM main loop) keeps a *cursor*: the
// coordinates of every level of the view's transform chain, from the view's
// own (level 0) to the memref's (the last level). Creating a cursor
// evaluates the chain in full, with a division and a remainder per merge
// digit; advancing it by a constant delta costs adds, compares and selects:
//
// * a `merge` whose upper coordinate moves by a constant d splits d into
//   mixed-radix digits e_i at compile time and propagates one carry from the
//   innermost digit out: t = l_i + e_i + carry, carry' = t >= L_i,
//   l_i' = carry' ? t - L_i : t. The outermost digit takes its e_0 and the
//   carry unchecked (the matrix bounds check covers it);
// * `pass_through`, `slice`, `pad`, `embed` and `unmerge` are affine: their
//   lower coordinates are recomputed from the upper ones without division;
// * a `pad` keeps its lower coordinate unclamped; the access checks
//   `lower u< length`, one unsigned compare, since a negative coordinate is
//   a large unsigned one.
//
// A merge below a merge can receive a delta that is not a compile-time
// constant; such chains cannot be advanced (canAdvance says so) and are
// re-evaluated instead.
//
// The program is written once against a `Math` policy, so that the same code
// emits IR (ViewLowering.h) and runs on the host in the unit tests, which
// compare every step with TracedView::evaluate. `Math` provides `Value` and
// `Bool` types and: constant(int64_t), add(Value, Value), mul(Value,
// int64_t), div(Value, int64_t), rem(Value, int64_t), ult(Value, int64_t) ->
// Bool, andB(Bool, Bool), notB(Bool), select(Bool, Value, Value), trueB().
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_UTILS_VIEWCURSOR_H
#define CK_DIALECT_CK_UTILS_VIEWCURSOR_H

#include "ck/Dialect/CK/IR/CK.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::ck {

/// Where level `i`'s coordinates start in a cursor's flat value list: level 0
/// is the view, level i + 1 the lower side of `maps[i]`; the last entry is
/// the size. Without maps the cursor is the memref coordinate alone.
inline SmallVector<size_t> cursorLevelOffsets(ArrayRef<TransformMapAttr> maps) {
  SmallVector<size_t> offsets = {0};
  size_t size = maps.empty() ? 0 : maps.front().getUpperBounds().size();
  for (TransformMapAttr map : maps) {
    offsets.push_back(size);
    size += map.getLowerBounds().size();
  }
  offsets.push_back(size);
  return offsets;
}

/// The deltas of `map`'s lower coordinates where its upper ones move by
/// `upper`: std::nullopt where not a compile-time constant (a merge's digits
/// move by run-time carries unless nothing moves, and anything computed from
/// an unknown delta is unknown). `mergeInputsKnown` is cleared where a merge
/// receives an unknown delta.
inline SmallVector<std::optional<int64_t>>
lowerCursorDeltas(TransformMapAttr map, ArrayRef<std::optional<int64_t>> upper,
                  bool &mergeInputsKnown) {
  ArrayRef<int64_t> upperBounds = map.getUpperBounds();
  SmallVector<std::optional<int64_t>> lower(map.getLowerBounds().size());
  for (TransformAttr t : map.getTransforms()) {
    ArrayRef<int64_t> ups = t.getUpper(), lows = t.getLower();
    ArrayRef<int64_t> params = t.getParams();
    switch (t.getKind()) {
    case TransformKind::PassThrough:
    case TransformKind::Slice:
    case TransformKind::Pad:
      lower[lows[0]] = upper[ups[0]];
      break;
    case TransformKind::Embed: {
      std::optional<int64_t> sum = 0;
      for (auto [dim, coeff] : llvm::zip(ups, params.drop_front()))
        sum = sum && upper[dim]
                  ? std::optional<int64_t>(*sum + coeff * *upper[dim])
                  : std::nullopt;
      lower[lows[0]] = sum;
      break;
    }
    case TransformKind::Unmerge: {
      std::optional<int64_t> sum = 0;
      for (int64_t dim : ups)
        sum =
            sum && upper[dim]
                ? std::optional<int64_t>(*sum * upperBounds[dim] + *upper[dim])
                : std::nullopt;
      lower[lows[0]] = sum;
      break;
    }
    case TransformKind::Merge: {
      std::optional<int64_t> d = upper[ups[0]];
      mergeInputsKnown &= d.has_value();
      for (int64_t dim : lows)
        lower[dim] = d == 0 ? std::optional<int64_t>(0) : std::nullopt;
      break;
    }
    }
  }
  return lower;
}

/// Whether a cursor on `maps` can advance by `delta` (one entry per view
/// dimension) without division: every merge's upper delta is a compile-time
/// constant.
inline bool canAdvanceCursor(ArrayRef<TransformMapAttr> maps,
                             ArrayRef<int64_t> delta) {
  SmallVector<std::optional<int64_t>> known(delta.begin(), delta.end());
  bool mergeInputsKnown = true;
  for (TransformMapAttr map : maps)
    known = lowerCursorDeltas(map, known, mergeInputsKnown);
  return mergeInputsKnown;
}

/// Which values of a compact cursor (ViewCursorProgram::compact: the view's
/// coordinates, then each merge's digits, level by level) change when the
/// cursor advances by `delta`: the view coordinates `delta` moves and the
/// digits of every merge whose upper coordinate moves. The others stay
/// fixed, so a loop that advances the cursor by `delta` carries only these;
/// the rest are loop-invariant.
inline SmallVector<bool> cursorMovingValues(ArrayRef<TransformMapAttr> maps,
                                            ArrayRef<int64_t> delta) {
  SmallVector<bool> moving;
  for (int64_t d : delta)
    moving.push_back(d != 0);
  SmallVector<std::optional<int64_t>> known(delta.begin(), delta.end());
  bool mergeInputsKnown = true;
  for (TransformMapAttr map : maps) {
    known = lowerCursorDeltas(map, known, mergeInputsKnown);
    for (TransformAttr t : map.getTransforms())
      if (t.getKind() == TransformKind::Merge)
        for (int64_t dim : t.getLower())
          moving.push_back(known[dim] != 0);
  }
  return moving;
}

template <typename Math> struct ViewCursorProgram {
  using Value = typename Math::Value;
  using Bool = typename Math::Bool;

  Math &math;
  ArrayRef<TransformMapAttr> maps;

  /// The cursor at view coordinate `coords`: every level, in full.
  SmallVector<Value> init(ArrayRef<Value> coords) const {
    SmallVector<Value> state(coords.begin(), coords.end());
    SmallVector<Value> current(coords.begin(), coords.end());
    for (TransformMapAttr map : maps) {
      current = lowerAffine(map, current,
                            [&](TransformAttr t, ArrayRef<Value> upper,
                                SmallVectorImpl<Value> &lower) {
                              ArrayRef<int64_t> lows = t.getLower();
                              Value rest = upper[t.getUpper()[0]];
                              for (size_t i = lows.size(); i-- > 0;) {
                                int64_t length = map.getLowerBounds()[lows[i]];
                                lower[lows[i]] =
                                    i == 0 ? rest : math.rem(rest, length);
                                if (i > 0)
                                  rest = math.div(rest, length);
                              }
                            });
      state.append(current.begin(), current.end());
    }
    return state;
  }

  /// The cursor moved by `delta` on the view's coordinates. Requires
  /// canAdvanceCursor(maps, delta).
  SmallVector<Value> advance(ArrayRef<Value> state,
                             ArrayRef<int64_t> delta) const {
    SmallVector<size_t> offsets = cursorLevelOffsets(maps);
    SmallVector<Value> current;
    for (auto [c, d] : llvm::zip(state.take_front(delta.size()), delta))
      current.push_back(d == 0 ? c : math.add(c, math.constant(d)));
    SmallVector<Value> next(current);
    SmallVector<std::optional<int64_t>> upperDelta(delta.begin(), delta.end());
    bool mergeInputsKnown = true;
    for (size_t level = 0; level < maps.size(); ++level) {
      // A plain variable: lambdas cannot capture structured bindings in
      // C++17.
      TransformMapAttr map = maps[level];
      ArrayRef<Value> old =
          state.slice(offsets[level + 1], map.getLowerBounds().size());
      current = lowerAffine(
          map, current,
          [&](TransformAttr t, ArrayRef<Value> upper,
              SmallVectorImpl<Value> &lower) {
            // canAdvanceCursor proved every merge's
            // delta known.
            advanceMerge(map, t, upperDelta[t.getUpper()[0]].value_or(0), old,
                         lower);
          });
      upperDelta = lowerCursorDeltas(map, upperDelta, mergeInputsKnown);
      next.append(current.begin(), current.end());
    }
    return next;
  }

  /// The part of a cursor that `advance` reads and `expand` rebuilds the
  /// rest from: the view's coordinates and every merge's digits, level by
  /// level. A loop carries this part only; the affine levels are cheap to
  /// recompute and would cost registers across the loop.
  SmallVector<Value> compact(ArrayRef<Value> state) const {
    SmallVector<size_t> offsets = cursorLevelOffsets(maps);
    size_t rank = maps.empty() ? state.size() : offsets[1];
    SmallVector<Value> kept(state.take_front(rank));
    for (auto [level, map] : llvm::enumerate(maps))
      for (TransformAttr t : map.getTransforms())
        if (t.getKind() == TransformKind::Merge)
          for (int64_t dim : t.getLower())
            kept.push_back(state[offsets[level + 1] + dim]);
    return kept;
  }

  /// The whole cursor from its compact part.
  SmallVector<Value> expand(ArrayRef<Value> kept) const {
    size_t rank =
        maps.empty() ? kept.size() : maps.front().getUpperBounds().size();
    SmallVector<Value> current(kept.take_front(rank));
    ArrayRef<Value> digits = kept.drop_front(rank);
    SmallVector<Value> state(current);
    for (TransformMapAttr map : maps) {
      current = lowerAffine(
          map, current,
          [&](TransformAttr t, ArrayRef<Value>, SmallVectorImpl<Value> &lower) {
            for (int64_t dim : t.getLower()) {
              lower[dim] = digits.front();
              digits = digits.drop_front();
            }
          });
      state.append(current.begin(), current.end());
    }
    return state;
  }

  /// The memref coordinates of the cursor (its last level).
  ArrayRef<Value> memrefCoords(ArrayRef<Value> state) const {
    if (maps.empty())
      return state;
    SmallVector<size_t> offsets = cursorLevelOffsets(maps);
    return state.slice(offsets[offsets.size() - 2],
                       offsets.back() - offsets[offsets.size() - 2]);
  }

  /// The place `strides` give the cursor's memref coordinates (the sum of
  /// each times its stride), as `constant` plus `terms`: values of the
  /// cursor's state, each times a compile-time coefficient.
  struct LinearForm {
    int64_t constant = 0;
    SmallVector<std::pair<Value, int64_t>> terms;
  };

  /// The place as a linear form of the fewest state values: each level's
  /// coefficients are carried up through the map above it (every transform
  /// but a merge is affine). A merge whose digits' coefficients nest as its
  /// radices do (digit i - 1's coefficient is digit i's times digit i's
  /// length: the memref keeps the digits in the merge's order, each as far
  /// apart as the digits inside it span) adds its upper coordinate times
  /// the innermost coefficient, since the digits are that coordinate's
  /// mixed-radix digits, the outermost unbounded; its digits are not read.
  /// Other merges contribute their digits from the state.
  LinearForm linearForm(ArrayRef<Value> state,
                        ArrayRef<int64_t> strides) const {
    LinearForm form;
    SmallVector<int64_t> coefficients(strides.begin(), strides.end());
    SmallVector<size_t> offsets = cursorLevelOffsets(maps);
    auto addTerm = [&](Value value, int64_t coefficient) {
      if (coefficient != 0)
        form.terms.push_back({value, coefficient});
    };
    for (size_t level = maps.size(); level-- > 0;) {
      TransformMapAttr map = maps[level];
      ArrayRef<int64_t> upperBounds = map.getUpperBounds();
      ArrayRef<int64_t> lowerBounds = map.getLowerBounds();
      SmallVector<int64_t> upper(upperBounds.size(), 0);
      for (TransformAttr t : map.getTransforms()) {
        ArrayRef<int64_t> ups = t.getUpper(), lows = t.getLower();
        ArrayRef<int64_t> params = t.getParams();
        switch (t.getKind()) {
        case TransformKind::PassThrough:
          upper[ups[0]] += coefficients[lows[0]];
          break;
        case TransformKind::Slice:
          upper[ups[0]] += coefficients[lows[0]];
          form.constant += coefficients[lows[0]] * params[0];
          break;
        case TransformKind::Pad:
          upper[ups[0]] += coefficients[lows[0]];
          form.constant -= coefficients[lows[0]] * params[0];
          break;
        case TransformKind::Embed:
          form.constant += coefficients[lows[0]] * params[0];
          for (auto [dim, coeff] : llvm::zip(ups, params.drop_front()))
            upper[dim] += coefficients[lows[0]] * coeff;
          break;
        case TransformKind::Unmerge: {
          int64_t weight = 1;
          for (int64_t dim : llvm::reverse(ups)) {
            upper[dim] += coefficients[lows[0]] * weight;
            weight *= upperBounds[dim];
          }
          break;
        }
        case TransformKind::Merge: {
          bool nests = true;
          for (size_t i = 1; i < lows.size(); ++i)
            nests &= coefficients[lows[i - 1]] ==
                     lowerBounds[lows[i]] * coefficients[lows[i]];
          if (nests) {
            upper[ups[0]] += coefficients[lows.back()];
            break;
          }
          for (int64_t dim : lows)
            addTerm(state[offsets[level + 1] + dim], coefficients[dim]);
          break;
        }
        }
      }
      coefficients = std::move(upper);
    }
    for (auto [value, coefficient] :
         llvm::zip(state.take_front(coefficients.size()), coefficients))
      addTerm(value, coefficient);
    return form;
  }

  /// Whether no pad of the chain puts the cursor on padding.
  Bool outsidePadding(ArrayRef<Value> state) const {
    SmallVector<size_t> offsets = cursorLevelOffsets(maps);
    Bool valid = math.trueB();
    for (auto [level, map] : llvm::enumerate(maps))
      for (TransformAttr t : map.getTransforms())
        if (t.getKind() == TransformKind::Pad) {
          int64_t dim = t.getLower()[0];
          valid = math.andB(valid, math.ult(state[offsets[level + 1] + dim],
                                            map.getLowerBounds()[dim]));
        }
    return valid;
  }

private:
  /// Lowers `upper` through `map`: affine transforms here, merges through
  /// `merge`. Pads are not clamped.
  template <typename MergeFn>
  SmallVector<Value> lowerAffine(TransformMapAttr map, ArrayRef<Value> upper,
                                 MergeFn merge) const {
    ArrayRef<int64_t> upperBounds = map.getUpperBounds();
    SmallVector<Value> lower(map.getLowerBounds().size());
    for (TransformAttr t : map.getTransforms()) {
      ArrayRef<int64_t> ups = t.getUpper(), lows = t.getLower();
      ArrayRef<int64_t> params = t.getParams();
      switch (t.getKind()) {
      case TransformKind::PassThrough:
        lower[lows[0]] = upper[ups[0]];
        break;
      case TransformKind::Slice:
        lower[lows[0]] = addConstant(upper[ups[0]], params[0]);
        break;
      case TransformKind::Pad:
        lower[lows[0]] = addConstant(upper[ups[0]], -params[0]);
        break;
      case TransformKind::Embed: {
        Value sum = math.constant(params[0]);
        for (auto [dim, coeff] : llvm::zip(ups, params.drop_front()))
          if (coeff != 0)
            sum = math.add(sum, math.mul(upper[dim], coeff));
        lower[lows[0]] = sum;
        break;
      }
      case TransformKind::Unmerge: {
        Value linear = math.constant(0);
        for (int64_t dim : ups)
          linear = math.add(math.mul(linear, upperBounds[dim]), upper[dim]);
        lower[lows[0]] = linear;
        break;
      }
      case TransformKind::Merge:
        merge(t, upper, lower);
        break;
      }
    }
    return lower;
  }

  /// The digits of merge `t` after its upper coordinate moved by `d`, from
  /// the digits before (`old`, the map's lower level).
  void advanceMerge(TransformMapAttr map, TransformAttr t, int64_t d,
                    ArrayRef<Value> old, SmallVectorImpl<Value> &lower) const {
    ArrayRef<int64_t> lows = t.getLower();
    if (d == 0) {
      for (int64_t dim : lows)
        lower[dim] = old[dim];
      return;
    }
    // Mixed-radix digits of d, innermost last; the outermost takes the rest.
    SmallVector<int64_t> digits(lows.size());
    int64_t rest = d;
    for (size_t i = lows.size(); i-- > 1;) {
      int64_t length = map.getLowerBounds()[lows[i]];
      digits[i] = rest % length;
      rest /= length;
    }
    digits[0] = rest;
    std::optional<Bool> carry;
    for (size_t i = lows.size(); i-- > 0;) {
      Value t0 = addConstant(old[lows[i]], digits[i]);
      if (carry)
        t0 = math.select(*carry, math.add(t0, math.constant(1)), t0);
      if (i == 0) {
        lower[lows[i]] = t0;
        break;
      }
      int64_t length = map.getLowerBounds()[lows[i]];
      if (!carry && digits[i] == 0) {
        // Nothing moves this digit and nothing carries out of it.
        lower[lows[i]] = t0;
        continue;
      }
      Bool stays = math.ult(t0, length);
      lower[lows[i]] = math.select(stays, t0, addConstant(t0, -length));
      carry = math.notB(stays);
    }
  }

  Value addConstant(Value x, int64_t c) const {
    return c == 0 ? x : math.add(x, math.constant(c));
  }
};

} // namespace mlir::ck

#endif // CK_DIALECT_CK_UTILS_VIEWCURSOR_H
