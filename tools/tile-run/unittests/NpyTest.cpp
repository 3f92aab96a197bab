//===- NpyTest.cpp - Tests of the .npy reader and writer -----------------===//
//
// Files NumPy wrote (Inputs/npy, made with np.save) and files tile-run
// writes; what --input accepts for a kernel and what it refuses.
//
//===----------------------------------------------------------------------===//
#include "Npy.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>

using namespace tilerun;

static const std::string kDir = std::string(TILERUN_TEST_INPUTS) + "/npy/";

TEST(Npy, ReadsWhatNumPyWrote) {
  NpyMatrix m;
  std::string error;
  ASSERT_TRUE(readNpy(kDir + "h_2x3_f16.npy", m, error)) << error;
  EXPECT_EQ(m.rows, 2);
  EXPECT_EQ(m.cols, 3);
  EXPECT_EQ(m.type, ElementType::F16);
  ASSERT_EQ(m.bytes.size(), 12u);
  uint16_t last;
  std::memcpy(&last, &m.bytes[10], 2);
  EXPECT_EQ(last, 0x4500) << "5.0 in binary16";
  ASSERT_TRUE(readNpy(kDir + "a_33x17_f32.npy", m, error)) << error;
  EXPECT_EQ(m.rows, 33);
  EXPECT_EQ(m.cols, 17);
  EXPECT_EQ(m.type, ElementType::F32);
}

TEST(Npy, RefusesWhatItCannotRun) {
  NpyMatrix m;
  std::string error;
  EXPECT_FALSE(readNpy(kDir + "a_33x17_f64.npy", m, error));
  EXPECT_NE(error.find("dtype '<f8'"), std::string::npos) << error;
  EXPECT_FALSE(readNpy(kDir + "a_33x17_fortran.npy", m, error));
  EXPECT_NE(error.find("Fortran order"), std::string::npos) << error;
  EXPECT_FALSE(readNpy(kDir + "v_5_f32.npy", m, error));
  EXPECT_NE(error.find("shape (5,) is not 2-D"), std::string::npos) << error;
  EXPECT_FALSE(readNpy(kDir + "missing.npy", m, error));
  EXPECT_NE(error.find("cannot read"), std::string::npos) << error;
  EXPECT_FALSE(readNpy(TILERUN_TEST_INPUTS "/valid/manifest.json", m, error));
  EXPECT_NE(error.find("no .npy magic"), std::string::npos) << error;
  EXPECT_FALSE(readNpy(kDir + "a_33x17_f32.npy", m, error, /*maxBytes=*/100));
  EXPECT_NE(error.find("larger than 100 bytes"), std::string::npos) << error;
}

TEST(Npy, RefusesTruncatedAndTrailingData) {
  std::ifstream in(kDir + "h_2x3_f16.npy", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  std::string path = testing::TempDir() + "npy-cut.npy";
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() - 1);
  NpyMatrix m;
  std::string error;
  EXPECT_FALSE(readNpy(path, m, error));
  EXPECT_NE(error.find("fewer data bytes"), std::string::npos) << error;
  std::ofstream(path, std::ios::binary) << bytes << "x";
  EXPECT_FALSE(readNpy(path, m, error));
  EXPECT_NE(error.find("more data bytes"), std::string::npos) << error;
  std::remove(path.c_str());
}

TEST(Npy, WritesWhatItReadsBack) {
  for (ElementType type :
       {ElementType::F32, ElementType::F16, ElementType::BF16}) {
    NpyMatrix out{3, 5, type, {}};
    for (int64_t i = 0; i < 15 * elementBytes(type); ++i)
      out.bytes.push_back(static_cast<uint8_t>(i * 7));
    std::string path = testing::TempDir() + "npy-round-trip.npy";
    std::string error;
    ASSERT_TRUE(writeNpy(path, out, error)) << error;
    NpyMatrix back;
    ASSERT_TRUE(readNpy(path, back, error)) << error;
    EXPECT_EQ(back.rows, 3);
    EXPECT_EQ(back.cols, 5);
    EXPECT_EQ(back.type, type);
    EXPECT_EQ(back.bytes, out.bytes);
    // The data starts at a multiple of 64 bytes, as NumPy aligns it.
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    EXPECT_EQ((int64_t(in.tellg()) - int64_t(out.bytes.size())) % 64, 0);
    std::remove(path.c_str());
  }
}

TEST(Npy, InputsMustFitTheKernel) {
  KernelSpec k;
  k.name = "k";
  k.m = 33;
  k.n = 45;
  k.k = 17;
  UserInputs in;
  std::string error;
  ASSERT_TRUE(loadUserInputs({"A=" + kDir + "a_33x17_f32.npy"}, k, in, error))
      << error;
  EXPECT_TRUE(in.a && !in.b && !in.c);
  UserInputs again;
  EXPECT_FALSE(loadUserInputs({"B=" + kDir + "a_33x17_f32.npy"}, k, again, error));
  EXPECT_EQ(error, "--input B: kernel 'k' reads 17x45 f32, the file holds "
                   "33x17 f32");
  EXPECT_FALSE(loadUserInputs({"C=" + kDir + "a_33x17_f32.npy"}, k, again, error));
  EXPECT_NE(error.find("computes C = A * B, which does not read C"),
            std::string::npos);
  EXPECT_FALSE(loadUserInputs({"D=x.npy"}, k, again, error));
  EXPECT_NE(error.find("takes A=FILE, B=FILE or C=FILE"), std::string::npos);
  UserInputs twice;
  EXPECT_FALSE(loadUserInputs({"A=" + kDir + "a_33x17_f32.npy",
                               "A=" + kDir + "a_33x17_f32.npy"},
                              k, twice, error));
  EXPECT_EQ(error, "--input gives A twice");
}
