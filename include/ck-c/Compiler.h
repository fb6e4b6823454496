//===- Compiler.h - ck-mlir's compiler C API ----------------------*- C -*-===//
//
// The compiler from C (and from any language with a C FFI), in the style of
// upstream's MLIR-C: a dialect handle for the ck dialect, the registration
// of ck's passes and pipelines, and one call that compiles a convolution
// problem into a bundle, as ck-compile does. It works with the MLIR-C API
// of the libMLIR it was built against (Debian's LLVM 22).
//
//===----------------------------------------------------------------------===//

#ifndef CK_C_COMPILER_H
#define CK_C_COMPILER_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// mlirGetDialectHandle__ck__(): the ck dialect, for
/// mlirDialectHandleRegisterDialect / mlirDialectHandleInsertDialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(CK, ck);

/// Registers ck's passes and the ck-to-rocdl / ck-to-nvvm pipelines in the
/// global pass registry (so that pass pipeline strings name them).
MLIR_CAPI_EXPORTED void ckRegisterPasses(void);

/// Compiles one convolution problem for `chip` (gfx942, sm_90a, ...; see
/// ck-compile --help) into a bundle in `outputDir`: plan.ckplan and its
/// binary, and the reference kernels' reference.ckplan. `problemFlags` are
/// ck-compile's problem flags in one string, separated by spaces, e.g.
/// "--direction=fwd -G 1 -N 16 -C 256 -K 256 --in=50,50 --filter=3,3
/// --pad=1,1 --type=f16". On failure each message (a bad flag, an
/// unsupported problem, a chip ck does not know, a directory it cannot
/// write) goes to `onError` with `userData`, and the result is failure.
/// Bundles come from and go into ck-compile's cache ($CK_MLIR_CACHE_DIR,
/// else ck-mlir in the user's cache directory; an empty
/// $CK_MLIR_CACHE_DIR turns it off), and with the measured choices of the
/// tuning database $CK_MLIR_TUNING_DB names, if any.
MLIR_CAPI_EXPORTED MlirLogicalResult ckCompileProblem(
    MlirStringRef chip, MlirStringRef problemFlags, MlirStringRef outputDir,
    MlirStringCallback onError, void *userData);

/// Parses problems as ck-compile and ck-bench take them (`args`: named
/// flags, `--csv FILE --direction D --type T`, or `--ckprofiler OP
/// ARGS...`, one argument per line, so that paths may hold spaces), with
/// the one parser both tools use.
/// Each problem goes to `onProblem` as one JSON object: "direction",
/// "dtype", "G", "N", "C", "K", "in", "filter", "stride", "dilation",
/// "pad_left", "pad_right", "layouts" (as given or defaulted), "out" (the
/// output sizes), "flops", "key", "summary", "flags" (the named flags that
/// give it back) and "mlir" (its ck dialect IR). On failure the message goes to
/// `onError` and the result is failure; no problem is reported then.
MLIR_CAPI_EXPORTED MlirLogicalResult
ckParseProblems(MlirStringRef args, MlirStringCallback onProblem,
                MlirStringCallback onError, void *userData);

#ifdef __cplusplus
}
#endif

#endif // CK_C_COMPILER_H
