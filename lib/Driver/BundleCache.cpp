//===- BundleCache.cpp - Compiled bundles on disk, by key -----------------===//

#include "ck/Driver/BundleCache.h"

#include "ck/Support/ToolVersion.h"

#include "mlir/IR/Verifier.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <dlfcn.h>

using namespace mlir::ck;
namespace fs = llvm::sys::fs;

/// Bumped when an entry's layout changes.
static constexpr llvm::StringLiteral kFormat = "v1";
static constexpr llvm::StringLiteral kManifest = "manifest";

static std::string hexHash(llvm::ArrayRef<uint8_t> bytes) {
  llvm::XXH128_hash_t hash = llvm::xxh3_128bits(bytes);
  return llvm::utohexstr(hash.high64, /*LowerCase=*/true, /*Width=*/16) +
         llvm::utohexstr(hash.low64, /*LowerCase=*/true, /*Width=*/16);
}

static std::string hexHash(llvm::StringRef text) {
  return hexHash(llvm::arrayRefFromStringRef(text));
}

/// The file holding the code at `address`, or "".
static std::string fileOf(const void *address) {
  Dl_info info;
  if (!dladdr(address, &info) || !info.dli_fname)
    return "";
  return info.dli_fname;
}

/// The compiler's identity, computed once: a hash of the file that holds
/// this code (the executable, or the shared library ck is linked into),
/// and the path, size and time of the libraries that hold MLIR and LLVM
/// (too large to hash on every run).
static const std::string &compilerIdentity() {
  static const std::string identity = [] {
    std::string text;
    std::string self = fileOf(reinterpret_cast<void *>(&compilerIdentity));
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(self, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    text += file ? hexHash((*file)->getBuffer()) : std::string("unknown");
    using XxhFn = llvm::XXH128_hash_t (*)(llvm::ArrayRef<uint8_t>);
    using VerifyFn = llvm::LogicalResult (*)(mlir::Operation *, bool);
    for (std::string library :
         {fileOf(reinterpret_cast<void *>(static_cast<XxhFn>(
              &llvm::xxh3_128bits))),
          fileOf(reinterpret_cast<void *>(static_cast<VerifyFn>(
              &mlir::verify)))}) {
      llvm::sys::fs::file_status status;
      text += "\n" + library;
      if (!library.empty() && !llvm::sys::fs::status(library, status))
        text += " " + std::to_string(status.getSize()) + " " +
                std::to_string(llvm::sys::toTimeT(
                    status.getLastModificationTime()));
    }
    return text;
  }();
  return identity;
}

std::string BundleCache::defaultRoot() {
  if (std::optional<std::string> dir =
          llvm::sys::Process::GetEnv("CK_MLIR_CACHE_DIR"))
    return *dir;
  llvm::SmallString<256> path;
  if (!llvm::sys::path::cache_directory(path))
    return "";
  llvm::sys::path::append(path, "ck-mlir");
  return path.str().str();
}

std::string BundleCache::key(llvm::ArrayRef<std::string> parts) {
  std::string text = ("ck-mlir bundle cache " + kFormat + "\n").str();
  text += cksupport::compilerVersion() + "\n" + compilerIdentity() + "\n";
  for (const std::string &part : parts)
    text += part + "\n";
  return hexHash(text);
}

std::string BundleCache::entryPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(root);
  llvm::sys::path::append(path, kFormat, key);
  return path.str().str();
}

/// The manifest's lines: "FILE SIZE HASH" for each file.
static std::string manifestLine(llvm::StringRef name,
                                llvm::StringRef contents) {
  return (name + " " + llvm::Twine(contents.size()) + " " + hexHash(contents) +
          "\n")
      .str();
}

static bool writeFile(llvm::StringRef path, llvm::StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return false;
  os << contents;
  os.close();
  return !os.has_error();
}

/// Removes a corrupt entry, moved aside first so that no reader sees it
/// half removed.
static void discard(llvm::StringRef entry) {
  llvm::SmallString<256> doomed;
  if (fs::createUniqueDirectory(entry + ".corrupt", doomed))
    return;
  (void)fs::rename(entry, doomed + "/entry");
  fs::remove_directories(doomed);
}

BundleCache::Lookup BundleCache::fetch(llvm::StringRef key,
                                       llvm::StringRef dir,
                                       std::vector<std::string> *names) const {
  std::string entry = entryPath(key);
  llvm::SmallString<256> manifestPath(entry);
  llvm::sys::path::append(manifestPath, kManifest);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> manifest =
      llvm::MemoryBuffer::getFile(manifestPath);
  if (!manifest) {
    if (!fs::exists(entry))
      return Lookup::Miss;
    discard(entry);
    return Lookup::Corrupt;
  }

  // Every file is read and checked before any is written.
  std::vector<std::pair<std::string, std::unique_ptr<llvm::MemoryBuffer>>>
      files;
  bool whole = true;
  llvm::SmallVector<llvm::StringRef> lines;
  (*manifest)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 3> fields;
    line.split(fields, ' ');
    llvm::SmallString<256> path(entry);
    if (fields.size() != 3 ||
        llvm::sys::path::filename(fields[0]) != fields[0]) {
      whole = false;
      break;
    }
    llvm::sys::path::append(path, fields[0]);
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    if (!file ||
        manifestLine(fields[0], (*file)->getBuffer()) != line.str() + "\n") {
      whole = false;
      break;
    }
    files.emplace_back(fields[0].str(), std::move(*file));
  }
  if (!whole || files.empty()) {
    discard(entry);
    return Lookup::Corrupt;
  }
  if (fs::create_directories(dir))
    return Lookup::Miss;
  for (const auto &[name, buffer] : files) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    if (!writeFile(path, buffer->getBuffer()))
      return Lookup::Miss;
    if (names)
      names->push_back(name);
  }
  return Lookup::Hit;
}

std::string BundleCache::store(llvm::StringRef key, llvm::StringRef dir,
                               llvm::ArrayRef<std::string> files) const {
  std::string entry = entryPath(key);
  if (fs::exists(entry))
    return "";
  llvm::SmallString<256> parent(entry);
  llvm::sys::path::remove_filename(parent);
  if (std::error_code ec = fs::create_directories(parent))
    return "cannot create " + parent.str().str() + ": " + ec.message();
  llvm::SmallString<256> staging(parent);
  llvm::sys::path::append(staging, "tmp");
  if (std::error_code ec = fs::createUniqueDirectory(staging, staging))
    return "cannot create a directory in " + parent.str().str() + ": " +
           ec.message();

  std::string manifest, error;
  for (const std::string &name : files) {
    llvm::SmallString<256> source(dir), copy(staging);
    llvm::sys::path::append(source, name);
    llvm::sys::path::append(copy, name);
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(source, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    if (!file || !writeFile(copy, (*file)->getBuffer())) {
      error = "cannot copy " + source.str().str() + " into the cache";
      break;
    }
    manifest += manifestLine(name, (*file)->getBuffer());
  }
  llvm::SmallString<256> manifestPath(staging);
  llvm::sys::path::append(manifestPath, kManifest);
  if (error.empty() && !writeFile(manifestPath, manifest))
    error = "cannot write " + manifestPath.str().str();
  // Renaming a directory onto an existing entry fails: a concurrent
  // writer's entry stays and ours goes.
  if (!error.empty() || fs::rename(staging, entry))
    fs::remove_directories(staging);
  return error;
}
