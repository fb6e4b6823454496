//===- BenchOptionsTest.cpp - ck-bench's own options ----------------------===//

#include "ck/Bench/BenchOptions.h"

#include <gtest/gtest.h>

using namespace ckbench;

namespace {

using Args = std::vector<std::string>;

TEST(BenchOptions, Defaults) {
  BenchOptions o;
  ASSERT_EQ(parseBenchOptions({}, o), "");
  EXPECT_EQ(o.warmup, 5);
  EXPECT_EQ(o.repeat, 50);
  EXPECT_FALSE(o.seedGiven);
  EXPECT_TRUE(o.verify);
  EXPECT_TRUE(o.time);
  EXPECT_EQ(o.device, 0);
  EXPECT_EQ(o.magnitude, "observed");
  EXPECT_EQ(o.determinism, 0);
}

TEST(BenchOptions, All) {
  BenchOptions o;
  ASSERT_EQ(parseBenchOptions({"--bundles", "out", "--warmup=0", "--repeat",
                               "7", "--seed=18446744073709551615", "--json",
                               "r.jsonl", "--no-verify", "--no-time", "-device",
                               "1", "--magnitude=bound", "--determinism=20"},
                              o),
            "");
  EXPECT_EQ(o.bundlesDir, "out");
  EXPECT_EQ(o.warmup, 0);
  EXPECT_EQ(o.repeat, 7);
  EXPECT_TRUE(o.seedGiven);
  EXPECT_EQ(o.seed, 18446744073709551615ull);
  EXPECT_EQ(o.jsonPath, "r.jsonl");
  EXPECT_FALSE(o.verify);
  EXPECT_FALSE(o.time);
  EXPECT_EQ(o.device, 1);
  EXPECT_EQ(o.magnitude, "bound");
  EXPECT_EQ(o.determinism, 20);
  BenchOptions h;
  ASSERT_EQ(parseBenchOptions({"--help", "--bundle=b"}, h), "");
  EXPECT_TRUE(h.help);
  EXPECT_EQ(h.bundleDir, "b");
}

TEST(BenchOptions, Errors) {
  auto error = [](const Args &args) {
    BenchOptions o;
    return parseBenchOptions(args, o);
  };
  EXPECT_EQ(error({"--repeat", "0"}),
            "--repeat expects an integer >= 1, got '0'");
  EXPECT_EQ(error({"--determinism", "0"}),
            "--determinism expects an integer >= 1, got '0'");
  EXPECT_EQ(error({"--warmup=-1"}),
            "--warmup expects an integer >= 0, got '-1'");
  EXPECT_EQ(error({"--device", "x"}),
            "--device expects an integer >= 0, got 'x'");
  EXPECT_EQ(error({"--seed", "-5"}),
            "--seed expects a non-negative integer, got '-5'");
  EXPECT_EQ(error({"--json"}), "--json needs a value");
  EXPECT_EQ(error({"--no-time=1"}), "--no-time takes no value");
  EXPECT_EQ(error({"--magnitude", "max"}),
            "--magnitude expects 'observed' or 'bound', got 'max'");
  EXPECT_EQ(error({"--fast"}), "unknown option '--fast' (see --help)");
  EXPECT_EQ(error({"stray"}), "unexpected argument 'stray'");
}

TEST(BenchOptions, CompileChoices) {
  BenchOptions o;
  ASSERT_EQ(parseBenchOptions({"--partition=stream_k,reduce=linear", "--waves",
                               "4,2", "--chip=gfx942"},
                              o),
            "");
  EXPECT_EQ(o.partition, "stream_k,reduce=linear");
  EXPECT_EQ(o.waves, "4,2");
  EXPECT_EQ(o.chip, "gfx942");
  EXPECT_TRUE(o.compileRequested());
  EXPECT_EQ(o.choice().suffix(), "@partition=stream_k,reduce=linear@waves=4,2");
  BenchOptions chipOnly;
  ASSERT_EQ(parseBenchOptions({"--chip", "sm_90a"}, chipOnly), "");
  EXPECT_TRUE(chipOnly.compileRequested());
  EXPECT_EQ(chipOnly.choice().suffix(), "");
  EXPECT_FALSE(BenchOptions().compileRequested());

  auto error = [](const Args &args) {
    BenchOptions b;
    return parseBenchOptions(args, b);
  };
  EXPECT_EQ(error({"--waves=4"}),
            "--waves expects LOAD,MATH (two positive counts, e.g. 4,4), got "
            "'4'");
  EXPECT_EQ(error({"--waves=0,4"}),
            "--waves expects LOAD,MATH (two positive counts, e.g. 4,4), got "
            "'0,4'");
  EXPECT_EQ(error({"--partition=a/b"}),
            "--partition expects a value without spaces, '/' or '@', got "
            "'a/b'");
  EXPECT_EQ(error({"--chip="}),
            "--chip expects a value without spaces, '/' or '@', got ''");

  // Compiling needs problems to compile.
  o.bundlesDir = "b";
  EXPECT_EQ(checkBenchInputs(o, ""),
            "--partition, --waves, --stages, --cluster, --chip and --sweep "
            "compile the problems' bundles; give --bundles DIR with problems "
            "(named flags, --csv or --ckprofiler)");
  EXPECT_EQ(checkBenchInputs(o, "flags"), "");
  EXPECT_NE(std::string(benchOptionsHelp()).find("--partition P"),
            std::string::npos);
}

TEST(BenchOptions, Sweep) {
  BenchOptions o;
  ASSERT_EQ(parseBenchOptions({"--sweep", "--tuning-db", "db.tuning",
                               "--bundles=b"},
                              o),
            "");
  EXPECT_TRUE(o.sweep && o.compileRequested());
  EXPECT_EQ(o.tuningDb, "db.tuning");
  EXPECT_EQ(checkBenchInputs(o, "csv"), "");

  BenchOptions stages;
  ASSERT_EQ(parseBenchOptions({"--stages=3"}, stages), "");
  EXPECT_EQ(stages.choice().suffix(), "@stages=3");
  ASSERT_EQ(parseBenchOptions({"--stages=8"}, stages), "");
  EXPECT_EQ(parseBenchOptions({"--stages=9"}, stages),
            "--stages expects 1 to 8, got '9'");
  EXPECT_EQ(parseBenchOptions({"--sweep=1"}, stages), "--sweep takes no value");

  BenchOptions cluster;
  ASSERT_EQ(parseBenchOptions({"--waves=4,8", "--cluster=2x1"}, cluster), "");
  EXPECT_TRUE(cluster.compileRequested());
  EXPECT_EQ(cluster.choice().suffix(), "@waves=4,8@cluster=2x1");
  EXPECT_EQ(parseBenchOptions({"--cluster=2"}, cluster),
            "--cluster expects MxN (two positive counts, e.g. 2x1), got '2'");
  EXPECT_EQ(parseBenchOptions({"--cluster=0x2"}, cluster),
            "--cluster expects MxN (two positive counts, e.g. 2x1), got '0x2'");

  // A sweep runs its own choices, times them, and writes the database.
  BenchOptions forced = o;
  forced.partition = "split_k";
  EXPECT_EQ(checkBenchInputs(forced, "csv"),
            "--sweep runs its own choices; leave out --partition, --waves, "
            "--stages and --cluster");
  BenchOptions untimed = o;
  untimed.time = false;
  EXPECT_EQ(checkBenchInputs(untimed, "csv"),
            "--sweep times the choices; leave out --no-time");
  BenchOptions dbOnly;
  dbOnly.bundlesDir = "b";
  dbOnly.tuningDb = "db.tuning";
  EXPECT_EQ(checkBenchInputs(dbOnly, "csv"),
            "--tuning-db is where --sweep writes its choices; give --sweep");
}

TEST(BenchOptions, Inputs) {
  BenchOptions none, one, many, both;
  one.bundleDir = "b/key";
  many.bundlesDir = "b";
  both.bundleDir = both.bundlesDir = "b";
  EXPECT_EQ(checkBenchInputs(none, ""),
            "no bundles: give --bundle DIR, or --bundles DIR with or without "
            "problems (see --help)");
  EXPECT_EQ(checkBenchInputs(both, ""),
            "give --bundle DIR (one bundle) or --bundles DIR, not both");
  EXPECT_EQ(checkBenchInputs(one, "csv"),
            "--bundle names one bundle; to pick bundles by problem, give "
            "--bundles DIR with the problems");
  EXPECT_EQ(checkBenchInputs(one, ""), "");
  EXPECT_EQ(checkBenchInputs(many, ""), "");
  EXPECT_EQ(checkBenchInputs(many, "ckprofiler"), "");
  EXPECT_NE(std::string(benchOptionsHelp()).find("--magnitude"),
            std::string::npos);
}

} // namespace
