//===- BundleCache.h - Compiled bundles on disk, by key ---------*- C++ -*-===//
//
// An on-disk cache of compiled bundles, shared by every process of a user:
//
//   <root>/v1/<key>/        one entry: the bundle's files and a manifest
//   <root>/v1/tmp-XXXXXX/   an entry being written
//
// A key hashes everything that decides a bundle's bytes: the cache format,
// the compiler (its version, the bytes of the binary ck's code runs from,
// so a rebuilt compiler never reads another build's entries, and the
// libMLIR and libLLVM it loads, by path, size and time), the chip, the
// toolkit, the options that change kernels, and the problem. Entries are
// written in a fresh directory and renamed into place, so readers see a
// whole entry or none, and of two processes storing one key the first
// rename wins. The manifest holds each file's size and hash: an entry
// whose files do not match it is removed and counts as a miss.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DRIVER_BUNDLECACHE_H
#define CK_DRIVER_BUNDLECACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir::ck {

class BundleCache {
public:
  /// $CK_MLIR_CACHE_DIR, else ck-mlir in the user's cache directory
  /// ($XDG_CACHE_HOME or ~/.cache); "" where there is none.
  static std::string defaultRoot();

  explicit BundleCache(std::string root) : root(std::move(root)) {}

  /// The key of the bundle that `parts` (the options and the problem, one
  /// string each) make with this compiler.
  static std::string key(llvm::ArrayRef<std::string> parts);

  /// What a lookup found.
  enum class Lookup { Hit, Miss, Corrupt };

  /// Copies the entry `key` into `dir` (created if needed) and names its
  /// files in `files`. A corrupt entry is removed.
  Lookup fetch(llvm::StringRef key, llvm::StringRef dir,
               std::vector<std::string> *files = nullptr) const;

  /// Stores `files` of `dir` (the bundle's, not whatever else the
  /// directory holds) as the entry `key`. An entry that is already there
  /// stays. "" or why the entry could not be written.
  std::string store(llvm::StringRef key, llvm::StringRef dir,
                    llvm::ArrayRef<std::string> files) const;

private:
  std::string entryPath(llvm::StringRef key) const;
  std::string root;
};

} // namespace mlir::ck

#endif // CK_DRIVER_BUNDLECACHE_H
