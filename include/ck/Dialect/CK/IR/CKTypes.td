//===- CKTypes.td - ck dialect types -----------------------*- tablegen -*-===//

#ifndef CK_DIALECT_CK_IR_CKTYPES_TD
#define CK_DIALECT_CK_IR_CKTYPES_TD

include "ck/Dialect/CK/IR/CKDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def CK_ViewType : TypeDef<CK_Dialect, "View", [ShapedTypeInterface]> {
  let mnemonic = "view";
  let summary = "A tensor seen through a chain of coordinate transforms";
  let description = [{
    A view has a static shape and an element type, like a memref, but its
    elements are reached through the `ck.transform` ops that built it: a view
    element may also be *padding*, which reads as zero and is never written.

    Example:

    ```mlir
    !ck.view<1x36x3136xf16>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "static shape">:$shape,
    "::mlir::Type":$elementType
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool hasRank() const { return true; }
    ::mlir::ShapedType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                                 ::mlir::Type elementType) const;
  }];
}

def CK_AccType : TypeDef<CK_Dialect, "Acc"> {
  let mnemonic = "acc";
  let summary = "A workgroup's accumulator tile, held in registers by its waves";
  let description = [{
    The `rows x cols` tile of C that a workgroup accumulates, split over a
    `waves[0] x waves[1]` grid of waves (row-major by wave index). Each wave
    holds its `rows / waves[0] x cols / waves[1]` part as instruction tiles
    of `mma`, each lane its elements in the instruction's C layout
    (`MatrixInstrAttrInterface::getLayout`). `ck-lower-wave-tiles` turns it
    into the lane's T values of `vector<E x f32>`: one per instruction tile
    of its wave (row-major), E accumulator elements each.

    A wave's rows lie together, its instruction tiles one after the other,
    but for `#ck.wgmma`: four consecutive waves along rows (a warpgroup)
    share each 64-row instruction, 16 rows each. A warpgroup's waves then
    hold 64 x R rows from `(w / 4) * 4 * (rows / waves[0])` (wave `w` along
    rows, R tiles per wave): wave `w` rows `(w mod 4) * 16` on of each 64,
    its tiles 64 rows apart.

    The element type is the accumulation type, f32.

    Example (a 64x128 tile on 2x2 waves of mma.sync 16x8x16):

    ```mlir
    !ck.acc<64x128xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "rows and columns">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::ck::MatrixInstrAttrInterface":$mma,
    ArrayRefParameter<"int64_t", "waves along rows and columns">:$waves
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The rows and columns of one wave's part.
    int64_t getWaveRows() const { return getShape()[0] / getWaves()[0]; }
    int64_t getWaveCols() const { return getShape()[1] / getWaves()[1]; }
    /// A wave's instruction tiles along rows and along columns.
    int64_t getMmaTilesAlongRows() const;
    int64_t getMmaTilesAlongCols() const;
    /// The waves along rows that share each instruction's rows: four for
    /// #ck.wgmma (a warpgroup), else one.
    int64_t getWavesPerRowGroup() const;
    /// The rows from one of a wave's instruction tiles to its next along
    /// rows: the instruction's M times getWavesPerRowGroup().
    int64_t getRowTileStride() const;
    /// Whether a wave's instruction tiles along rows lie apart: #ck.wgmma
    /// waves of several row groups.
    bool waveTilesLieApart() const {
      return getWavesPerRowGroup() > 1 && getMmaTilesAlongRows() > 1;
    }
    /// The waves that hold the tile.
    int64_t getWaveCount() const { return getWaves()[0] * getWaves()[1]; }
  }];
}

def CK_CoordType : TypeDef<CK_Dialect, "Coord"> {
  let mnemonic = "coord";
  let summary = "A thread's incremental position in a view";
  let description = [{
    The state a thread keeps to move through a view without division: the
    view's own coordinates and every digit of every `merge` in its chain
    (ck/Dialect/CK/Utils/ViewCursor.h), `size` integers of `elementType`,
    i32 or index. `ck.coord_init` makes one, `ck.coord_advance` moves it by a
    constant, `ck.coord_access` reads the memref indices it points at;
    `ck-lower-coords` turns it into its `size` integers (a 1:N conversion
    that `scf` loops carry).

    The size is the view's rank plus the lower rank of each merge; the
    element type is the width the arithmetic runs in, i32 only where every
    coordinate of the chain fits (ck-lower-coords checks both).

    Example (a view of rank 3 whose chain merges two dimensions):

    ```mlir
    !ck.coord<5xi32>
    ```
  }];
  let parameters = (ins "int64_t":$size, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CK_RingType : TypeDef<CK_Dialect, "Ring"> {
  let mnemonic = "ring";
  let summary = "An LDS ring between a workgroup's load and math waves";
  let description = [{
    The synchronization of `slots` LDS buffers that load waves fill and
    math waves empty, one K-tile per slot: step `i` uses slot `i mod
    slots`. `ck.ring` makes one; `ck.ring_wait` and `ck.ring_signal` are its
    events; the targets' passes lower them to barriers. `slots` is 1 to 8,
    one per LDS buffer of a GEMM configuration.

    Example:

    ```mlir
    !ck.ring<2>
    ```
  }];
  let parameters = (ins "int64_t":$slots);
  let assemblyFormat = "`<` $slots `>`";
  let genVerifyDecl = 1;
}

// A tensor map as a kernel takes it: a pointer to the 128-byte descriptor,
// a grid-constant parameter passed by value.
def CK_TensorMapPointer
    : Type<CPred<"::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self)">,
           "LLVM pointer to a tensor map">;

#endif // CK_DIALECT_CK_IR_CKTYPES_TD
