//===- BundleCacheTest.cpp - The on-disk bundle cache ---------------------===//
//
// BundleCache on bundles of plain files: a store then a fetch gives the
// same bytes, other keys miss, an entry whose files do not match its
// manifest is corrupt and removed, and threads storing one key at once
// leave one whole entry. (test/Tools/ck-compile-cache.test does the same
// with ck-compile processes.)
//
//===----------------------------------------------------------------------===//

#include "ck/Driver/BundleCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

using namespace mlir::ck;
namespace fs = llvm::sys::fs;

namespace {

const std::vector<std::string> kFiles = {"plan.ckplan", "kernels.hsaco"};

class BundleCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("ck-cache-test", root));
  }
  void TearDown() override { fs::remove_directories(root); }

  std::string path(llvm::StringRef a, llvm::StringRef b = "",
                   llvm::StringRef c = "") const {
    llvm::SmallString<256> p(root);
    for (llvm::StringRef part : {a, b, c})
      if (!part.empty())
        llvm::sys::path::append(p, part);
    return p.str().str();
  }

  void write(const std::string &file, llvm::StringRef contents) {
    fs::create_directories(llvm::sys::path::parent_path(file));
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec) << file << ": " << ec.message();
    os << contents;
  }

  std::string read(const std::string &file) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    return buffer ? (*buffer)->getBuffer().str() : "<missing>";
  }

  /// A bundle of two files in `dir`.
  std::string makeBundle(llvm::StringRef dir) {
    write(path(dir, "plan.ckplan"), "ck-plan 1\ntarget gfx942\n");
    write(path(dir, "kernels.hsaco"), std::string("\x7f"
                                                  "ELF\0\1\2",
                                                  7));
    return path(dir);
  }

  std::vector<std::string> entries() {
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(path("cache", "v1"), ec), end;
         it != end && !ec; it.increment(ec))
      names.push_back(llvm::sys::path::filename(it->path()).str());
    return names;
  }

  llvm::SmallString<256> root;
};

TEST_F(BundleCacheTest, KeysDependOnEveryPart) {
  std::string a = BundleCache::key({"gfx942", "problem"});
  EXPECT_EQ(a, BundleCache::key({"gfx942", "problem"}));
  EXPECT_NE(a, BundleCache::key({"gfx950", "problem"}));
  EXPECT_NE(a, BundleCache::key({"gfx942", "problem2"}));
  EXPECT_NE(a, BundleCache::key({"gfx942problem"}));
  EXPECT_EQ(a.size(), 32u);
}

TEST_F(BundleCacheTest, StoreThenFetchGivesTheSameFiles) {
  BundleCache cache(path("cache"));
  std::string key = BundleCache::key({"k"});
  EXPECT_EQ(cache.fetch(key, path("out0")), BundleCache::Lookup::Miss);
  std::string bundle = makeBundle("bundle");
  EXPECT_EQ(cache.store(key, bundle, kFiles), "");
  EXPECT_EQ(cache.fetch(key, path("out")), BundleCache::Lookup::Hit);
  for (const char *file : {"plan.ckplan", "kernels.hsaco"})
    EXPECT_EQ(read(path("out", file)), read(path("bundle", file))) << file;
  EXPECT_EQ(cache.fetch(BundleCache::key({"other"}), path("out2")),
            BundleCache::Lookup::Miss);
  EXPECT_EQ(entries().size(), 1u);
}

TEST_F(BundleCacheTest, OnlyTheBundlesFilesAreStored) {
  // Another bundle's leftovers in the directory stay out of the entry.
  BundleCache cache(path("cache"));
  std::string key = BundleCache::key({"k"});
  std::string bundle = makeBundle("bundle");
  write(path("bundle", "reference.ckplan"), "someone else's");
  ASSERT_EQ(cache.store(key, bundle, kFiles), "");
  std::vector<std::string> fetched;
  EXPECT_EQ(cache.fetch(key, path("out"), &fetched), BundleCache::Lookup::Hit);
  std::sort(fetched.begin(), fetched.end());
  EXPECT_EQ(fetched, (std::vector<std::string>{"kernels.hsaco", "plan.ckplan"}));
  EXPECT_FALSE(fs::exists(path("out", "reference.ckplan")));
}

TEST_F(BundleCacheTest, AChangedFileMakesTheEntryCorrupt) {
  BundleCache cache(path("cache"));
  std::string key = BundleCache::key({"k"});
  ASSERT_EQ(cache.store(key, makeBundle("bundle"), kFiles), "");
  write(path("cache", "v1", key) + "/kernels.hsaco", "truncated");
  EXPECT_EQ(cache.fetch(key, path("out")), BundleCache::Lookup::Corrupt);
  EXPECT_FALSE(fs::exists(path("out", "plan.ckplan")));
  // Removed: the next lookup misses and a store writes it again.
  EXPECT_EQ(cache.fetch(key, path("out")), BundleCache::Lookup::Miss);
  EXPECT_TRUE(entries().empty());
  ASSERT_EQ(cache.store(key, path("bundle"), kFiles), "");
  EXPECT_EQ(cache.fetch(key, path("out")), BundleCache::Lookup::Hit);
}

TEST_F(BundleCacheTest, AMissingFileOrManifestMakesTheEntryCorrupt) {
  BundleCache cache(path("cache"));
  std::string key = BundleCache::key({"k"});
  ASSERT_EQ(cache.store(key, makeBundle("bundle"), kFiles), "");
  fs::remove(path("cache", "v1", key) + "/plan.ckplan");
  EXPECT_EQ(cache.fetch(key, path("out")), BundleCache::Lookup::Corrupt);

  ASSERT_EQ(cache.store(key, path("bundle"), kFiles), "");
  fs::remove(path("cache", "v1", key) + "/manifest");
  EXPECT_EQ(cache.fetch(key, path("out")), BundleCache::Lookup::Corrupt);
  EXPECT_EQ(cache.fetch(key, path("out")), BundleCache::Lookup::Miss);
}

TEST_F(BundleCacheTest, ConcurrentStoresLeaveOneWholeEntry) {
  std::string key = BundleCache::key({"k"});
  std::vector<std::string> bundles;
  for (int i = 0; i < 8; ++i)
    bundles.push_back(makeBundle("bundle" + std::to_string(i)));
  std::vector<std::string> errors(bundles.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < bundles.size(); ++i)
    threads.emplace_back([&, i] {
      errors[i] = BundleCache(path("cache")).store(key, bundles[i], kFiles);
    });
  for (std::thread &t : threads)
    t.join();
  for (const std::string &error : errors)
    EXPECT_EQ(error, "");
  EXPECT_EQ(entries(), std::vector<std::string>{key});
  EXPECT_EQ(BundleCache(path("cache")).fetch(key, path("out")),
            BundleCache::Lookup::Hit);
  EXPECT_EQ(read(path("out", "kernels.hsaco")),
            read(path("bundle0", "kernels.hsaco")));
}

} // namespace
