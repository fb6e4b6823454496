//===- LoopCost.h - Cycle estimates of AMD loops by LLVM's MCA --*- C++ -*-===//
//
// Runs LLVM's machine-code analyzer (the library behind llvm-mca) over the
// instructions of one loop body, as llvm-mca -mcpu=<chip> does over a code
// region, and reads back what the report of a main loop needs.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DRIVER_LOOPCOST_H
#define CK_DRIVER_LOOPCOST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::ck {

struct LoopCost {
  /// Simulated cycles of the whole run divided by the iterations simulated.
  double cyclesPerIteration = 0;
  /// The cycles the matrix instructions hold their unit per iteration (the
  /// longest resource use of each, from the scheduling model) over
  /// `cyclesPerIteration`: the matrix unit's busy share while one wave runs
  /// the loop alone.
  double matrixBusy = 0;
};

/// Estimates one iteration of a loop body on the AMD chip `chip` (gfx942,
/// gfx950, gfx1100, ...): `instructions` are its assembly lines, one
/// instruction each, in order, and `isMatrix[i]` says whether instruction i
/// runs on the matrix unit. `waveSize` picks the wave32 or wave64 encoding
/// the kernel was built for. Fails with a message when the chip has no
/// scheduling model or a line does not assemble.
llvm::Expected<LoopCost>
estimateAmdgpuLoopCost(llvm::StringRef chip, unsigned waveSize,
                       llvm::ArrayRef<llvm::StringRef> instructions,
                       llvm::ArrayRef<bool> isMatrix);

} // namespace mlir::ck

#endif // CK_DRIVER_LOOPCOST_H
