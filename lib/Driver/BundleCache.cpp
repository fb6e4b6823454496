//===- BundleCache.cpp - Compiled bundles on disk, by key -----------------===//

#include "ck/Driver/BundleCache.h"

#include "ck/Support/ToolVersion.h"

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

/// A hash of the file that holds this code (the executable, or the shared
/// library ck is linked into), computed once.
static const std::string &compilerBinaryHash() {
  static const std::string hash = [] {
    Dl_info info;
    if (!dladdr(reinterpret_cast<void *>(&compilerBinaryHash), &info) ||
        !info.dli_fname)
      return std::string("unknown");
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(info.dli_fname, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    return file ? hexHash((*file)->getBuffer()) : std::string("unknown");
  }();
  return hash;
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
  text += cksupport::compilerVersion() + "\n" + compilerBinaryHash() + "\n";
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
                                       llvm::StringRef dir) const {
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
  }
  return Lookup::Hit;
}

std::string BundleCache::store(llvm::StringRef key, llvm::StringRef dir) const {
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
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    if (it->type() != fs::file_type::regular_file)
      continue;
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(it->path(), /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    llvm::SmallString<256> copy(staging);
    llvm::sys::path::append(copy, name);
    if (!file || !writeFile(copy, (*file)->getBuffer())) {
      error = "cannot copy " + it->path() + " into the cache";
      break;
    }
    manifest += manifestLine(name, (*file)->getBuffer());
  }
  llvm::SmallString<256> manifestPath(staging);
  llvm::sys::path::append(manifestPath, kManifest);
  if (ec)
    error = "cannot list " + dir.str() + ": " + ec.message();
  else if (error.empty() && !writeFile(manifestPath, manifest))
    error = "cannot write " + manifestPath.str().str();
  // Renaming a directory onto an existing entry fails: a concurrent
  // writer's entry stays and ours goes.
  if (!error.empty() || fs::rename(staging, entry))
    fs::remove_directories(staging);
  return error;
}
