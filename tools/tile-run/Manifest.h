//===- Manifest.h - Reading a kernel artifact's manifest ----------*- C++ -*-===//
//
// The runtime side of the compiler/runtime contract (docs/manifest.md):
// parses and validates `manifest.json` into `KernelSpec`s. Everything that
// can be wrong with an artifact without touching a GPU (syntax, version,
// missing files, an ABI tile-run cannot launch) is reported here.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_MANIFEST_H
#define TILERUN_MANIFEST_H

#include "Json.h"

#include "ElementType.h"
#include "Epilogue.h"
#include <cstdint>
#include <optional>

#include <string>
#include <utility>
#include <vector>

namespace tilerun {

/// The manifest version this tile-run reads.
constexpr int kSupportedManifestVersion = 1;

struct BufferArg {
  std::string name;        ///< "A", "B" or "C"
  std::string elementType; ///< "f32", "f16" or "bf16"
  int64_t rows = 0, cols = 0;
  std::string access; ///< "read", "write" or "readwrite"
  /// kind "tensor_map" (A or B with copy = tma): the parameter is the device
  /// address of a CUtensorMap of this buffer with boxes of boxRows x
  /// boxCols elements, dense (no interleave; no swizzle, or 128B), zero fill
  /// out of bounds, and this L2 promotion (0, 64, 128 or 256 bytes).
  bool tensorMap = false;
  int64_t boxRows = 0, boxCols = 0;
  /// view "row_groups": the map is 2-D over the matrix seen as rows / 4
  /// rows of 4 x cols elements (rows a multiple of 4), and the box is in
  /// that view; otherwise ("matrix") over the matrix's own rows.
  bool rowGroups = false;
  /// view "workspace_copy" (pack_b): the map is over a copy of the matrix
  /// that the kernel writes into its workspace, `workspaceOffset` bytes in,
  /// rows `rowStrideBytes` apart.
  bool workspaceCopy = false;
  int64_t workspaceOffset = 0, rowStrideBytes = 0;
  /// A workspace copy's part ("exact", "rounded", "high", "low") and
  /// whether it holds the matrix transposed (B as N x K).
  std::string part = "exact";
  bool transposed = false;
  int l2PromotionBytes = 0;
  /// A window of a larger buffer (the argument's "window"; A, B or C):
  /// the kernel takes a buffer of `bufferElements`, and element (b, r, c)
  /// of the operand (rows x cols per matrix) is its element `windowOffset`
  /// + b x `batchStride` + r x `rowStride` + c. A tensor map is encoded
  /// over the window.
  bool window = false;
  int64_t bufferElements = 0, windowOffset = 0, rowStride = 0,
          batchStride = 0;
  /// The buffer element of the operand's element `i` (batch, row, column
  /// order).
  int64_t windowElement(int64_t i) const {
    int64_t matrix = i / (rows * cols), row = i / cols % rows, col = i % cols;
    return windowOffset + matrix * batchStride + row * rowStride + col;
  }
  /// The swizzle span in bytes ("128B": 128; "none": 0); a swizzled box's
  /// rows are at most that many bytes.
  int swizzleBytes = 0;
};

struct KernelSpec {
  std::string name;
  std::string ptxPath;   ///< absolute or relative to the cwd
  std::string cubinPath; ///< empty when the artifact has no cubin
  std::string chip;      ///< "sm_90", "sm_90a", ...
  int computeCapability = 0; ///< 90 for sm_90 and sm_90a
  int64_t m = 0, n = 0, k = 0;
  std::string elementType; ///< A's and B's, as the manifest names it
  ElementType abType = ElementType::F32, cType = ElementType::F32;
  bool accumulate = false; ///< C += A*B (true) or C = A*B
  /// A or B column-major (the problem's a_layout, b_layout): stored
  /// transposed, A as K x M and B as N x K.
  bool transposeA = false, transposeB = false;
  /// A's and B's [rows, cols] as stored.
  std::pair<int64_t, int64_t> storedA() const {
    return transposeA ? std::pair(k, m) : std::pair(m, k);
  }
  std::pair<int64_t, int64_t> storedB() const {
    return transposeB ? std::pair(n, k) : std::pair(k, n);
  }
  /// A batched matmul's batch count (problem.batch; 0: not batched): A, B
  /// and C are that many matrices, one after the other, and the grid's z
  /// runs over them.
  int64_t batch = 0;
  int64_t batches() const { return batch ? batch : 1; }
  /// A batch whose A (problem.broadcast_a) or B (problem.broadcast_b) is
  /// one matrix that every batch reads: that buffer and tensor map are 2-D.
  bool broadcastA = false, broadcastB = false;
  /// Whether operand `name` ("A", "B", "C") has a matrix per batch.
  bool isBatched(const std::string &name) const {
    return batch && !(broadcastA && name == "A") &&
           !(broadcastB && name == "B");
  }
  int64_t matrices(const std::string &name) const {
    return isBatched(name) ? batches() : 1;
  }
  /// Elements from one batch's A (B) to the next's (0: broadcast).
  int64_t strideA() const { return broadcastA ? 0 : m * k; }
  int64_t strideB() const { return broadcastB ? 0 : k * n; }
  /// How f32 products are formed: "ieee", "tf32" or "tf32x3" (the
  /// problem's `precision`; docs/precision.md).
  std::string precision = "ieee";
  bool isTF32() const { return precision != "ieee"; }
  /// tf32: the operands (0: A, 1: B) the tensor cores read truncated to
  /// TF32 rather than rounded to nearest (problem.tf32_truncated).
  bool tf32Truncated[2] = {false, false};
  /// A fused epilogue (problem.epilogue): its program, and C's element
  /// type is its output's.
  std::optional<EpilogueSpec> epilogue;
  ElementType outType() const {
    return epilogue ? epilogue->outType : cType;
  }
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  unsigned dynamicSharedBytes = 0;
  /// Blocks per thread-block cluster (launch.cluster; 1 x 1 x 1: none).
  unsigned cluster[3] = {1, 1, 1};
  bool hasCluster() const { return cluster[0] * cluster[1] * cluster[2] > 1; }
  /// A, B, C, then the tensor maps of the copies in the workspace (pack_b:
  /// B's; tf32: A's and B's transposed; tf32x3: their high, then low parts).
  std::vector<BufferArg> args;
  /// The epilogue's inputs E1, E2, ..., the last parameters.
  std::vector<BufferArg> epilogueArgs;
  /// A fourth parameter (stream_k, pack_b, TF32): a workspace of this many
  /// bytes,
  /// zeroed before the kernel's first launch (the kernel leaves it
  /// zeroed); 0 when the kernel takes none.
  int64_t workspaceBytes = 0;
  /// The blocks of such a kernel that wait on each other and must be
  /// resident at once (the workspace's `resident_blocks`; the whole grid
  /// when the manifest does not say).
  int64_t residentBlocks = 0;
  double usefulFlops = 0, executedFlops = 0;
  Json config;    ///< the manifest's config object, passed through
  Json resources; ///< ptxas figures or null, passed through
};

struct Manifest {
  std::string dir;
  int version = 0;
  Json generator;
  std::vector<KernelSpec> kernels;
};

/// Parses manifest text; `dir` is where the files it names live. Returns
/// false with a message naming the offending field on any problem.
bool parseManifest(const std::string &text, const std::string &dir,
                   Manifest &out, std::string &error);

/// What a device allows a launch (CUDA device attributes); 0 where unknown.
struct LaunchLimits {
  int block[3] = {0, 0, 0};
  int grid[3] = {0, 0, 0};
  int threads = 0;     ///< threads per block (the device's and the kernel's)
  int sharedBytes = 0; ///< static + dynamic shared memory per block, opt-in
};

/// Why `k`'s launch exceeds `limits` (a block or grid side, the threads per
/// block, static plus dynamic shared memory), or "".
std::string findLaunchViolation(const KernelSpec &k, const LaunchLimits &limits,
                                int staticSharedBytes);

/// Reads the regular file `path`, of at most `maxBytes`, into `out`; false
/// with a message (missing, not a regular file, too large) otherwise.
bool readArtifactFile(const std::string &path, uint64_t maxBytes,
                      std::string &out, std::string &error);

/// Reads `dir/manifest.json` and checks that the files it names exist.
bool loadManifest(const std::string &dir, Manifest &out, std::string &error);

} // namespace tilerun

#endif // TILERUN_MANIFEST_H
