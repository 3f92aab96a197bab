//===- ManifestTest.cpp - Tests of manifest validation -------------------===//
#include "Manifest.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace tilerun;

namespace {
std::string inputs() { return TILERUN_TEST_INPUTS; }

std::string readValid() {
  std::ifstream in(inputs() + "/valid/manifest.json");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Parses the valid manifest with each `from` replaced by its `to` (into
/// `out` when given).
bool parseEdited(
    std::initializer_list<std::pair<std::string, std::string>> edits,
    std::string &error, Manifest *out = nullptr) {
  std::string text = readValid();
  for (const auto &[from, to] : edits) {
    size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  }
  Manifest m;
  return parseManifest(text, "/art", out ? *out : m, error);
}

bool parseEdited(const std::string &from, const std::string &to,
                 std::string &error) {
  return parseEdited({{from, to}}, error);
}
} // namespace

TEST(Manifest, ReadsTheValidArtifact) {
  Manifest m;
  std::string error;
  ASSERT_TRUE(loadManifest(inputs() + "/valid", m, error)) << error;
  ASSERT_EQ(m.kernels.size(), 1u);
  const KernelSpec &k = m.kernels[0];
  EXPECT_EQ(k.name, "k");
  EXPECT_EQ(k.chip, "sm_90");
  EXPECT_EQ(k.computeCapability, 90);
  EXPECT_EQ(k.m, 33);
  EXPECT_EQ(k.n, 45);
  EXPECT_EQ(k.k, 17);
  EXPECT_FALSE(k.accumulate);
  EXPECT_TRUE(k.cubinPath.empty());
  EXPECT_EQ(k.ptxPath, inputs() + "/valid/k.ptx");
  EXPECT_EQ(k.grid[0], 3u);
  EXPECT_EQ(k.block[1], 16u);
  EXPECT_EQ(k.usefulFlops, 50490.0);
  ASSERT_EQ(k.args.size(), 3u);
  EXPECT_EQ(k.args[2].name, "C");
  EXPECT_EQ(k.args[2].access, "write");
}

TEST(Manifest, ReadsSixteenBitTypes) {
  // f16 A and B into bf16 C: the args name each buffer's own type.
  std::string e;
  Manifest m;
  std::string text = readValid();
  for (auto [from, to] :
       {std::pair<std::string, std::string>{"\"a_type\": \"f32\"",
                                            "\"a_type\": \"f16\""},
        {"\"b_type\": \"f32\"", "\"b_type\": \"f16\""},
        {"\"c_type\": \"f32\"", "\"c_type\": \"bf16\""},
        {"\"element_type\": \"f32\"", "\"element_type\": \"f16\""},
        {"\"element_type\": \"f32\"", "\"element_type\": \"f16\""},
        {"\"element_type\": \"f32\"", "\"element_type\": \"bf16\""}}) {
    size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  }
  ASSERT_TRUE(parseManifest(text, "/art", m, e)) << e;
  EXPECT_EQ(m.kernels[0].abType, ElementType::F16);
  EXPECT_EQ(m.kernels[0].cType, ElementType::BF16);
  // C's buffer must be C's type.
  size_t at = text.find("\"element_type\": \"bf16\"");
  text.replace(at, 22, "\"element_type\": \"f16\"");
  EXPECT_FALSE(parseManifest(text, "/art", m, e));
  EXPECT_EQ(e, "kernels[0].args[2]: ABI mismatch: expected buffer C of "
               "bf16[33x45], got buffer C of f16[33x45]");
}

TEST(Manifest, RejectsEveryBrokenField) {
  std::string e;
  EXPECT_FALSE(parseEdited("\"version\": 1", "\"version\": 2", e));
  EXPECT_EQ(e, "manifest.version: unknown manifest version 2 (this tile-run "
               "reads version 1)");
  EXPECT_FALSE(parseEdited("tile-opt-kernel-manifest", "other", e));
  EXPECT_EQ(e, "manifest.schema: 'other' is not a tile-opt kernel manifest");
  EXPECT_FALSE(parseEdited("\"m\": 33", "\"m\": 0", e));
  EXPECT_EQ(e, "kernels[0].problem.m: must be at least 1");
  EXPECT_FALSE(parseEdited("\"a_type\": \"f32\"", "\"a_type\": \"f16\"", e));
  EXPECT_EQ(e, "kernels[0].problem.b_type: A and B of different element "
               "types (f16, f32) are not supported");
  EXPECT_FALSE(parseEdited("\"a_type\": \"f32\"", "\"a_type\": \"f64\"", e));
  EXPECT_EQ(e, "kernels[0].problem.a_type: element type 'f64' is not "
               "supported by tile-run (supported: f32, f16, bf16)");
  EXPECT_FALSE(parseEdited("\"c_type\": \"f32\"", "\"c_type\": \"f16\"", e));
  EXPECT_EQ(e, "kernels[0].problem.c_type: C of 'f16' is not supported for "
               "f32 A and B (supported: f32)");
  EXPECT_FALSE(parseEdited("\"accumulator_type\": \"f32\"",
                           "\"accumulator_type\": \"f16\"", e));
  EXPECT_EQ(e, "kernels[0].problem.accumulator_type: accumulation in 'f16' "
               "is not supported (supported: f32)");
  EXPECT_FALSE(parseEdited("\"chip\": \"sm_90\"", "\"chip\": \"gfx942\"", e));
  EXPECT_EQ(e, "kernels[0].target.chip: 'gfx942' is not a chip name like "
               "sm_90");
  EXPECT_FALSE(parseEdited("\"block\": [\n          16,\n          16,",
                           "\"block\": [\n          64,\n          32,", e));
  EXPECT_EQ(e, "kernels[0].launch.block: more than 1024 threads per block");
  EXPECT_FALSE(parseEdited("\"grid\": [\n          3,", "\"grid\": [\n          0,", e));
  EXPECT_EQ(e, "kernels[0].launch.grid: expected positive 32-bit integers");
  EXPECT_FALSE(parseEdited("\"name\": \"A\"", "\"name\": \"X\"", e));
  EXPECT_EQ(e, "kernels[0].args[0]: ABI mismatch: expected buffer A of "
               "f32[33x17], got buffer X of f32[33x17]");
  EXPECT_FALSE(parseEdited("\"ptx\": \"k.ptx\",", "", e));
  EXPECT_EQ(e, "kernels[0]: missing field 'ptx'");
  EXPECT_FALSE(parseEdited("\"c_layout\": \"row-major\"",
                           "\"c_layout\": \"col-major\"", e));
  EXPECT_EQ(e, "kernels[0].problem.c_layout: layout 'col-major' is not "
               "supported (row-major)");
  EXPECT_FALSE(parseEdited("\"accumulate\": false", "\"accumulate\": 0", e));
  EXPECT_EQ(e, "kernels[0].problem.accumulate: expected true or false");
}

TEST(Manifest, ReadsTransposedOperands) {
  // Column-major A and B are stored transposed: A[K,M], B[N,K].
  const std::string aShape = "[\n            33,\n            17\n          ]";
  const std::string bShape = "[\n            17,\n            45\n          ]";
  std::string e;
  Manifest m;
  ASSERT_TRUE(parseEdited(
      {{"\"a_layout\": \"row-major\"", "\"a_layout\": \"column-major\""},
       {"\"b_layout\": \"row-major\"", "\"b_layout\": \"column-major\""},
       {aShape, "[17, 33]"},
       {bShape, "[45, 17]"}},
      e, &m))
      << e;
  const KernelSpec &k = m.kernels[0];
  EXPECT_TRUE(k.transposeA);
  EXPECT_TRUE(k.transposeB);
  EXPECT_EQ(k.storedA(), std::make_pair(int64_t(17), int64_t(33)));
  EXPECT_EQ(k.storedB(), std::make_pair(int64_t(45), int64_t(17)));
  // A column-major B in the row-major shape is an ABI mismatch.
  EXPECT_FALSE(parseEdited(
      {{"\"b_layout\": \"row-major\"", "\"b_layout\": \"column-major\""}}, e));
  EXPECT_EQ(e, "kernels[0].args[1]: ABI mismatch: expected buffer B of "
               "f32[45x17], got buffer B of f32[17x45]");
  EXPECT_FALSE(parseEdited("\"a_layout\": \"row-major\"",
                           "\"a_layout\": \"transposed\"", e));
  EXPECT_EQ(e, "kernels[0].problem.a_layout: layout 'transposed' is not "
               "supported (row-major or column-major)");
  EXPECT_FALSE(parseEdited("\"c_layout\": \"row-major\"",
                           "\"c_layout\": \"column-major\"", e));
  EXPECT_EQ(e, "kernels[0].problem.c_layout: layout 'column-major' is not "
               "supported (row-major)");
}

TEST(Manifest, ReadsABatch) {
  // A batch of 5: 3-D shapes, the grid's z the batch.
  const std::string shapes[3] = {
      "[\n            33,\n            17\n          ]",
      "[\n            17,\n            45\n          ]",
      "[\n            33,\n            45\n          ]"};
  const std::string grid = "\"grid\": [\n          3,\n          3,\n          1";
  auto batched = [&](const std::string &batch, const std::string &z,
                     const std::string &lead, std::string &e, Manifest *m) {
    return parseEdited({{"\"k\": 17,", "\"k\": 17, \"batch\": " + batch + ","},
                        {grid, "\"grid\": [3, 3, " + z},
                        {shapes[0], "[" + lead + "33, 17]"},
                        {shapes[1], "[" + lead + "17, 45]"},
                        {shapes[2], "[" + lead + "33, 45]"}},
                       e, m);
  };
  std::string e;
  Manifest m;
  ASSERT_TRUE(batched("5", "5", "5, ", e, &m)) << e;
  const KernelSpec &k = m.kernels[0];
  EXPECT_EQ(k.batch, 5);
  EXPECT_EQ(k.batches(), 5);
  EXPECT_EQ(k.args[1].rows, 17);
  EXPECT_EQ(k.args[1].cols, 45);
  // Without a batch: one matrix, 2-D shapes, a grid z of 1.
  Manifest plain;
  ASSERT_TRUE(parseEdited({{"\"k\": 17,", "\"k\": 17,"}}, e, &plain)) << e;
  EXPECT_EQ(plain.kernels[0].batches(), 1);
  EXPECT_FALSE(batched("5", "4", "5, ", e, nullptr));
  EXPECT_EQ(e, "kernels[0].launch.grid: z must be 1 or the batch count, 5");
  // A persistent grid runs the batch in its tiles.
  EXPECT_TRUE(batched("5", "1", "5, ", e, nullptr)) << e;
  EXPECT_FALSE(batched("5", "5", "4, ", e, nullptr));
  EXPECT_EQ(e, "kernels[0].args[0].shape: expected 5 and two integers in "
               "[0, 2147483647]");
  EXPECT_FALSE(batched("5", "5", "", e, nullptr));
  EXPECT_EQ(e, "kernels[0].args[0].shape: expected 5 and two integers in "
               "[0, 2147483647]");
  EXPECT_FALSE(batched("0", "1", "0, ", e, nullptr));
  EXPECT_EQ(e.rfind("kernels[0].problem.batch: ", 0), 0u) << e;
  // A broadcast A: A's shape 2-D (one matrix), B's and C's 3-D.
  auto broadcast = [&](const std::string &flag, const std::string &batch,
                       const std::string &leadA, std::string &e,
                       Manifest *m) {
    std::string lead = batch.empty() ? "" : batch + ", ";
    return parseEdited(
        {{"\"k\": 17,", "\"k\": 17, " +
                           (batch.empty() ? "" : "\"batch\": " + batch + ", ") +
                           "\"broadcast_a\": " + flag + ","},
         {shapes[0], "[" + leadA + "33, 17]"},
         {shapes[1], "[" + lead + "17, 45]"},
         {shapes[2], "[" + lead + "33, 45]"}},
        e, m);
  };
  Manifest bm;
  ASSERT_TRUE(broadcast("true", "5", "", e, &bm)) << e;
  EXPECT_TRUE(bm.kernels[0].broadcastA);
  EXPECT_FALSE(bm.kernels[0].isBatched("A"));
  EXPECT_TRUE(bm.kernels[0].isBatched("B"));
  EXPECT_EQ(bm.kernels[0].matrices("A"), 1);
  EXPECT_EQ(bm.kernels[0].strideA(), 0);
  EXPECT_EQ(bm.kernels[0].matrices("C"), 5);
  EXPECT_FALSE(broadcast("true", "5", "5, ", e, nullptr));
  EXPECT_EQ(e, "kernels[0].args[0].shape: expected two integers in "
               "[0, 2147483647]");
  EXPECT_TRUE(broadcast("false", "5", "5, ", e, nullptr)) << e;
  EXPECT_FALSE(broadcast("true", "", "", e, nullptr));
  EXPECT_EQ(e, "kernels[0].problem.broadcast_a: needs a batch");
  EXPECT_FALSE(broadcast("1", "5", "", e, nullptr));
  EXPECT_EQ(e, "kernels[0].problem.broadcast_a: expected true or false");
  // A broadcast B: B's shape 2-D, A's and C's 3-D; not both.
  auto broadcastB = [&](const std::string &extra, std::string &e,
                        Manifest *m) {
    return parseEdited(
        {{"\"k\": 17,",
          "\"k\": 17, \"batch\": 5, \"broadcast_b\": true, " + extra},
         {shapes[0], "[5, 33, 17]"},
         {shapes[1], "[17, 45]"},
         {shapes[2], "[5, 33, 45]"}},
        e, m);
  };
  Manifest bbm;
  ASSERT_TRUE(broadcastB("", e, &bbm)) << e;
  EXPECT_TRUE(bbm.kernels[0].broadcastB);
  EXPECT_TRUE(bbm.kernels[0].isBatched("A"));
  EXPECT_FALSE(bbm.kernels[0].isBatched("B"));
  EXPECT_EQ(bbm.kernels[0].matrices("B"), 1);
  EXPECT_EQ(bbm.kernels[0].strideB(), 0);
  EXPECT_EQ(bbm.kernels[0].strideA(), 33 * 17);
  EXPECT_FALSE(broadcastB("\"broadcast_a\": true,", e, nullptr));
  EXPECT_EQ(e, "kernels[0].problem.broadcast_b: and broadcast_a: one at most");
  // 2-D buffers of a matmul with a grid z of 2: the grid is wrong.
  EXPECT_FALSE(parseEdited(grid, "\"grid\": [3, 3, 2", e));
  EXPECT_EQ(e, "kernels[0].launch.grid: z must be 1 or the batch count, 1");
}

TEST(Manifest, ReadsAWindow) {
  // C a window of a 40 x 64 buffer: rows 64 apart from element 66 on.
  const std::string shapeC = "[\n            33,\n            45\n          ]";
  auto windowed = [&](const std::string &buffer, const std::string &window,
                      std::string &e, Manifest *m) {
    return parseEdited({{shapeC, buffer + ", \"window\": " + window}}, e, m);
  };
  std::string e;
  Manifest m;
  ASSERT_TRUE(windowed("[40, 64]",
                       R"({"shape": [33, 45], "offset": 66, "strides": [64, 1]})",
                       e, &m))
      << e;
  const BufferArg &c = m.kernels[0].args[2];
  EXPECT_TRUE(c.window);
  EXPECT_FALSE(m.kernels[0].args[0].window);
  EXPECT_EQ(c.rows, 33);
  EXPECT_EQ(c.cols, 45);
  EXPECT_EQ(c.bufferElements, 40 * 64);
  EXPECT_EQ(c.rowStride, 64);
  EXPECT_EQ(c.windowElement(0), 66);
  EXPECT_EQ(c.windowElement(45), 66 + 64);
  EXPECT_EQ(c.windowElement(33 * 45 - 1), 66 + 32 * 64 + 44);
  // The window must be of the operand's shape, inside its buffer, its rows
  // apart and contiguous.
  const std::pair<std::string, std::string> refused[] = {
      {R"({"shape": [33, 44], "offset": 66, "strides": [64, 1]})",
       "kernels[0].args[2]: ABI mismatch: expected buffer C of f32[33x45], "
       "got buffer C of f32[33x44]"},
      {R"({"shape": [33, 45], "offset": 500, "strides": [64, 1]})",
       "kernels[0].args[2].window: the window reaches past its buffer of "
       "2560 elements"},
      {R"({"shape": [33, 45], "offset": 0, "strides": [40, 1]})",
       "kernels[0].args[2].window: the window's rows or matrices overlap"},
      {R"({"shape": [33, 45], "offset": 0, "strides": [64, 2]})",
       "kernels[0].args[2].window: expected the buffer's shape and one "
       "positive stride per dimension of the window, the last 1"}};
  for (const auto &[window, error] : refused) {
    EXPECT_FALSE(windowed("[40, 64]", window, e, nullptr)) << window;
    EXPECT_EQ(e, error);
  }
  EXPECT_FALSE(windowed("[40, 64]", R"({"shape": [33, 45], "strides": [64, 1]})",
                        e, nullptr));
  EXPECT_EQ(e.rfind("kernels[0].args[2].window", 0), 0u) << e;
}

TEST(Manifest, ReportsFileProblems) {
  Manifest m;
  std::string e;
  EXPECT_FALSE(loadManifest(inputs() + "/no-such-dir", m, e));
  EXPECT_NE(e.find("cannot read"), std::string::npos) << e;
  EXPECT_FALSE(loadManifest(inputs() + "/malformed", m, e));
  EXPECT_NE(e.find("malformed manifest.json: line 3, column 1"),
            std::string::npos)
      << e;
  EXPECT_FALSE(loadManifest(inputs() + "/missing-cubin", m, e));
  EXPECT_NE(e.find("kernel 'k': missing cubin file"), std::string::npos) << e;
}

TEST(Manifest, ReadsAndChecksTheCluster) {
  // The valid kernel with grid [x, y, 1], launch.cluster and chip set.
  auto withCluster = [](const std::string &grid, const std::string &cluster,
                        const std::string &chip, std::string &e,
                        KernelSpec *out = nullptr) {
    Manifest m;
    bool ok = parseEdited(
        {{"\"grid\": [\n          3,\n          3,", "\"grid\": [" + grid + ","},
         {"\"dynamic_shared_bytes\": 0",
          "\"dynamic_shared_bytes\": 0, \"cluster\": " + cluster},
         {"\"chip\": \"sm_90\"", "\"chip\": \"" + chip + "\""}},
        e, &m);
    if (ok && out)
      *out = m.kernels[0];
    return ok;
  };
  std::string e;
  KernelSpec k;
  ASSERT_TRUE(withCluster("4, 3", "[2, 1, 1]", "sm_90a", e, &k)) << e;
  EXPECT_EQ(k.cluster[0], 2u);
  EXPECT_TRUE(k.hasCluster());
  EXPECT_FALSE(withCluster("3, 3", "[2, 1, 1]", "sm_90a", e));
  EXPECT_EQ(e, "kernels[0].launch.cluster: does not divide the grid");
  EXPECT_FALSE(withCluster("16, 3", "[16, 1, 1]", "sm_90a", e));
  EXPECT_EQ(e, "kernels[0].launch.cluster: more than 8 blocks per cluster");
  EXPECT_FALSE(withCluster("4, 3", "[2, 1, 1]", "sm_80", e));
  EXPECT_EQ(e, "kernels[0].launch.cluster: clusters need sm_90 or later, the "
               "kernel targets sm_80");
  EXPECT_FALSE(withCluster("4, 3", "[2, 1]", "sm_90a", e));
  EXPECT_EQ(e, "kernels[0].launch.cluster: expected three integers");
  // Without the field, or with [1, 1, 1], no cluster.
  ASSERT_TRUE(withCluster("3, 3", "[1, 1, 1]", "sm_80", e, &k)) << e;
  EXPECT_FALSE(k.hasCluster());
}

TEST(Manifest, RejectsValuesOutOfRange) {
  std::string e;
  EXPECT_FALSE(parseEdited("\"m\": 33", "\"m\": 2147483648", e));
  EXPECT_EQ(e, "kernels[0].problem.m: must be at most 2147483647");
  EXPECT_FALSE(parseEdited("\"m\": 33", "\"m\": 1e300", e));
  EXPECT_EQ(e, "kernels[0].problem.m: expected an integer");
  // 2^31 - 1 rows of 2^31 - 1 columns would overflow the allocation size.
  EXPECT_FALSE(parseEdited(
      {{"\"k\": 17", "\"k\": 2147483647"}, {"\"m\": 33", "\"m\": 2147483647"}},
      e));
  EXPECT_EQ(e, "kernels[0].problem: matrix A of 2147483647x2147483647 "
               "elements is larger than 281474976710656 bytes");
  EXPECT_FALSE(parseEdited("\"dynamic_shared_bytes\": 0",
                           "\"dynamic_shared_bytes\": 4294967296", e));
  EXPECT_EQ(e, "kernels[0].launch.dynamic_shared_bytes: must be at most "
               "2147483647");
  EXPECT_FALSE(
      parseEdited("\"block\": [\n          16,\n          16,\n          1",
                  "\"block\": [\n          1,\n          1,\n          65", e));
  EXPECT_EQ(e, "kernels[0].launch.block: z must be at most 64");
  EXPECT_FALSE(parseEdited("\"chip\": \"sm_90\"",
                           "\"chip\": \"sm_99999999999999999999\"", e));
  EXPECT_EQ(e, "kernels[0].target.chip: 'sm_99999999999999999999' is not a "
               "chip name like sm_90");
  // The files of an artifact are names in its directory.
  EXPECT_FALSE(
      parseEdited("\"ptx\": \"k.ptx\"", "\"ptx\": \"../../etc/passwd\"", e));
  EXPECT_EQ(e, "kernels[0].ptx: expected a file name in the artifact "
               "directory, got '../../etc/passwd'");
  EXPECT_FALSE(parseEdited("\"cubin\": null", "\"cubin\": \"..\"", e));
  EXPECT_EQ(e, "kernels[0].cubin: expected a file name in the artifact "
               "directory, got '..'");
}

TEST(Manifest, ReadsOnlyBoundedRegularFiles) {
  std::string text, e;
  EXPECT_TRUE(
      readArtifactFile(inputs() + "/valid/manifest.json", 1 << 20, text, e))
      << e;
  EXPECT_FALSE(text.empty());
  // A device that never ends and a directory: refused, not read.
  EXPECT_FALSE(readArtifactFile("/dev/zero", 1 << 20, text, e));
  EXPECT_EQ(e, "'/dev/zero' is not a regular file");
  EXPECT_FALSE(readArtifactFile(inputs(), 1 << 20, text, e));
  EXPECT_EQ(e, "'" + inputs() + "' is not a regular file");
  EXPECT_FALSE(
      readArtifactFile(inputs() + "/valid/manifest.json", 16, text, e));
  EXPECT_NE(e.find("more than the 16 tile-run reads"), std::string::npos) << e;
  // A FIFO with no writer: refused at once (it would block a read forever).
  char dir[] = "/tmp/tile-run-fifo-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string fifo = std::string(dir) + "/manifest.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Manifest m;
  EXPECT_FALSE(loadManifest(dir, m, e));
  EXPECT_NE(e.find("manifest.json' is not a regular file"), std::string::npos)
      << e;
  unlink(fifo.c_str());
  rmdir(dir);
}

TEST(Manifest, ChecksLaunchLimitsOfTheDevice) {
  Manifest m;
  std::string e;
  ASSERT_TRUE(loadManifest(inputs() + "/valid", m, e)) << e;
  KernelSpec k = m.kernels[0];
  // The H200's limits.
  LaunchLimits h200{{1024, 1024, 64}, {2147483647, 65535, 65535}, 1024, 232448};
  EXPECT_EQ(findLaunchViolation(k, h200, 0), "");
  LaunchLimits small = h200;
  small.threads = 128;
  EXPECT_EQ(findLaunchViolation(k, small, 0),
            "launches 256 threads per block but can run at most 128");
  small = h200;
  small.grid[0] = 2;
  EXPECT_EQ(findLaunchViolation(k, small, 0),
            "grid.x = 3 exceeds the device's 2");
  small = h200;
  small.block[1] = 8;
  EXPECT_EQ(findLaunchViolation(k, small, 0),
            "block.y = 16 exceeds the device's 8");
  k.dynamicSharedBytes = 232448;
  EXPECT_EQ(findLaunchViolation(k, h200, 16),
            "needs 232464 bytes of shared memory per block (16 static, "
            "232448 dynamic), more than the device's 232448");
}

namespace {
/// The valid manifest with N = 48 (B's rows 16-byte multiples) and B given
/// as a tensor map with `box` and `fields` (after "box"), parsed.
bool parseTensorMapB(const std::string &box, const std::string &fields,
                     Manifest &m, std::string &error) {
  std::string text = readValid();
  auto replaceAll = [&](const std::string &from, const std::string &to) {
    for (size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  };
  replaceAll("\"n\": 45", "\"n\": 48");
  replaceAll("            45\n", "            48\n");
  replaceAll("\"name\": \"B\",\n          \"kind\": \"buffer\",",
             "\"name\": \"B\",\n          \"kind\": \"tensor_map\", \"box\": " +
                 box + ", " + fields + ",");
  return parseManifest(text, "/art", m, error);
}
} // namespace

TEST(Manifest, ReadsTensorMapArguments) {
  Manifest m;
  std::string e;
  ASSERT_TRUE(parseTensorMapB("[8, 32]",
                              "\"interleave\": \"none\", \"swizzle\": "
                              "\"none\", \"l2_promotion\": \"128B\", "
                              "\"oob_fill\": \"zero\"",
                              m, e))
      << e;
  const BufferArg &b = m.kernels[0].args[1];
  EXPECT_TRUE(b.tensorMap);
  EXPECT_EQ(b.boxRows, 8);
  EXPECT_EQ(b.boxCols, 32);
  EXPECT_EQ(b.l2PromotionBytes, 128);
  EXPECT_EQ(b.swizzleBytes, 0);
  EXPECT_EQ(b.rows, 17);
  EXPECT_EQ(b.cols, 48);
  EXPECT_FALSE(m.kernels[0].args[0].tensorMap);
  // 32 f32 columns are one 128-byte swizzle span.
  Manifest swizzled;
  ASSERT_TRUE(parseTensorMapB("[8, 32]",
                              "\"interleave\": \"none\", \"swizzle\": "
                              "\"128B\", \"l2_promotion\": \"none\", "
                              "\"oob_fill\": \"zero\"",
                              swizzled, e))
      << e;
  EXPECT_EQ(swizzled.kernels[0].args[1].swizzleBytes, 128);
}

namespace {
/// The valid manifest with K = `k` and B (45 columns: rows of 180 bytes)
/// given as a tensor map of `view` with boxes of 4 x 48, parsed.
bool parseRowGroupB(int k, const std::string &view, Manifest &m,
                    std::string &error) {
  std::string text = readValid();
  auto replaceOnce = [&](const std::string &from, const std::string &to) {
    size_t at = text.find(from);
    if (at != std::string::npos)
      text.replace(at, from.size(), to);
  };
  std::string ks = std::to_string(k);
  replaceOnce("\"k\": 17", "\"k\": " + ks);
  replaceOnce("            33,\n            17\n",
              "            33,\n            " + ks + "\n");
  replaceOnce("            17,\n            45\n",
              "            " + ks + ",\n            45\n");
  replaceOnce("\"name\": \"B\",\n          \"kind\": \"buffer\",",
              "\"name\": \"B\",\n          \"kind\": \"tensor_map\", "
              "\"view\": \"" +
                  view +
                  "\", \"box\": [4, 48], \"interleave\": \"none\", "
                  "\"swizzle\": \"none\", \"l2_promotion\": \"none\", "
                  "\"oob_fill\": \"zero\",");
  return parseManifest(text, "/art", m, error);
}
} // namespace

// b_row_groups: B of any N, seen as rows of 4 rows (K a multiple of 4).
TEST(Manifest, ReadsRowGroupTensorMaps) {
  Manifest m;
  std::string e;
  ASSERT_TRUE(parseRowGroupB(16, "row_groups", m, e)) << e;
  const BufferArg &b = m.kernels[0].args[1];
  EXPECT_TRUE(b.tensorMap);
  EXPECT_TRUE(b.rowGroups);
  EXPECT_EQ(b.rows, 16);
  EXPECT_EQ(b.cols, 45);
  EXPECT_EQ(b.boxRows, 4);
  EXPECT_EQ(b.boxCols, 48);
  // The same B as a plain matrix map: its rows are not 16-byte multiples.
  EXPECT_FALSE(parseRowGroupB(16, "matrix", m, e));
  EXPECT_EQ(e, "kernels[0].args[1]: a tensor map needs rows of 16-byte "
               "multiples, got 45 columns");
  EXPECT_FALSE(parseRowGroupB(17, "row_groups", m, e));
  EXPECT_EQ(e, "kernels[0].args[1]: a view of row groups needs a multiple of "
               "4 rows, got 17");
  EXPECT_FALSE(parseRowGroupB(16, "columns", m, e));
  EXPECT_EQ(e, "kernels[0].args[1].view: expected matrix or row_groups, got "
               "columns");
}

TEST(Manifest, RejectsTensorMapsItCannotEncode) {
  Manifest m;
  std::string e;
  const std::string dense = "\"interleave\": \"none\", \"swizzle\": \"none\", "
                            "\"l2_promotion\": \"none\", \"oob_fill\": "
                            "\"zero\"";
  EXPECT_FALSE(parseTensorMapB("[8, 300]", dense, m, e));
  EXPECT_EQ(e, "kernels[0].args[1].box: expected sides in [1, 256] and "
               "rows of a multiple of 16 bytes");
  EXPECT_FALSE(parseTensorMapB("[8, 30]", dense, m, e));
  EXPECT_EQ(e, "kernels[0].args[1].box: expected sides in [1, 256] and "
               "rows of a multiple of 16 bytes");
  EXPECT_FALSE(parseTensorMapB(
      "[8, 32]",
      "\"interleave\": \"none\", \"swizzle\": \"64B\", \"l2_promotion\": "
      "\"none\", \"oob_fill\": \"zero\"",
      m, e));
  EXPECT_EQ(e, "kernels[0].args[1]: unsupported tensor map (tile-run encodes "
               "interleave none, swizzle none or 128B, oob_fill zero), got "
               "interleave none, swizzle 64B, oob_fill zero");
  // 48 f32 columns are 192 bytes: wider than the 128-byte swizzle span.
  EXPECT_FALSE(parseTensorMapB(
      "[8, 48]",
      "\"interleave\": \"none\", \"swizzle\": \"128B\", \"l2_promotion\": "
      "\"none\", \"oob_fill\": \"zero\"",
      m, e));
  EXPECT_EQ(e, "kernels[0].args[1].box: a 128B-swizzled box has rows of at "
               "most 128 bytes, got 192");
  EXPECT_FALSE(parseTensorMapB(
      "[8, 32]",
      "\"interleave\": \"none\", \"swizzle\": \"none\", \"l2_promotion\": "
      "\"1KB\", \"oob_fill\": \"zero\"",
      m, e));
  EXPECT_EQ(e, "kernels[0].args[1].l2_promotion: expected none, 64B, 128B or "
               "256B, got 1KB");
  EXPECT_FALSE(parseTensorMapB("[8, 32]", "\"interleave\": \"none\"", m, e));
  EXPECT_EQ(e, "kernels[0].args[1]: missing field 'swizzle'");
  // C cannot be a tensor map; A of 33 x 17 cannot (rows of 68 bytes).
  std::string text = readValid();
  const std::string bufferA =
      "\"name\": \"A\",\n          \"kind\": \"buffer\",";
  size_t at = text.find(bufferA);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, bufferA.size(),
               "\"name\": \"A\",\n          \"kind\": \"tensor_map\", \"box\": "
               "[8, 4], " +
                   dense + ",");
  EXPECT_FALSE(parseManifest(text, "/art", m, e));
  EXPECT_EQ(e, "kernels[0].args[0]: a tensor map needs rows of 16-byte "
               "multiples, got 17 columns");
}

namespace {
/// The valid manifest with a fourth argument, `workspace` (JSON object).
/// `text` (the valid manifest, with any arguments) as a batch of 2: A, B
/// and C 3-D, every box one batch deep, the grid's z 2.
void makeBatched(std::string &text) {
  text.insert(text.find(',', text.find("\"k\": ")) + 1, " \"batch\": 2,");
  const std::string z = "\n          1\n        ]";
  text.replace(text.find(z), z.size(), "2]");
  // Every argument's shape gets the batch in front, every box a 1.
  for (auto [key, lead] :
       {std::pair<std::string, std::string>{"\"shape\": [", "2, "},
        {"\"box\": [", "1, "}})
    for (size_t at = 0; (at = text.find(key, at)) != std::string::npos;)
      text.insert(at += key.size(), lead);
}

bool parseWithWorkspace(const std::string &workspace, Manifest &m,
                        std::string &error, bool batched = false) {
  std::string text = readValid();
  const std::string cEnd = "\"access\": \"write\"\n        }";
  size_t at = text.find(cEnd);
  EXPECT_NE(at, std::string::npos);
  text.insert(at + cEnd.size(), ",\n" + workspace);
  if (batched)
    makeBatched(text);
  return parseManifest(text, "/art", m, error);
}
} // namespace

TEST(Manifest, ReadsAStreamKWorkspace) {
  Manifest m;
  std::string e;
  ASSERT_TRUE(parseWithWorkspace(
      R"({"name": "workspace", "kind": "workspace", "bytes": 17302560,
          "init": "zero", "alignment": 16, "access": "readwrite"})",
      m, e))
      << e;
  EXPECT_EQ(m.kernels[0].workspaceBytes, 17302560);
  EXPECT_EQ(m.kernels[0].args.size(), 3u);
  // Without resident_blocks, the whole grid waits on itself.
  const unsigned *grid = m.kernels[0].grid;
  EXPECT_EQ(m.kernels[0].residentBlocks, int64_t(grid[0]) * grid[1] * grid[2]);
  // pack_b over more than a wave: only its packers.
  Manifest some;
  ASSERT_TRUE(parseWithWorkspace(
      R"({"name": "workspace", "kind": "workspace", "bytes": 64,
          "init": "zero", "resident_blocks": 1})",
      some, e))
      << e;
  EXPECT_EQ(some.kernels[0].residentBlocks, 1);
  // Without one, the kernel takes none.
  Manifest plain;
  ASSERT_TRUE(parseManifest(readValid(), "/art", plain, e)) << e;
  EXPECT_EQ(plain.kernels[0].workspaceBytes, 0);
}

TEST(Manifest, RejectsABrokenWorkspace) {
  struct Case {
    const char *workspace, *error;
  };
  for (const Case &c : std::initializer_list<Case>{
           {R"({"name": "D", "kind": "buffer", "bytes": 64, "init": "zero"})",
            "kernels[0].args[3].kind: expected workspace, got buffer"},
           {R"({"name": "workspace", "kind": "workspace", "bytes": 64,
                "init": "none"})",
            "kernels[0].args[3].init: expected zero, got none"},
           {R"({"name": "workspace", "kind": "workspace", "bytes": 66,
                "init": "zero"})",
            "kernels[0].args[3].bytes: expected a multiple of 4, got 66"},
           {R"({"name": "workspace", "kind": "workspace", "init": "zero"})",
            "kernels[0].args[3]: missing field 'bytes'"},
           {R"({"name": "workspace", "kind": "workspace", "bytes": 64,
                "init": "zero", "resident_blocks": 1000000})",
            "kernels[0].args[3].resident_blocks: expected at most the "
            "grid's 9 blocks, got 1000000"},
           {R"({"name": "workspace", "kind": "workspace", "bytes": 64,
                "init": "zero"}, {"name": "E"}, {"name": "F"},
                {"name": "G"}, {"name": "H"}, {"name": "I"})",
            "kernels[0].args: ABI mismatch: expected 3 buffers (A, B, C), "
            "at most a workspace and 4 tensor maps of copies in it, got 9 "
            "arguments"}}) {
    Manifest m;
    std::string e;
    EXPECT_FALSE(parseWithWorkspace(c.workspace, m, e)) << c.workspace;
    EXPECT_EQ(e, c.error);
  }
}

namespace {
/// The valid manifest (B is 17 x 45) with a workspace of `bytes` and a
/// fifth argument, pack_b's tensor map of B's copy, whose fields `fields`
/// complete.
bool parseWithCopy(int64_t bytes, const std::string &fields, Manifest &m,
                   std::string &error, bool batched = false) {
  return parseWithWorkspace(
      R"({"name": "workspace", "kind": "workspace", "bytes": )" +
          std::to_string(bytes) +
          R"(, "init": "zero", "alignment": 16, "access": "readwrite"},
          {"name": "B", "element_type": "f32", "shape": [17, 45],
           "box": [16, 32], "access": "read", "interleave": "none",
           "swizzle": "none", "l2_promotion": "none", "oob_fill": "zero", )" +
          fields + "}",
      m, error, batched);
}
} // namespace

TEST(Manifest, ReadsTheMapOfAPackedCopyOfB) {
  Manifest m;
  std::string e;
  ASSERT_TRUE(parseWithCopy(4360,
                            R"("kind": "tensor_map", "view": "workspace_copy",
                               "workspace_offset": 0, "row_stride": 256)",
                            m, e))
      << e;
  const KernelSpec &k = m.kernels[0];
  EXPECT_EQ(k.workspaceBytes, 4360);
  ASSERT_EQ(k.args.size(), 4u);
  const BufferArg &copy = k.args[3];
  EXPECT_EQ(copy.name, "B");
  EXPECT_TRUE(copy.tensorMap);
  EXPECT_TRUE(copy.workspaceCopy);
  EXPECT_FALSE(copy.rowGroups);
  EXPECT_EQ(copy.workspaceOffset, 0);
  EXPECT_EQ(copy.rowStrideBytes, 256);
  EXPECT_EQ(copy.rows, 17);
  EXPECT_EQ(copy.cols, 45);
  EXPECT_EQ(copy.boxRows, 16);
  EXPECT_EQ(copy.boxCols, 32);
  // B itself stays a buffer the kernel reads.
  EXPECT_FALSE(k.args[1].tensorMap);
}

TEST(Manifest, ReadsTheMapOfABatchedCopyOfB) {
  // A batch's copy holds its 2 matrices of 17 rows of 256 bytes, one after
  // the other: 8704 bytes.
  const char *fields = R"("kind": "tensor_map", "view": "workspace_copy",
                          "workspace_offset": 0, "row_stride": 256)";
  Manifest m;
  std::string e;
  ASSERT_TRUE(parseWithCopy(8704, fields, m, e, /*batched=*/true)) << e;
  const KernelSpec &k = m.kernels[0];
  EXPECT_EQ(k.batch, 2);
  const BufferArg &copy = k.args[3];
  EXPECT_TRUE(copy.workspaceCopy);
  EXPECT_EQ(copy.rows, 17);
  EXPECT_EQ(copy.cols, 45);
  EXPECT_EQ(k.matrices("B"), 2);
  Manifest small;
  EXPECT_FALSE(parseWithCopy(8700, fields, small, e, /*batched=*/true));
  EXPECT_EQ(e, "kernels[0].args[4]: B's copy (34 rows of 256 bytes at offset "
               "0) does not fit the workspace of 8700 bytes");
}

TEST(Manifest, RejectsABrokenMapOfACopyOfB) {
  struct Case {
    int64_t workspaceBytes;
    const char *fields, *error;
  };
  for (const Case &c : std::initializer_list<Case>{
           {4360, R"("kind": "buffer")",
            "kernels[0].args[4].kind: expected tensor_map (of a copy in "
            "the workspace), got buffer"},
           {4360, R"("kind": "tensor_map", "view": "matrix",
                     "workspace_offset": 0, "row_stride": 256)",
            "kernels[0].args[4].view: expected workspace_copy, got matrix"},
           {4360, R"("kind": "tensor_map", "view": "workspace_copy",
                     "row_stride": 256)",
            "kernels[0].args[4]: missing field 'workspace_offset'"},
           {4360, R"("kind": "tensor_map", "view": "workspace_copy",
                     "workspace_offset": 64, "row_stride": 256)",
            "kernels[0].args[4]: a tensor map needs a 128-byte-aligned "
            "start and a row stride of 16-byte multiples, got offset 64 and "
            "stride 256"},
           {4096, R"("kind": "tensor_map", "view": "workspace_copy",
                     "workspace_offset": 0, "row_stride": 256)",
            "kernels[0].args[4]: B's copy (17 rows of 256 bytes at offset "
            "0) does not fit the workspace of 4096 bytes"},
           {4360, R"("kind": "tensor_map", "view": "workspace_copy",
                     "workspace_offset": 0, "row_stride": 160)",
            "kernels[0].args[4]: B's copy has rows of 180 bytes, more than "
            "its row stride of 160"}}) {
    Manifest m;
    std::string e;
    EXPECT_FALSE(parseWithCopy(c.workspaceBytes, c.fields, m, e)) << c.fields;
    EXPECT_EQ(e, c.error);
  }
  Manifest m;
  std::string e;
  // Only the fifth argument may map the workspace.
  EXPECT_FALSE(parseTensorMapB(
      "[8, 32]",
      "\"view\": \"workspace_copy\", \"interleave\": \"none\", "
      "\"swizzle\": \"none\", \"l2_promotion\": \"none\", \"oob_fill\": "
      "\"zero\"",
      m, e));
  EXPECT_EQ(e, "kernels[0].args[1].view: expected matrix or row_groups, got "
               "workspace_copy");
}

namespace {
/// The valid manifest (33 x 45 x 17 f32) with `precision` and a workspace
/// followed by maps of the copies `copies` ({name, part, transposed});
/// `truncated` 'A' or 'B': B a tensor map of itself and that operand
/// truncated ('A': registers = b, N = 48, the map's rows 16-byte
/// multiples; 'B': truncated = b); `batched`: a batch of 2 (A, B and C
/// 3-D, the grid's z 2).
bool parseTF32(
    const std::string &precision,
    std::initializer_list<std::tuple<const char *, const char *, bool>> copies,
    Manifest &m, std::string &error, bool transposeB = false,
    char truncated = 0, bool batched = false) {
  std::string args =
      R"({"name": "workspace", "kind": "workspace", "bytes": 65536,
          "init": "zero", "alignment": 16, "access": "readwrite"})";
  int64_t offset = 0;
  // (truncated = b reads B's rows of K elements through a map: K = 20.)
  int64_t k = truncated == 'B' ? 20 : 17;
  for (auto [name, part, transposed] : copies) {
    bool a = std::string(name) == "A";
    // A: 33 x K; B: K x 45 (stored 45 x K with transposeB), its copies
    // 45 x K.
    bool nByK = transposed != transposeB;
    int64_t rows = a ? 33 : nByK ? 45 : k, cols = a || nByK ? k : 45;
    args += R"(, {"name": ")" + std::string(name) +
            R"(", "element_type": "f32", "shape": [)" + std::to_string(rows) +
            ", " + std::to_string(cols) +
            R"(], "box": [32, 32], "access": "read", "interleave": "none",
              "swizzle": "128B", "l2_promotion": "none", "oob_fill": "zero",
              "kind": "tensor_map", "view": "workspace_copy",
              "workspace_offset": )" +
            std::to_string(offset) + R"(, "row_stride": 256, "part": ")" +
            part + R"(", "transposed": )" + (transposed ? "true" : "false") +
            "}";
    offset += 128 * 100;
  }
  std::string text = readValid();
  const std::string acc = "\"accumulate\": false";
  text.replace(text.find(acc), acc.size(),
               acc + ", \"precision\": \"" + precision + "\"" +
                   (truncated ? std::string(", \"tf32_truncated\": [\"") +
                                    truncated + "\"]"
                              : std::string()));
  const std::string bBuffer =
      "\"name\": \"B\",\n          \"kind\": \"buffer\",";
  if (truncated) {
    text.replace(text.find(bBuffer), bBuffer.size(),
                 R"("name": "B", "kind": "tensor_map", "box": [32, 32],
                    "interleave": "none", "swizzle": "128B",
                    "l2_promotion": "none", "oob_fill": "zero",
                    "view": "matrix",)");
    const char *from = truncated == 'A' ? "45" : "17";
    const char *to = truncated == 'A' ? "48" : "20";
    for (size_t at; (at = text.find(from)) != std::string::npos;)
      text.replace(at, 2, to);
  }
  const std::string cEnd = "\"access\": \"write\"\n        }";
  text.insert(text.find(cEnd) + cEnd.size(), ",\n" + args);
  if (transposeB) {
    for (auto [from, to] :
         {std::pair<std::string, std::string>{"\"b_layout\": \"row-major\"",
                                              "\"b_layout\": \"column-major\""},
          {"[\n            " + std::to_string(k) +
               ",\n            45\n          ]",
           "[45, " + std::to_string(k) + "]"}})
      text.replace(text.find(from), from.size(), to);
  }
  if (batched)
    makeBatched(text);
  return parseManifest(text, "/art", m, error);
}
} // namespace

TEST(Manifest, ReadsTheCopiesOfATF32Kernel) {
  Manifest m;
  std::string e;
  // K = 17: A's rows are not 16-byte multiples, so A's exact copy comes
  // first, then B's transposed parts.
  ASSERT_TRUE(parseTF32(
      "tf32x3",
      {{"A", "exact", false}, {"B", "high", true}, {"B", "low", true}}, m, e))
      << e;
  const KernelSpec &k = m.kernels[0];
  EXPECT_EQ(k.precision, "tf32x3");
  EXPECT_TRUE(k.isTF32());
  ASSERT_EQ(k.args.size(), 6u);
  const BufferArg &bLow = k.args[5];
  EXPECT_EQ(bLow.name, "B");
  EXPECT_EQ(bLow.part, "low");
  EXPECT_TRUE(bLow.transposed);
  EXPECT_EQ(bLow.rows, 45);
  EXPECT_EQ(bLow.cols, 17);
  EXPECT_EQ(bLow.workspaceOffset, 2 * 12800);
  Manifest one;
  ASSERT_TRUE(parseTF32("tf32", {{"A", "exact", false}, {"B", "rounded", true}},
                        one, e))
      << e;
  EXPECT_EQ(one.kernels[0].precision, "tf32");
  // B stored N x K: its copy is as it is, not transposed.
  Manifest stored;
  ASSERT_TRUE(parseTF32("tf32",
                        {{"A", "exact", false}, {"B", "rounded", false}},
                        stored, e, /*transposeB=*/true))
      << e;
  EXPECT_TRUE(stored.kernels[0].transposeB);
  EXPECT_FALSE(parseTF32("tf32",
                         {{"A", "exact", false}, {"B", "rounded", true}},
                         stored, e, /*transposeB=*/true));
  EXPECT_EQ(e, "kernels[0].args: ABI mismatch: precision tf32 reads the copies "
               "A exact, B rounded, got A exact, B rounded transposed");
}

TEST(Manifest, ReadsATF32KernelWithBInRegisters) {
  Manifest m;
  std::string e;
  // registers = b: B through its own map, no copy of B (A's exact copy
  // still, K = 17); A truncated, which the bound counts.
  ASSERT_TRUE(parseTF32("tf32", {{"A", "exact", false}}, m, e,
                        /*transposeB=*/false, /*truncated=*/'A'))
      << e;
  const KernelSpec &k = m.kernels[0];
  EXPECT_TRUE(k.args[1].tensorMap);
  EXPECT_TRUE(k.tf32Truncated[0]);
  EXPECT_FALSE(k.tf32Truncated[1]);
  // Without the truncation B's map is no reason to leave out its copy.
  EXPECT_FALSE(parseTF32("tf32", {{"A", "exact", false}}, m, e));
  EXPECT_EQ(e, "kernels[0].args: ABI mismatch: precision tf32 reads the "
               "copies A exact, B rounded transposed, got A exact");
  // tf32_truncated is tf32's.
  EXPECT_FALSE(parseTF32("tf32x3", {{"A", "exact", false}}, m, e,
                         /*transposeB=*/false, /*truncated=*/'A'));
  EXPECT_EQ(e, "kernels[0].problem.tf32_truncated: is for precision tf32, "
               "got tf32x3");
}

TEST(Manifest, ReadsTheCopiesOfABatchedTF32Kernel) {
  Manifest m;
  std::string e;
  // A batch's copies hold its 2 matrices one after the other: tf32x3 with
  // K = 17, A's exact copy and B's transposed parts, each 2 x rows.
  ASSERT_TRUE(parseTF32(
      "tf32x3",
      {{"A", "exact", false}, {"B", "high", true}, {"B", "low", true}}, m, e,
      /*transposeB=*/false, /*truncated=*/0, /*batched=*/true))
      << e;
  const KernelSpec &k = m.kernels[0];
  EXPECT_EQ(k.batch, 2);
  ASSERT_EQ(k.args.size(), 6u);
  EXPECT_EQ(k.matrices("A"), 2);
  EXPECT_EQ(k.matrices("B"), 2);
  EXPECT_EQ(k.args[4].part, "high");
  EXPECT_EQ(k.args[4].rows, 45);
  EXPECT_EQ(k.args[4].cols, 17);
  EXPECT_TRUE(k.args[4].workspaceCopy);
  // The copies are still checked against what the precision reads.
  EXPECT_FALSE(parseTF32("tf32x3", {{"A", "exact", false}}, m, e,
                         /*transposeB=*/false, /*truncated=*/0,
                         /*batched=*/true));
  EXPECT_EQ(e, "kernels[0].args: ABI mismatch: precision tf32x3 reads the "
               "copies A exact, B high transposed, B low transposed, got A "
               "exact");
}

TEST(Manifest, ReadsABatchedTF32KernelWithBTruncated) {
  Manifest m;
  std::string e;
  // truncated = b: B (stored N x K) read through its own map, no copies,
  // in a batch too.
  ASSERT_TRUE(parseTF32("tf32", {}, m, e, /*transposeB=*/true,
                        /*truncated=*/'B', /*batched=*/true))
      << e;
  const KernelSpec &k = m.kernels[0];
  EXPECT_TRUE(k.tf32Truncated[1]);
  EXPECT_FALSE(k.tf32Truncated[0]);
  EXPECT_TRUE(k.args[1].tensorMap);
  EXPECT_EQ(k.batches(), 2);
  // Without truncated = b the kernel must read B's rounded copy (and, K =
  // 17, A's exact one).
  EXPECT_FALSE(parseTF32("tf32", {}, m, e, /*transposeB=*/true));
  EXPECT_EQ(e, "kernels[0].args: ABI mismatch: precision tf32 reads the "
               "copies A exact, B rounded, got none");
}

TEST(Manifest, RejectsATF32KernelWithoutItsCopies) {
  Manifest m;
  std::string e;
  // B's copy must be transposed (its shape then N x K).
  EXPECT_FALSE(parseTF32(
      "tf32", {{"A", "exact", false}, {"B", "rounded", false}}, m, e));
  EXPECT_EQ(e, "kernels[0].args: ABI mismatch: precision tf32 reads the "
               "copies A exact, B rounded transposed, got A exact, B "
               "rounded");
  EXPECT_FALSE(
      parseTF32("tf32x3", {{"A", "exact", false}, {"B", "high", true}}, m, e));
  EXPECT_EQ(e, "kernels[0].args: ABI mismatch: precision tf32x3 reads the "
               "copies A exact, B high transposed, B low transposed, got A "
               "exact, B high transposed");
  // A's rounded copy (A is rounded in the kernel's registers now).
  EXPECT_FALSE(parseTF32(
      "tf32", {{"A", "rounded", false}, {"B", "rounded", true}}, m, e));
  EXPECT_EQ(e, "kernels[0].args: ABI mismatch: precision tf32 reads the "
               "copies A exact, B rounded transposed, got A rounded, B "
               "rounded transposed");
  EXPECT_FALSE(parseTF32("tf64", {}, m, e));
  EXPECT_EQ(e, "kernels[0].problem.precision: expected ieee, tf32 or tf32x3, "
               "got tf64");
  EXPECT_FALSE(parseTF32("tf32", {{"A", "middle", false}}, m, e));
  EXPECT_EQ(e, "kernels[0].args[4].part: expected exact, rounded, high or "
               "low, got middle");
}

namespace {
/// The valid kernel with a fused epilogue relu(x + E1[n]) * E2[m, n] and C
/// of `outType`; `args` the two inputs' arguments (after C).
bool parseWithEpilogue(const std::string &program, const std::string &args,
                       std::string &e, Manifest *out = nullptr,
                       const std::string &cType = "f32") {
  return parseEdited(
      {{"\"computes\": \"C = A * B\"",
        "\"computes\": \"C = ...\", \"epilogue\": " + program},
       {"\"element_type\": \"f32\",\n          \"shape\": [\n            33,\n"
        "            45",
        "\"element_type\": \"" + cType +
            "\",\n          \"shape\": [\n            33,\n            45"},
       {"\"access\": \"write\"\n        }", "\"access\": \"write\"\n        }" +
                                               args}},
      e, out);
}

const char *kProgram = R"J({
  "inputs": [{"name": "E1", "index": "n", "element_type": "f16"},
             {"name": "E2", "index": "mn", "element_type": "f32"}],
  "steps": [{"op": "extf", "operands": [1], "type": "f32"},
            {"op": "addf", "operands": [0, 3], "type": "f32"},
            {"op": "constant", "operands": [], "type": "f32", "value": 0},
            {"op": "maximumf", "operands": [4, 5], "type": "f32"},
            {"op": "mulf", "operands": [6, 2], "type": "f32"},
            {"op": "truncf", "operands": [7], "type": "bf16"}],
  "result": 8, "output_type": "bf16",
  "expression": "bf16(maximumf((x + f32(E1[n])), 0) * E2[m, n])"})J";

const char *kInputArgs =
    R"(, {"name": "E1", "kind": "buffer", "element_type": "f16",
          "shape": [1, 45], "access": "read"},
        {"name": "E2", "kind": "buffer", "element_type": "f32",
          "shape": [33, 45], "access": "read"})";
} // namespace

TEST(Manifest, ReadsAFusedEpilogue) {
  std::string e;
  Manifest m;
  ASSERT_TRUE(parseWithEpilogue(kProgram, kInputArgs, e, &m, "bf16")) << e;
  const KernelSpec &k = m.kernels[0];
  ASSERT_TRUE(k.epilogue);
  EXPECT_EQ(k.outType(), ElementType::BF16);
  EXPECT_EQ(k.cType, ElementType::F32);
  ASSERT_EQ(k.epilogueArgs.size(), 2u);
  EXPECT_EQ(k.epilogueArgs[0].name, "E1");
  EXPECT_EQ(k.epilogueArgs[1].rows, 33);
  const EpilogueSpec &p = *k.epilogue;
  // relu(x + E1) * E2 at a few points, in FP64.
  EXPECT_DOUBLE_EQ(p.evaluate(1.5, {0.25, 2.0}), 3.5);
  EXPECT_DOUBLE_EQ(p.evaluate(-1.5, {0.25, 2.0}), 0.0);
  EXPECT_EQ(p.ops(), 5);
  // bf16 output once, f32 addf, maximumf and mulf at 2^-20 each.
  EXPECT_DOUBLE_EQ(p.roundingUnit(),
                   std::ldexp(1.0, -8) + 3 * std::ldexp(1.0, -20));
  // C of the matmul's type where the epilogue writes bf16.
  EXPECT_FALSE(parseWithEpilogue(kProgram, kInputArgs, e));
  EXPECT_EQ(e, "kernels[0].args[2]: ABI mismatch: expected buffer C of "
               "bf16[33x45], got buffer C of f32[33x45]");
}

TEST(Manifest, RejectsABrokenEpilogue) {
  std::string e;
  auto edited = [](std::string text, const std::string &from,
                   const std::string &to) {
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  // An op tile-run does not know, an operand defined later, a result out
  // of the program, a missing input argument, a vector of the wrong shape.
  EXPECT_FALSE(parseWithEpilogue(edited(kProgram, "maximumf", "math.sin"),
                                 kInputArgs, e, nullptr, "bf16"));
  EXPECT_EQ(e, "kernels[0].problem.epilogue.steps[3].op: op 'math.sin' is "
               "not known to tile-run");
  EXPECT_FALSE(parseWithEpilogue(edited(kProgram, "[6, 2]", "[6, 8]"),
                                 kInputArgs, e, nullptr, "bf16"));
  EXPECT_EQ(e, "kernels[0].problem.epilogue.steps[4].operands: expected "
               "values defined before");
  EXPECT_FALSE(parseWithEpilogue(edited(kProgram, "\"result\": 8",
                                        "\"result\": 9"),
                                 kInputArgs, e, nullptr, "bf16"));
  EXPECT_EQ(e, "kernels[0].problem.epilogue.result: expected a value of the "
               "program");
  EXPECT_FALSE(parseWithEpilogue(kProgram, "", e, nullptr, "bf16"));
  EXPECT_NE(e.find("ABI mismatch"), std::string::npos) << e;
  EXPECT_FALSE(parseWithEpilogue(kProgram,
                                 edited(kInputArgs, "[1, 45]", "[45, 1]"), e,
                                 nullptr, "bf16"));
  EXPECT_EQ(e, "kernels[0].args[3]: ABI mismatch: expected buffer E1 of "
               "f16[1x45]");
}

TEST(Manifest, ReadsABatchedEpilogue) {
  // (x + E1[b, n]) * E2[m, n] after a batch of 2: E1 a vector per batch
  // ([2, 1, 45]), E2 one matrix for both.
  const std::string program = R"J({
    "inputs": [{"name": "E1", "index": "n", "element_type": "f32",
                "batched": true},
               {"name": "E2", "index": "mn", "element_type": "f32"}],
    "steps": [{"op": "addf", "operands": [0, 1], "type": "f32"},
              {"op": "mulf", "operands": [3, 2], "type": "f32"}],
    "result": 4, "output_type": "f32",
    "expression": "((x + E1[b, n]) * E2[m, n])"})J";
  auto parse = [&](const std::string &e1Shape, std::string &e, Manifest *m) {
    return parseEdited(
        {{"\"k\": 17,", "\"k\": 17, \"batch\": 2,"},
         {"\"grid\": [\n          3,\n          3,\n          1",
          "\"grid\": [3, 3, 2"},
         {"[\n            33,\n            17\n          ]", "[2, 33, 17]"},
         {"[\n            17,\n            45\n          ]", "[2, 17, 45]"},
         {"[\n            33,\n            45\n          ]", "[2, 33, 45]"},
         {"\"computes\": \"C = A * B\"",
          "\"computes\": \"C = ...\", \"epilogue\": " + program},
         {"\"access\": \"write\"\n        }",
          "\"access\": \"write\"\n        }, {\"name\": \"E1\", \"kind\": "
          "\"buffer\", \"element_type\": \"f32\", \"shape\": " +
              e1Shape +
              ", \"access\": \"read\"}, {\"name\": \"E2\", \"kind\": "
              "\"buffer\", \"element_type\": \"f32\", \"shape\": [33, 45], "
              "\"access\": \"read\"}"}},
        e, m);
  };
  std::string e;
  Manifest m;
  ASSERT_TRUE(parse("[2, 1, 45]", e, &m)) << e;
  const EpilogueSpec &p = *m.kernels[0].epilogue;
  EXPECT_TRUE(p.inputs[0].batched);
  EXPECT_FALSE(p.inputs[1].batched);
  // Element (b, 2, 3) reads E1[b * 45 + 3] and E2[2 * 45 + 3].
  std::vector<double> x(2 * 33 * 45, 1.0);
  std::vector<std::vector<float>> in{std::vector<float>(2 * 45, 0.0f),
                                     std::vector<float>(33 * 45, 1.0f)};
  in[0][3] = 2.0f;
  in[0][45 + 3] = 4.0f;
  in[1][2 * 45 + 3] = 0.5f;
  std::vector<double> y = applyEpilogue(p, x, in, 33, 45);
  EXPECT_DOUBLE_EQ(y[2 * 45 + 3], 1.5);
  EXPECT_DOUBLE_EQ(y[33 * 45 + 2 * 45 + 3], 2.5);
  EXPECT_DOUBLE_EQ(y[33 * 45 + 3], 5.0);
  // One vector where the manifest says one per batch.
  EXPECT_FALSE(parse("[1, 45]", e, nullptr));
  EXPECT_EQ(e, "kernels[0].args[3]: ABI mismatch: expected buffer E1 of "
               "f32[2x1x45]");
  // A batched input without a batch.
  std::string batchedProgram = kProgram;
  const std::string f16 = "\"element_type\": \"f16\"";
  batchedProgram.replace(batchedProgram.find(f16), f16.size(),
                         f16 + ", \"batched\": true");
  EXPECT_FALSE(
      parseWithEpilogue(batchedProgram, kInputArgs, e, nullptr, "bf16"));
  EXPECT_EQ(e, "kernels[0].problem.epilogue: input E1 is batched in a "
               "problem without a batch");
}

TEST(Epilogue, BoundsTheErrorThroughTheProgram) {
  // tanh(x) near 0 changes by about t for x within t; the roundings add
  // (2^-20 for the f32 tanh + 2^-8 for the bf16 output) x max(1, |y|).
  EpilogueSpec e;
  std::string error;
  ASSERT_TRUE(parseEpilogue(
      Json::parse(R"({"inputs": [], "steps": [
        {"op": "math.tanh", "operands": [0], "type": "f32"},
        {"op": "truncf", "operands": [1], "type": "bf16"}],
        "result": 2, "output_type": "bf16"})"),
      "e", e, error))
      << error;
  std::vector<double> x = {0.0, 0.5};
  std::vector<double> y = applyEpilogue(e, x, {}, 1, 2);
  EXPECT_DOUBLE_EQ(y[1], std::tanh(0.5));
  double t = 1e-3;
  double bound = epilogueTolerance(e, x, {}, 1, 2, t);
  EXPECT_NEAR(bound,
              std::tanh(t) + std::ldexp(1.0, -20) + std::ldexp(1.0, -8),
              1e-6);
}

TEST(Epilogue, TakesAnApproximateInstructionsBound) {
  // tanh.approx.f32's 2^-10.987 replaces the f32 step's 2^-20; a bound
  // outside [0, 1] is refused.
  const std::string program = R"({"inputs": [], "steps": [
        {"op": "math.tanh", "operands": [0], "type": "f32",
         "instruction": "tanh.approx.f32", "relative_error": ERR},
        {"op": "truncf", "operands": [1], "type": "f16"}],
        "result": 2, "output_type": "f16"})";
  auto parse = [&](const std::string &err, EpilogueSpec &e,
                   std::string &error) {
    std::string text = program;
    text.replace(text.find("ERR"), 3, err);
    return parseEpilogue(Json::parse(text), "e", e, error);
  };
  EpilogueSpec e;
  std::string error;
  ASSERT_TRUE(parse("0.00049270099308822", e, error)) << error;
  EXPECT_DOUBLE_EQ(e.roundingUnit(),
                   0.00049270099308822 + std::ldexp(1.0, -11));
  EpilogueSpec bad;
  EXPECT_FALSE(parse("2", bad, error));
  EXPECT_EQ(error, "e.steps[0].relative_error: expected a number in [0, 1]");
  EXPECT_FALSE(parse("\"small\"", bad, error));
}
