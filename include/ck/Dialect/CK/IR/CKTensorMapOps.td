//===- CKTensorMapOps.td - ck tensor maps (TMA) ------------*- tablegen -*-===//
//
// The bulk-copy half of the wave-role rung on NVIDIA sm_90a: a TMA
// descriptor of an operand tensor that the runtime encodes at launch
// (ck.tensor_map, a plan `tensormap` line) and the load that copies a box
// of it into a ring slot, completing the slot's transaction barrier
// (ck.tma_load); and the epilogue's way out, TMA stores of the C tile from
// its staging tile (ck.tma_store_fence, ck.tma_store, ck.tma_store_wait).
// `convert-ck-to-gpu` makes the maps where an operand's view is a tiled or
// im2col box walk, and C's a tiled one (TensorMapPlan.h); `ck-pipeline`
// issues the loads, `ck-lower-wave-tiles` the stores; `convert-ck-to-nvvm`
// lowers them to cp.async.bulk.tensor and its groups and fences.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CKTENSORMAPOPS_TD
#define CK_DIALECT_CK_IR_CKTENSORMAPOPS_TD

include "ck/Dialect/CK/IR/CKOps.td"
include "ck/Dialect/CK/IR/CKTypes.td"

def CK_TensorMapOp : CK_Op<"tensor_map", [Pure]> {
  let summary = "A TMA descriptor of a tensor, encoded at launch";
  let description = [{
    Host side: the tensor map (`CUtensorMap`) of `source` that the runtime
    encodes from the tensor's address at each launch and passes by value to
    the kernel arguments the result feeds (the plan's `tensormap` line and
    `mN` arguments, docs/Runtime.md). The lists run innermost dimension
    first, as the driver takes them: `dims` (1 to 5; 3 to 5 with `im2col`),
    `strides` (bytes of dims 1 .. rank - 1), `box` (tiled: one entry per
    dimension; im2col: channels per pixel and pixels per column), `lower`
    and `upper` (im2col only: the pixel box's corners, rank - 2 each),
    `elements` (traversal strides) and `swizzle` (shared-memory bytes).
    Elements outside the tensor read as zeros.

    Verifier: the source is a memref of static shape; the list lengths
    agree with the rank and mode; dims at least 1; strides positive
    multiples of 16; box entries 1 to 256 (pixels per column up to 1024);
    corners within the rank's range (rank 3: [-32768, 32767], 4: [-128,
    127], 5: [-16, 15]); elements 1 to 8; swizzle 0, 32, 64 or 128; the
    innermost box a multiple of 16 bytes and at most the swizzle; the
    region inside the memref.

    Example (backward-weight's dy, K = 256 filters, 40000 output pixels, a
    64 x 64 box into 128-byte swizzled rows):

    ```mlir
    %map = ck.tensor_map %dy dims [256, 1, 40000] strides [512, 512]
        box [64, 1, 64] elements [1, 1, 1] swizzle 128
        : memref<16x50x50x1x256xf16> -> !llvm.ptr
    ```
  }];
  let arguments = (ins AnyStaticShapeMemRef:$source, UnitAttr:$im2col,
      DenseI64ArrayAttr:$dims, DenseI64ArrayAttr:$strides,
      DenseI64ArrayAttr:$box, OptionalAttr<DenseI64ArrayAttr>:$lower,
      OptionalAttr<DenseI64ArrayAttr>:$upper, DenseI64ArrayAttr:$elements,
      I64Attr:$swizzle);
  let results = (outs CK_TensorMapPointer:$map);
  let assemblyFormat = [{
    $source (`im2col` $im2col^)? `dims` $dims `strides` $strides `box` $box
    (`lower` $lower^)? (`upper` $upper^)? `elements` $elements
    `swizzle` $swizzle attr-dict `:` type($source) `->` type($map)
  }];
  let hasVerifier = 1;
}

def CK_TmaLoadOp : CK_Op<"tma_load", [AttrSizedOperandSegments]> {
  let summary = "A box of a tensor map copied into a ring slot (TMA)";
  let description = [{
    Issued by one thread: copies the box of `map` at `coords` (innermost
    first, as the map's dims; with `im2col`, the first pixel's position and
    the filter `offsets`, rank - 2 of them) into LDS `lds` at slot `slot`,
    element `offset` of the slot, and counts its bytes on the transaction
    barrier of step `step`'s slot of `ring` (announced by
    `ck.ring_expect`). The slot's 128-byte swizzled rows are those of
    `#ck.copy_plan`'s `swizzle` where the box's inner extent is one
    swizzle block and the destination 1024-byte aligned.

    With `multicast` the box lands in the same place of every workgroup of
    the ring's cluster (`ck.ring ... cluster N`) and counts its bytes on
    each one's barrier of the slot.

    Verifier: 1 to 5 coordinates; offsets only with 3 or more coordinates,
    two fewer than them; `lds` is a workgroup memref; the ring has
    barriers, and a cluster where the box is multicast.

    Example:

    ```mlir
    ck.tma_load %map [%c, %w, %h, %n] im2col [%s, %r] -> %ldsB [%slot]
        offset 8192 ring %ring step %i
        : !llvm.ptr, memref<4x64x256xf16, #gpu.address_space<workgroup>>, !ck.ring<4>
    ck.tma_load %map [%c, %k] -> %ldsB [%slot] offset 0 ring %ring step %i
        multicast
        : !llvm.ptr, memref<4x64x256xf16, #gpu.address_space<workgroup>>, !ck.ring<4>
    ```
  }];
  let arguments = (ins CK_TensorMapPointer:$map, Variadic<Index>:$coords,
      Variadic<Index>:$offsets, AnyMemRef:$lds, Index:$slot, I64Attr:$offset,
      CK_RingType:$ring, Index:$step, UnitAttr:$multicast);
  let assemblyFormat = [{
    $map `[` $coords `]` (`im2col` `[` $offsets^ `]`)? `->` $lds `[` $slot `]`
    `offset` $offset `ring` $ring `step` $step (`multicast` $multicast^)?
    attr-dict `:` type($map) `,` type($lds) `,` qualified(type($ring))
  }];
  let hasVerifier = 1;
}

def CK_TmaStoreFenceOp : CK_Op<"tma_store_fence"> {
  let summary = "Orders this thread's LDS writes before later TMA stores";
  let description = [{
    Makes the LDS writes this thread issued so far visible to the bulk
    copies (TMA, the async proxy) that read the same LDS later: each thread
    that writes a staging tile runs it before the barrier after which one
    thread issues `ck.tma_store`s of the tile.

    Example:

    ```mlir
    ck.tma_store_fence
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def CK_TmaStoreOp : CK_Op<"tma_store"> {
  let summary = "A box of an LDS tile stored through a tensor map (TMA)";
  let description = [{
    Issued by one thread: copies the box of `map` at `coords` (innermost
    first, as the map's dims) from LDS `lds`, starting at element `offset`,
    to the tensor, asynchronously, as one bulk group of its own. The box's
    rows are 128-byte swizzled where the map's swizzle is 128: `offset`
    then starts a 1024-byte aligned block. Elements of the box outside the
    tensor are not written. The LDS must stay unchanged until
    `ck.tma_store_wait` returns in the issuing thread.

    Verifier: 1 to 5 coordinates; `lds` is a workgroup memref of static
    shape, and `offset` one of its elements.

    Example (a 128-row, 64-column box of a bf16 C tile):

    ```mlir
    ck.tma_store %map [%n, %m] from %staging offset 8192
        : !llvm.ptr, memref<128x256xbf16, #gpu.address_space<workgroup>>
    ```
  }];
  // No declared effects: it writes the tensor behind the map.
  let arguments = (ins CK_TensorMapPointer:$map, Variadic<Index>:$coords,
      AnyMemRef:$lds, I64Attr:$offset);
  let assemblyFormat = [{
    $map `[` $coords `]` `from` $lds `offset` $offset attr-dict `:` type($map)
    `,` type($lds)
  }];
  let hasVerifier = 1;
}

def CK_TmaStoreWaitOp : CK_Op<"tma_store_wait"> {
  let summary = "Waits until this thread's TMA stores have read their LDS";
  let description = [{
    Returns once every `ck.tma_store` this thread issued has read its LDS
    box (the global writes may still be in flight), so that the LDS may be
    written again, or the workgroup end. A thread that issued none returns
    at once.

    Example:

    ```mlir
    ck.tma_store_wait
    ```
  }];
  let assemblyFormat = "attr-dict";
}

#endif // CK_DIALECT_CK_IR_CKTENSORMAPOPS_TD
