//===- ToolVersion.h - What --version prints -------------------*- C++ -*-===//
//
// The version line of the tools built on LLVM (ck-opt, ck-compile) and of
// the plans ck-compile writes: ck-mlir's version and the LLVM it uses.
//
//===----------------------------------------------------------------------===//

#ifndef CK_SUPPORT_TOOLVERSION_H
#define CK_SUPPORT_TOOLVERSION_H

#include "ck/Support/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace cksupport {

/// "ck-mlir X.Y.Z (LLVM A.B.C)".
inline std::string compilerVersion() {
  return std::string("ck-mlir ") + kVersion + " (LLVM " LLVM_VERSION_STRING ")";
}

/// Makes --version print "`tool` from ck-mlir X.Y.Z (LLVM A.B.C)" instead
/// of LLVM's own text. Call before the command line is parsed.
inline void setToolVersionPrinter(const char *tool) {
  static const char *name = tool;
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << name << " from " << compilerVersion() << "\n";
  });
}

} // namespace cksupport

#endif // CK_SUPPORT_TOOLVERSION_H
