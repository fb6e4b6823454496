//===- CKCoordOps.td - ck incremental view coordinates -----*- tablegen -*-===//
//
// The coordinate rung of the ladder (docs/rationale/TilingLadder.md, section
// 7): a thread's position in a view as a value that loops carry and advance
// without division. `ck-lower-coords` removes these ops.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CKCOORDOPS_TD
#define CK_DIALECT_CK_IR_CKCOORDOPS_TD

include "ck/Dialect/CK/IR/CKOps.td"

def CK_CoordInitOp : CK_Op<"coord_init", [Pure]> {
  let summary = "A thread's position in a view, evaluated in full";
  let description = [{
    The coordinate state of `view` at `coords` (one per view dimension,
    index or the state's integer type): the whole chain is evaluated, with
    a division and a remainder per merge digit. Make it once, before the
    loop that advances it.

    Example:

    ```mlir
    %c = ck.coord_init %a[%g, %m, %k]
        : !ck.view<1x36x40000xf16>, index, index, index -> !ck.coord<6xi32>
    ```
  }];
  let arguments = (ins CK_Tensor:$view,
                       Variadic<AnyTypeOf<[Index, I32]>>:$coords);
  let results = (outs CK_CoordType:$result);
  let assemblyFormat = [{
    $view `[` $coords `]` attr-dict `:` type($view) `,` type($coords) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def CK_CoordAdvanceOp : CK_Op<"coord_advance",
    [Pure, AllTypesMatch<["coord", "result"]>]> {
  let summary = "A position moved by a constant, without division";
  let description = [{
    `coord` moved by `delta` (one constant per view dimension): each merge
    digit takes its share of the delta, split at compile time, and one carry
    per digit; affine transforms and pads move by their lower deltas. Where
    a merge below a merge would move by a run-time amount, the position is
    evaluated in full instead.

    Example (the next K-tile of A):

    ```mlir
    %c2 = ck.coord_advance %a, %c by [0, 0, 32] : !ck.view<1x36x40000xf16>, !ck.coord<6xi32>
    ```
  }];
  let arguments = (ins CK_Tensor:$view, CK_CoordType:$coord,
                       DenseI64ArrayAttr:$delta);
  let results = (outs CK_CoordType:$result);
  let assemblyFormat = [{
    $view `,` $coord `by` $delta attr-dict `:` type($view) `,`
    qualified(type($coord))
  }];
  let hasVerifier = 1;
}

def CK_CoordAccessOp : CK_Op<"coord_access", [Pure]> {
  let summary = "The memref element a position points at";
  let description = [{
    The indices into the view's memref at `coord`, and whether they name an
    element: the position is inside the view along the dimensions `bounds`
    lists (all where absent; the caller guarantees the others, as a GEMM's
    partition does for the batch), no pad of the chain puts it on padding,
    and `if` holds where given. Indices are 0 where it is not valid, so that
    a load from them stays in bounds.

    With `linear` there is one index: the element's place in the memref,
    counted from its first element, for an access through the memref
    collapsed to one dimension. The memref must be contiguous (the
    identity layout). The place is computed in the state's integer
    type where the memref has fewer than 2^31 elements (one product per
    memref dimension and one select, instead of a select per index and
    64-bit products), else in index.

    Examples (the batch of a GEMM operand is in range by construction):

    ```mlir
    %i:5, %ok = ck.coord_access %a, %c bounds [1, 2] if %exists
        : !ck.view<1x36x40000xf16>, !ck.coord<6xi32> -> index, index, index, index, index
    %l, %ok2 = ck.coord_access %a, %c bounds [1, 2] linear
        : !ck.view<1x36x40000xf16>, !ck.coord<6xi32> -> index
    ```
  }];
  let arguments = (ins CK_Tensor:$view, CK_CoordType:$coord,
                       OptionalAttr<DenseI64ArrayAttr>:$bounds,
                       Optional<I1>:$condition, UnitAttr:$linear);
  let results = (outs Variadic<Index>:$indices, I1:$valid);
  let assemblyFormat = [{
    $view `,` $coord (`bounds` $bounds^)? (`if` $condition^)? (`linear` $linear^)?
    attr-dict `:` type($view) `,` qualified(type($coord)) `->` type($indices)
  }];
  let hasVerifier = 1;
}

#endif // CK_DIALECT_CK_IR_CKCOORDOPS_TD
