//===- TuningTest.cpp - Kernel choices and the tuning database ------------===//

#include "ck/Tuning/Tuning.h"

#include "ck/Support/ClusterShape.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

using namespace cktuning;

namespace {

std::string writeFile(const std::string &name, const std::string &text) {
  std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(Choice, SuffixAndFlags) {
  Choice heuristic;
  EXPECT_TRUE(heuristic.isHeuristic());
  EXPECT_EQ(heuristic.suffix(), "");
  EXPECT_TRUE(heuristic.flags().empty());
  Choice c{"stream_k,reduce=linear", "4,4", 3};
  EXPECT_EQ(c.suffix(), "@partition=stream_k,reduce=linear@waves=4,4@stages=3");
  EXPECT_EQ(c.flags(),
            (std::vector<std::string>{"--partition=stream_k,reduce=linear",
                                      "--waves=4,4", "--stages=3"}));
  Choice back;
  EXPECT_EQ(Choice::parse(c.flags(), back), "");
  EXPECT_EQ(back, c);
  Choice clustered{"split_k", "4,8", 0, "2x1"};
  EXPECT_FALSE(clustered.isHeuristic());
  EXPECT_EQ(clustered.suffix(), "@partition=split_k@waves=4,8@cluster=2x1");
  EXPECT_EQ(clustered.flags(),
            (std::vector<std::string>{"--partition=split_k", "--waves=4,8",
                                      "--cluster=2x1"}));
  EXPECT_EQ(Choice::parse(clustered.flags(), back), "");
  EXPECT_EQ(back, clustered);
  EXPECT_FALSE(back == c);
  Choice merged{"", "4,4"};
  merged.mergeGroups = 8;
  EXPECT_FALSE(merged.isHeuristic());
  EXPECT_EQ(merged.suffix(), "@waves=4,4@merge-groups=8");
  EXPECT_EQ(merged.flags(),
            (std::vector<std::string>{"--waves=4,4", "--merge-groups=8"}));
  EXPECT_EQ(Choice::parse(merged.flags(), back), "");
  EXPECT_EQ(back, merged);
  EXPECT_FALSE(back == (Choice{"", "4,4"}));
  Choice windowed{"split_k", "4,4"};
  windowed.windows = "output";
  EXPECT_FALSE(windowed.isHeuristic());
  Choice inputWindows;
  inputWindows.windows = "input";
  EXPECT_FALSE(inputWindows.isHeuristic());
  EXPECT_EQ(windowed.suffix(), "@partition=split_k@waves=4,4@windows=output");
  EXPECT_EQ(windowed.flags(),
            (std::vector<std::string>{"--partition=split_k", "--waves=4,4",
                                      "--windows=output"}));
  EXPECT_EQ(Choice::parse(windowed.flags(), back), "");
  EXPECT_EQ(back, windowed);
  EXPECT_FALSE(back == (Choice{"split_k", "4,4"}));
  Choice resident{"data_parallel,dp=persistent", "4,12", 4};
  resident.mergeGroups = 4;
  resident.residentB = true;
  EXPECT_FALSE(resident.isHeuristic());
  Choice onlyResident;
  onlyResident.residentB = true;
  EXPECT_FALSE(onlyResident.isHeuristic());
  EXPECT_EQ(resident.suffix(),
            "@partition=data_parallel,dp=persistent"
            "@waves=4,12@stages=4@resident-b@merge-groups=4");
  EXPECT_EQ(resident.flags(),
            (std::vector<std::string>{"--partition=data_parallel,dp=persistent",
                                      "--waves=4,12", "--stages=4",
                                      "--resident-b", "--merge-groups=4"}));
  EXPECT_EQ(Choice::parse(resident.flags(), back), "");
  EXPECT_EQ(back, resident);
  Choice notResident = resident;
  notResident.residentB = false;
  EXPECT_FALSE(back == notResident);
  Choice landed{"split_k", "8,8", 4};
  landed.signalLanded = true;
  Choice onlyLanded;
  onlyLanded.signalLanded = true;
  EXPECT_FALSE(onlyLanded.isHeuristic());
  EXPECT_EQ(landed.suffix(), "@partition=split_k@waves=8,8@stages=4"
                             "@signal-landed");
  EXPECT_EQ(landed.flags(),
            (std::vector<std::string>{"--partition=split_k", "--waves=8,8",
                                      "--stages=4", "--signal-landed"}));
  EXPECT_EQ(Choice::parse(landed.flags(), back), "");
  EXPECT_EQ(back, landed);
  EXPECT_FALSE(back == (Choice{"split_k", "8,8", 4}));
  Choice pinned;
  pinned.config = "#ck.gemm_config<block=[256,128,64],wave=[32,128],"
                  "mma=#ck.wgmma<f16>,lds_buffers=4,load_waves=4,async_copy>";
  EXPECT_FALSE(pinned.isHeuristic());
  EXPECT_EQ(pinned.suffix(), "@config=" + pinned.config);
  EXPECT_EQ(pinned.flags(),
            (std::vector<std::string>{"--config=" + pinned.config}));
  EXPECT_EQ(Choice::parse(pinned.flags(), back), "");
  EXPECT_EQ(back, pinned);
  EXPECT_FALSE(back == Choice());
}

TEST(Choice, ParseErrors) {
  Choice c;
  EXPECT_EQ(Choice::parse({"--stages=8"}, c), "");
  EXPECT_EQ(c.stages, 8);
  EXPECT_NE(Choice::parse({"--stages=9"}, c).find("stages are 1 to 8"),
            std::string::npos);
  EXPECT_NE(Choice::parse({"--stages=x"}, c), "");
  EXPECT_NE(Choice::parse({"--chip=gfx942"}, c).find("is not --partition"),
            std::string::npos);
  EXPECT_NE(Choice::parse({"--partition="}, c), "");
  EXPECT_EQ(Choice::parse({"--cluster=two"}, c),
            "'--cluster=two': clusters are MxN workgroups, e.g. 2x1");
  EXPECT_NE(Choice::parse({"--cluster=2x"}, c), "");
  EXPECT_NE(Choice::parse({"--cluster=-2x1"}, c), "");
  EXPECT_EQ(Choice::parse({"--merge-groups=0"}, c),
            "'--merge-groups=0': groups per GEMM are a positive count");
  EXPECT_NE(Choice::parse({"--merge-groups=4x"}, c), "");
  EXPECT_NE(Choice::parse({"--resident-b=1"}, c).find("is not --partition"),
            std::string::npos);
  EXPECT_EQ(Choice::parse({"--windows=auto"}, c),
            "'--windows=auto': windows are input or output");
  EXPECT_NE(Choice::parse({"--windows="}, c), "");
  EXPECT_EQ(Choice::parse({"--config=block=[64,64,64]"}, c),
            "'--config=block=[64,64,64]': a config is #ck.gemm_config<...>");
  EXPECT_EQ(Choice::parse({"--stages=2", "--config=#ck.gemm_config<x>"}, c),
            "--config pins the whole kernel configuration: no --partition, "
            "--waves, --stages, --cluster, --resident-b or --signal-landed "
            "beside it");
  EXPECT_NE(
      Choice::parse({"--signal-landed", "--config=#ck.gemm_config<x>"}, c), "");
  EXPECT_NE(Choice::parse({"--signal-landed=1"}, c).find("is not --partition"),
            std::string::npos);
  EXPECT_EQ(
      Choice::parse({"--windows=input", "--config=#ck.gemm_config<x>"}, c), "");
  int64_t m = 0, n = 0;
  EXPECT_TRUE(cksupport::parseClusterSizes("1x4", m, n));
  EXPECT_EQ(m, 1);
  EXPECT_EQ(n, 4);
  EXPECT_FALSE(cksupport::parseClusterSizes("0x4", m, n));
  EXPECT_FALSE(cksupport::parseClusterSizes("2 x1", m, n));
}

TEST(Choice, SweepChoices) {
  // The heuristic's first, then register prefetch, (NVIDIA) 3 stages and
  // (sm_90a) wgmma roles 4,4 and 4,8, each with three partitions, and the
  // roles also with a persistent data-parallel grid; last (sm_90a) roles 8,8
  // with landed signals, split-K and persistent, which some problems do not
  // take.
  std::vector<Choice> hopper = sweepChoices("sm_90a"),
                      ampere = sweepChoices("sm_80"),
                      amd = sweepChoices("gfx942");
  ASSERT_EQ(hopper.size(), 17u);
  ASSERT_EQ(ampere.size(), 7u);
  ASSERT_EQ(amd.size(), 4u);
  EXPECT_TRUE(hopper[0].isHeuristic());
  EXPECT_EQ(hopper[1], (Choice{"", "", 1}));
  EXPECT_EQ(hopper[2], (Choice{"split_k", "", 1}));
  EXPECT_EQ(hopper[6], (Choice{"data_parallel", "", 3}));
  EXPECT_EQ(hopper[7], (Choice{"", "4,4", 0}));
  EXPECT_EQ(hopper[9], (Choice{"data_parallel", "4,4", 0}));
  EXPECT_EQ(hopper[10], (Choice{"data_parallel,dp=persistent", "4,4", 0}));
  EXPECT_EQ(hopper[11], (Choice{"", "4,8", 0}));
  EXPECT_EQ(hopper[13], (Choice{"data_parallel", "4,8", 0}));
  EXPECT_EQ(hopper[14], (Choice{"data_parallel,dp=persistent", "4,8", 0}));
  Choice landedSplitK{"split_k", "8,8"},
      landedPersistent{"data_parallel,dp=persistent", "8,8"};
  landedSplitK.signalLanded = landedPersistent.signalLanded = true;
  EXPECT_EQ(hopper[15], landedSplitK);
  EXPECT_EQ(hopper[16], landedPersistent);
  for (size_t i = 0; i < hopper.size(); ++i)
    EXPECT_EQ(hopper[i].mayNotApply(), i >= 15) << i;
  for (size_t i = 0; i < ampere.size(); ++i)
    EXPECT_EQ(ampere[i], hopper[i]);
  for (const Choice &c : amd)
    EXPECT_LE(c.stages, 1);
}

TEST(TuningDb, SaveThenLoad) {
  TuningDb db;
  db.chip = "sm_90a";
  db.set("key-a", TunedChoice{Choice{"split_k", "", 3}, 12.5, 20.25});
  db.set("key-b", TunedChoice{Choice(), 7, 7});
  std::string path = ::testing::TempDir() + "roundtrip.tuning";
  ASSERT_EQ(db.save(path), "");
  TuningDb back;
  ASSERT_EQ(back.load(path, "sm_90a"), "");
  EXPECT_EQ(back.chip, "sm_90a");
  ASSERT_EQ(back.entries.size(), 2u);
  const TunedChoice *a = back.lookup("key-a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->choice, (Choice{"split_k", "", 3}));
  EXPECT_DOUBLE_EQ(a->us, 12.5);
  EXPECT_DOUBLE_EQ(a->heuristicUs, 20.25);
  EXPECT_TRUE(back.lookup("key-b")->choice.isHeuristic());
  EXPECT_EQ(back.lookup("key-c"), nullptr);
}

TEST(TuningDb, LoadErrorsNameTheLine) {
  TuningDb db;
  EXPECT_NE(db.load(::testing::TempDir() + "absent.tuning").find("cannot read"),
            std::string::npos);
  std::string noFormat = writeFile("noformat.tuning", "chip sm_90a\n");
  EXPECT_NE(db.load(noFormat).find(":1: a tuning database starts with"),
            std::string::npos);
  std::string format2 = writeFile("format2.tuning", "ck-tuning 2\n");
  EXPECT_NE(db.load(format2).find(":1: this is tuning database format 1"),
            std::string::npos);
  std::string badLine = writeFile(
      "badline.tuning", "# c\nck-tuning 1\nchip sm_90a\ntuned k 1.0\n");
  EXPECT_NE(db.load(badLine).find(":4: expected 'tuned KEY US"),
            std::string::npos);
  std::string badFlag = writeFile(
      "badflag.tuning", "ck-tuning 1\nchip sm_90a\ntuned k 1 2 --jobs=2\n");
  EXPECT_NE(db.load(badFlag).find(":3: '--jobs=2' is not"), std::string::npos);
  std::string unknown = writeFile("unknown.tuning", "ck-tuning 1\nkernel x\n");
  EXPECT_NE(db.load(unknown).find(":2: unknown line 'kernel'"),
            std::string::npos);
  std::string other = writeFile("other.tuning", "ck-tuning 1\nchip gfx942\n");
  EXPECT_EQ(db.load(other), "");
  EXPECT_NE(db.load(other, "sm_90a").find("is for gfx942, not sm_90a"),
            std::string::npos);
}

} // namespace
