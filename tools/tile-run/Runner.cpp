//===- Runner.cpp - Check and time kernels against cuBLAS ----------------===//
//
// The GPU half of tile-run: context and module set-up through the driver API,
// seeded inputs, a poisoned output, the FP32/FP64 cuBLAS references, and
// event-timed runs of the kernel and of cuBLAS SGEMM in the same process,
// rotating input buffers when one set would fit in L2.
//
//===----------------------------------------------------------------------===//
#include "Runner.h"
#include "ClockProbe.h"
#include "CublasLt.h"
#include "CudaDriver.h"
#include "EpilogueKernel.h"

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>

using namespace tilerun;

//===----------------------------------------------------------------------===//
// GPU session
//===----------------------------------------------------------------------===//

namespace {

/// The element-wise bound of a TF32 kernel's check (Stats.h), and its
/// formula.
TF32Bound tf32Bound(const KernelSpec &k) {
  return getTF32Bound(k.precision == "tf32x3", k.k,
                      k.tf32Truncated[0] + k.tf32Truncated[1]);
}
const char *tf32BoundText(const KernelSpec &k) {
  static const char *const tf32[] = {
      "2^-10 + 2^-22 + K * 2^-24",
      "2^-10 + 2^-11 + 2^-21 + K * 2^-24; one operand truncated",
      "2^-9 + 2^-20 + K * 2^-24; both truncated"};
  return k.precision == "tf32x3"
             ? "3 * 2^-21 + 3K * 2^-24"
             : tf32[k.tf32Truncated[0] + k.tf32Truncated[1]];
}

/// A failure with the exit code it maps to.
struct Failure {
  int code;
  std::string message;
};

/// A kernel's parameters: A, B, C, the workspace, up to 4 maps of copies
/// in it (the manifest's limit); unused ones are 0 and not read.
constexpr int kMaxParams = 16;
using Params = std::array<CUdeviceptr, kMaxParams>;

/// splitmix64: a small, seedable, portable generator.
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [-1, 1], never exactly zero.
  float uniform() {
    double u = (next() >> 11) * 0x1.0p-53; // [0, 1)
    float v = static_cast<float>(2.0 * u - 1.0);
    return v == 0.0f ? 0x1.0p-24f : v;
  }
};

std::vector<float> randomMatrix(int64_t count, Random &rng) {
  std::vector<float> v(static_cast<size_t>(count));
  for (float &x : v)
    x = rng.uniform();
  return v;
}

/// `values` rounded to `type` (to nearest even, as the device holds them),
/// in place.
void roundTo(std::vector<float> &values, ElementType type) {
  for (float &v : values)
    v = type == ElementType::F16    ? __half2float(__float2half_rn(v))
        : type == ElementType::BF16 ? __bfloat162float(__float2bfloat16_rn(v))
                                    : v;
}

/// The ABI lets a kernel read the whole aligned 16-byte granule around an
/// element it reads (docs/manifest.md): buffers are allocated in granules.
int64_t granules(int64_t bytes) { return (bytes + 15) / 16 * 16; }

/// `values` (already of `type`) as the device's bytes.
std::vector<uint8_t> encode(const std::vector<float> &values,
                            ElementType type) {
  std::vector<uint8_t> bytes(values.size() * elementBytes(type));
  for (size_t i = 0; i < values.size(); ++i) {
    if (type == ElementType::F32) {
      std::memcpy(&bytes[i * 4], &values[i], 4);
      continue;
    }
    uint16_t bits;
    if (type == ElementType::F16) {
      __half h = __float2half_rn(values[i]);
      std::memcpy(&bits, &h, 2);
    } else {
      __nv_bfloat16 h = __float2bfloat16_rn(values[i]);
      std::memcpy(&bits, &h, 2);
    }
    std::memcpy(&bytes[i * 2], &bits, 2);
  }
  return bytes;
}

/// The device's bytes of `count` values of `type`, as floats.
std::vector<float> decode(const std::vector<uint8_t> &bytes, ElementType type,
                          int64_t count) {
  std::vector<float> values(static_cast<size_t>(count));
  for (size_t i = 0; i < values.size(); ++i) {
    if (type == ElementType::F32) {
      std::memcpy(&values[i], &bytes[i * 4], 4);
    } else if (type == ElementType::F16) {
      __half h;
      std::memcpy(&h, &bytes[i * 2], 2);
      values[i] = __half2float(h);
    } else {
      __nv_bfloat16 h;
      std::memcpy(&h, &bytes[i * 2], 2);
      values[i] = __bfloat162float(h);
    }
  }
  return values;
}

/// C's poison: a quiet NaN of `type`, as bits (its low bytes).
uint32_t poisonBits(ElementType type) {
  return type == ElementType::F32   ? 0x7FC00000u
         : type == ElementType::F16 ? 0x7E00u
                                    : 0x7FC0u;
}

/// `count` elements of C's poison, as bytes.
std::vector<uint8_t> poisonBytes(ElementType type, int64_t count) {
  int64_t bytes = elementBytes(type);
  uint32_t bits = poisonBits(type);
  std::vector<uint8_t> out(count * bytes);
  for (int64_t i = 0; i < count; ++i)
    std::memcpy(out.data() + i * bytes, &bits, bytes);
  return out;
}

/// Moves an operand's elements of `elemBytes` between `dense` (batch, row,
/// column order) and their places in its window's `buffer`: into the
/// buffer (`toBuffer`) or out of it.
void moveWindow(const BufferArg &arg, int64_t elemBytes,
                std::vector<uint8_t> &dense, std::vector<uint8_t> &buffer,
                bool toBuffer) {
  int64_t count = int64_t(dense.size()) / elemBytes;
  for (int64_t i = 0; i < count; ++i) {
    uint8_t *d = dense.data() + i * elemBytes;
    uint8_t *b = buffer.data() + arg.windowElement(i) * elemBytes;
    std::memcpy(toBuffer ? b : d, toBuffer ? d : b, elemBytes);
  }
}

/// The elements of a window's buffer outside its `count` window elements
/// that differ (bit for bit) between `before` and `after`.
int64_t countChangedOutside(const BufferArg &arg, int64_t elemBytes,
                            const std::vector<uint8_t> &before,
                            const std::vector<uint8_t> &after, int64_t count) {
  std::vector<bool> inside(before.size() / elemBytes, false);
  for (int64_t i = 0; i < count; ++i)
    inside[arg.windowElement(i)] = true;
  int64_t changed = 0;
  for (size_t e = 0; e < inside.size(); ++e)
    changed += !inside[e] && std::memcmp(before.data() + e * elemBytes,
                                         after.data() + e * elemBytes,
                                         elemBytes) != 0;
  return changed;
}

cudaDataType cudaType(ElementType type) {
  return type == ElementType::F16    ? CUDA_R_16F
         : type == ElementType::BF16 ? CUDA_R_16BF
                                     : CUDA_R_32F;
}

/// The largest PTX or cubin tile-run loads.
constexpr uint64_t kMaxBinaryBytes = 256 << 20;

const char *cublasStatusText(cublasStatus_t s) {
  return cublasGetStatusString(s);
}

class Session {
public:
  Session(const RunOptions &options) : opt(options) {}
  ~Session() {
    probe.reset();
    for (CUdeviceptr p : allocations)
      drv.cuMemFree(p);
    if (handle)
      cublasDestroy(handle);
    if (module)
      drv.cuModuleUnload(module);
    if (epilogueModule)
      drv.cuModuleUnload(epilogueModule);
    if (context)
      drv.cuDevicePrimaryCtxRelease(device);
  }

  /// Driver, device, context, cuBLAS.
  bool open(Failure &f) {
    std::string error;
    if (!drv.load(error))
      return fail(f, kExitNoDevice, error);
    CUresult r = drv.cuInit(0);
    if (r != CUDA_SUCCESS)
      return fail(f, kExitNoDevice,
                  "no usable GPU: cuInit failed: " + drv.describe(r));
    int count = 0;
    if (drv.cuDeviceGetCount(&count) != CUDA_SUCCESS || count == 0)
      return fail(f, kExitNoDevice, "no usable GPU: the driver sees no device");
    if (opt.device < 0 || opt.device >= count)
      return fail(f, kExitUsage, "--device " + std::to_string(opt.device) +
                                     ": the driver sees " +
                                     std::to_string(count) + " device(s)");
    if (!cu(drv.cuDeviceGet(&device, opt.device), "cuDeviceGet", f))
      return false;
    int major = 0, minor = 0;
    attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, major);
    attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, minor);
    computeCapability = major * 10 + minor;
    char name[256] = {0};
    drv.cuDeviceGetName(name, sizeof name, device);
    deviceName = name;
    attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, smCount);
    attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, l2Bytes);
    attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE, smClockKHz);
    attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, memClockKHz);
    drv.cuDriverGetVersion(&driverVersion);
    if (!cu(drv.cuDevicePrimaryCtxRetain(&context, device),
            "cuDevicePrimaryCtxRetain", f) ||
        !cu(drv.cuCtxSetCurrent(context), "cuCtxSetCurrent", f))
      return false;
    // Without the probe, timings carry no clock.
    probe = std::make_unique<ClockProbe>(drv);
    if (std::string why; !probe->load(why)) {
      std::printf("tile-run: note: %s; timings report no SM clock\n",
                  why.c_str());
      probe.reset();
    }
    if (opt.reference) {
      cublasStatus_t s = cublasCreate(&handle);
      if (s != CUBLAS_STATUS_SUCCESS)
        return fail(f, kExitCudaError,
                    std::string("cublasCreate failed: ") + cublasStatusText(s));
      // FP32 reference and baseline without TF32 tensor cores.
      cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH);
      cublasGetVersion(handle, &cublasVersion);
    }
    return true;
  }

  Json deviceJson() const {
    Json d = Json::object();
    d["name"] = deviceName;
    d["compute_capability"] = computeCapability;
    d["sm_count"] = smCount;
    d["l2_bytes"] = l2Bytes;
    d["sm_clock_khz"] = smClockKHz > 0 ? Json(smClockKHz) : Json();
    d["memory_clock_khz"] = memClockKHz > 0 ? Json(memClockKHz) : Json();
    d["driver_version"] = driverVersion;
    d["cuda_version_built"] = CUDA_VERSION;
    d["cublas_version"] = opt.reference ? Json(cublasVersion) : Json();
    return d;
  }

  std::string describeDevice() const {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "%s (compute capability %d.%d, %d SMs, L2 %d MB), driver "
                  "%d.%d, cuBLAS %s",
                  deviceName.c_str(), computeCapability / 10,
                  computeCapability % 10, smCount, l2Bytes >> 20,
                  driverVersion / 1000, (driverVersion % 1000) / 10,
                  opt.reference ? std::to_string(cublasVersion).c_str()
                                : "not used");
    return buf;
  }

  /// Runs one kernel; fills `result`. Returns the exit code for it.
  int runKernel(const KernelSpec &k, Json &result, Failure &f);

private:
  bool fail(Failure &f, int code, const std::string &message) {
    f = {code, message};
    return false;
  }
  bool cu(CUresult r, const char *what, Failure &f) {
    if (r == CUDA_SUCCESS)
      return true;
    return fail(f, kExitCudaError,
                std::string(what) + " failed: " + drv.describe(r));
  }
  bool blas(cublasStatus_t s, const char *what, Failure &f) {
    if (s == CUBLAS_STATUS_SUCCESS)
      return true;
    return fail(f, kExitCudaError,
                std::string(what) + " failed: " + cublasStatusText(s));
  }
  void attr(CUdevice_attribute a, int &out) {
    if (drv.cuDeviceGetAttribute(&out, a, device) != CUDA_SUCCESS)
      out = 0;
  }
  bool alloc(size_t bytes, const char *what, CUdeviceptr &out, Failure &f) {
    CUresult r = drv.cuMemAlloc(&out, bytes);
    if (r == CUDA_SUCCESS) {
      allocations.push_back(out);
      return true;
    }
    size_t freeBytes = 0, total = 0;
    drv.cuMemGetInfo(&freeBytes, &total);
    return fail(f, kExitCudaError,
                std::string("not enough device memory for ") + what + ": " +
                    std::to_string(bytes >> 20) + " MB requested, " +
                    std::to_string(freeBytes >> 20) + " MB free (" +
                    drv.describe(r) + ")");
  }

  bool loadKernel(const KernelSpec &k, CUfunction &fn, std::string &binary,
                  Failure &f);
  /// The kernel's parameters: for buffers (a, b, c) bare pointers, or for
  /// a tensor-map argument (copy = tma) the device address of a CUtensorMap
  /// of that buffer, encoded here and copied to the GPU; the workspace; the
  /// maps of the copies in it.
  bool makeParams(const KernelSpec &k, CUdeviceptr a, CUdeviceptr b,
                  CUdeviceptr c, Params &params, Failure &f) {
    CUdeviceptr buffers[3] = {a, b, c};
    params.fill(0);
    params[3] = workspace;
    // The epilogue's inputs after everything else.
    size_t next = k.workspaceBytes ? k.args.size() + 1 : k.args.size();
    if (next + epilogueBuffers.size() > kMaxParams)
      return fail(f, kExitUsage, "kernel '" + k.name + "' takes more than " +
                                     std::to_string(kMaxParams) +
                                     " parameters");
    for (size_t i = 0; i < epilogueBuffers.size(); ++i)
      params[next + i] = epilogueBuffers[i];
    for (size_t i = 0; i < k.args.size(); ++i) {
      const BufferArg &arg = k.args[i];
      // Arguments from the fourth on (pack_b, TF32) map copies in the
      // workspace: the parameters after it.
      size_t slot = i >= 3 ? i + 1 : i;
      CUdeviceptr buffer =
          arg.workspaceCopy ? workspace + arg.workspaceOffset : buffers[i];
      params[slot] = buffer;
      if (!arg.tensorMap)
        continue;
      int64_t elemBytes = elementBytes(k.abType);
      // A window's map starts at its first element, rows and matrices its
      // strides apart.
      if (arg.window)
        buffer += arg.windowOffset * elemBytes;
      // Dimensions, strides and boxes go innermost (columns) first; a view
      // of row groups has rows / 4 rows of 4 x cols elements.
      // A batched operand's map has a third dimension, its batch, one
      // matrix apart (boxes one batch deep; a copy's matrices are rows x
      // its row stride); a broadcast A's or B's has not.
      CUtensorMap map;
      int64_t group = arg.rowGroups ? 4 : 1;
      cuuint32_t rank = k.isBatched(arg.name) ? 3 : 2;
      cuuint64_t dims[3] = {static_cast<cuuint64_t>(arg.cols * group),
                            static_cast<cuuint64_t>(arg.rows / group),
                            static_cast<cuuint64_t>(k.batches())};
      cuuint64_t strides[2] = {
          arg.workspaceCopy ? static_cast<cuuint64_t>(arg.rowStrideBytes)
          : arg.window      ? static_cast<cuuint64_t>(arg.rowStride * elemBytes)
                       : static_cast<cuuint64_t>(arg.cols * group * elemBytes),
          static_cast<cuuint64_t>(
              arg.workspaceCopy
                  ? arg.rows * arg.rowStrideBytes
                  : (arg.window ? arg.batchStride : arg.rows * arg.cols) *
                        elemBytes)};
      CUtensorMapDataType dataType =
          k.abType == ElementType::F16    ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
          : k.abType == ElementType::BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                          : CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
      cuuint32_t box[3] = {static_cast<cuuint32_t>(arg.boxCols),
                           static_cast<cuuint32_t>(arg.boxRows), 1};
      cuuint32_t elementStrides[3] = {1, 1, 1};
      CUtensorMapL2promotion l2 =
          arg.l2PromotionBytes == 64    ? CU_TENSOR_MAP_L2_PROMOTION_L2_64B
          : arg.l2PromotionBytes == 128 ? CU_TENSOR_MAP_L2_PROMOTION_L2_128B
          : arg.l2PromotionBytes == 256 ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B
                                        : CU_TENSOR_MAP_L2_PROMOTION_NONE;
      std::string what = "encoding the tensor map of " + arg.name +
                         (arg.workspaceCopy ? "'s copy" : "");
      if (!cu(drv.cuTensorMapEncodeTiled(
                  &map, dataType, rank, reinterpret_cast<void *>(buffer), dims,
                  strides, box, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                  arg.swizzleBytes == 128 ? CU_TENSOR_MAP_SWIZZLE_128B
                                          : CU_TENSOR_MAP_SWIZZLE_NONE,
                  l2, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
              what.c_str(), f) ||
          // cuMemAlloc aligns to 256 bytes (the map needs 64).
          !alloc(sizeof map, "a tensor map", params[slot], f) ||
          !cu(drv.cuMemcpyHtoD(params[slot], &map, sizeof map), what.c_str(),
              f))
        return false;
    }
    return true;
  }
  bool launch(const KernelSpec &k, CUfunction fn, Params args, Failure &f) {
    void *params[kMaxParams];
    for (int i = 0; i < kMaxParams; ++i)
      params[i] = &args[i];
    if (!k.hasCluster())
      return cu(drv.cuLaunchKernel(
                    fn, k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1],
                    k.block[2], k.dynamicSharedBytes, nullptr, params, nullptr),
                "cuLaunchKernel", f);
    CUlaunchAttribute cluster{};
    cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    cluster.value.clusterDim.x = k.cluster[0];
    cluster.value.clusterDim.y = k.cluster[1];
    cluster.value.clusterDim.z = k.cluster[2];
    CUlaunchConfig config{};
    config.gridDimX = k.grid[0];
    config.gridDimY = k.grid[1];
    config.gridDimZ = k.grid[2];
    config.blockDimX = k.block[0];
    config.blockDimY = k.block[1];
    config.blockDimZ = k.block[2];
    config.sharedMemBytes = k.dynamicSharedBytes;
    config.attrs = &cluster;
    config.numAttrs = 1;
    return cu(drv.cuLaunchKernelEx(&config, fn, params, nullptr),
              "cuLaunchKernelEx", f);
  }
  bool synchronize(const KernelSpec &k, Failure &f) {
    CUresult r = drv.cuCtxSynchronize();
    if (r == CUDA_SUCCESS)
      return true;
    return fail(f, kExitCudaError,
                "kernel '" + k.name + "' failed: " + drv.describe(r));
  }
  /// Row-major C = A*B (+ beta*C) through column-major cuBLAS: C^T = B^T A^T,
  /// whose operands are B's and A's buffers as they are (row-major B, K x N,
  /// is B^T column-major, leading dimension N) or, stored transposed,
  /// transposed by cuBLAS (`Operands`). f32: SGEMM under the handle's
  /// pedantic math (no TF32), or with `tf32` GemmEx in
  /// CUBLAS_COMPUTE_32F_FAST_TF32 (TF32 tensor cores); 16-bit A and B:
  /// GemmEx with f32 accumulation (CUBLAS_COMPUTE_32F) and default math, so
  /// that cuBLAS uses its tensor-core kernels.
  struct Operands {
    cublasOperation_t opB, opA;
    int ldb, lda;
    explicit Operands(const KernelSpec &k)
        : opB(k.transposeB ? CUBLAS_OP_T : CUBLAS_OP_N),
          opA(k.transposeA ? CUBLAS_OP_T : CUBLAS_OP_N),
          ldb(int(k.storedB().second)), lda(int(k.storedA().second)) {}
  };
  cublasStatus_t gemm(const KernelSpec &k, CUdeviceptr a, CUdeviceptr b,
                      CUdeviceptr c, float beta, bool tf32 = false) {
    float alpha = 1.0f;
    Operands o(k);
    // A batch: the strided-batched calls, matrices one after the other.
    int batch = int(k.batches());
    long long sa = k.strideA(), sb = k.strideB(), sc = k.m * k.n;
    if (k.abType == ElementType::F32 && !tf32)
      return k.batch
                 ? cublasSgemmStridedBatched(
                       handle, o.opB, o.opA, (int)k.n, (int)k.m, (int)k.k,
                       &alpha, reinterpret_cast<const float *>(b), o.ldb, sb,
                       reinterpret_cast<const float *>(a), o.lda, sa, &beta,
                       reinterpret_cast<float *>(c), (int)k.n, sc, batch)
                 : cublasSgemm(handle, o.opB, o.opA, (int)k.n, (int)k.m,
                               (int)k.k, &alpha,
                               reinterpret_cast<const float *>(b), o.ldb,
                               reinterpret_cast<const float *>(a), o.lda,
                               &beta, reinterpret_cast<float *>(c), (int)k.n);
    cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH);
    cublasComputeType_t compute =
        tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
    cublasStatus_t status =
        k.batch
            ? cublasGemmStridedBatchedEx(
                  handle, o.opB, o.opA, (int)k.n, (int)k.m, (int)k.k, &alpha,
                  reinterpret_cast<const void *>(b), cudaType(k.abType), o.ldb,
                  sb, reinterpret_cast<const void *>(a), cudaType(k.abType),
                  o.lda, sa, &beta, reinterpret_cast<void *>(c),
                  cudaType(k.cType), (int)k.n, sc, batch, compute,
                  CUBLAS_GEMM_DEFAULT)
            : cublasGemmEx(handle, o.opB, o.opA, (int)k.n, (int)k.m, (int)k.k,
                           &alpha, reinterpret_cast<const void *>(b),
                           cudaType(k.abType), o.ldb,
                           reinterpret_cast<const void *>(a),
                           cudaType(k.abType), o.lda, &beta,
                           reinterpret_cast<void *>(c), cudaType(k.cType),
                           (int)k.n, compute, CUBLAS_GEMM_DEFAULT);
    cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH);
    return status;
  }
  static const char *gemmName(const KernelSpec &k, bool tf32 = false) {
    if (k.batch)
      return k.abType == ElementType::F32 && !tf32
                 ? "cublasSgemmStridedBatched"
                 : "cublasGemmStridedBatchedEx";
    return k.abType == ElementType::F32 && !tf32 ? "cublasSgemm"
                                                 : "cublasGemmEx";
  }
  /// Poisons `count` elements of C (NaN of C's type): an element the kernel
  /// never writes shows.
  bool poison(const KernelSpec &k, CUdeviceptr c, int64_t count, Failure &f) {
    ElementType type = k.outType();
    CUresult r = type == ElementType::F32
                     ? drv.cuMemsetD32(c, poisonBits(type), count)
                     : drv.cuMemsetD16(c, poisonBits(type), count);
    return cu(r, "poisoning C", f);
  }
  /// Waits for the device, then compares `y64.size()` elements of `type`
  /// at `out` (an anchor's output) with the FP64 program's `y64`.
  bool compareOutput(CUdeviceptr out, ElementType type,
                     const std::vector<double> &y64, const char *what,
                     ErrorStats &s, Failure &f) {
    std::vector<uint8_t> bytes(y64.size() * elementBytes(type));
    if (!cu(drv.cuCtxSynchronize(), what, f) ||
        !cu(drv.cuMemcpyDtoH(bytes.data(), out, bytes.size()), "reading", f))
      return false;
    s = compareResults(decode(bytes, type, y64.size()), y64);
    return true;
  }
  /// Times `iters` runs (default: --iters) after `warmup` (--warmup).
  bool timeRuns(const char *what, int sets, const std::function<bool(int)> &run,
                std::vector<float> &ms, Failure &f, int warmup = -1,
                int iters = -1, double *endClockMhz = nullptr);
  /// The cuBLASLt baseline: the fastest of the heuristic's top algorithms
  /// over a short trial, then timed like the kernel. `timing` stays empty
  /// (with a note printed) when cuBLASLt has no algorithm that runs.
  struct LtTiming {
    TimingStats stats;
    int tried = 0, chosen = 0;
  };
  bool timeCublasLt(const KernelSpec &k, int sets,
                    const std::vector<CUdeviceptr> &as,
                    const std::vector<CUdeviceptr> &bs,
                    const std::vector<CUdeviceptr> &cs,
                    std::optional<LtTiming> &timing, Failure &f,
                    const LtEpilogue *epilogue = nullptr);
  /// The cuBLASLt epilogue that computes `k`'s fused epilogue (a bias of
  /// N and GELU or ReLU, or neither; a bias alone; GELU or ReLU alone;
  /// the bias as given, then rounded to the output's type, which
  /// cuBLASLt may require): the first whose output is within `tolerance`
  /// of the FP64 program's `y64`, run once on `a` and `b`; none where none
  /// is. Each refused candidate is printed with why.
  bool findLtEpilogue(const KernelSpec &k, CUdeviceptr a, CUdeviceptr b,
                      const std::vector<std::vector<float>> &inputs,
                      const std::vector<double> &y64, double tolerance,
                      Failure &f);
  std::optional<LtEpilogue> ltEpilogue;
  /// The fused epilogue as a separate kernel after cuBLAS
  /// (EpilogueKernel.h): compiled, loaded and run once on cuBLAS's C `c`
  /// (of `k`'s C type) into a poisoned output, checked against `y64` within
  /// `tolerance`; `separateEpilogue` is set where it passes, else it says
  /// why not.
  bool checkSeparateEpilogue(const KernelSpec &k, CUdeviceptr c,
                             const std::vector<double> &y64,
                             double tolerance, Failure &f);
  bool launchSeparateEpilogue(const KernelSpec &k, CUdeviceptr c,
                              CUdeviceptr out, Failure &f);
  CUmodule epilogueModule = nullptr;
  CUfunction separateEpilogue = nullptr;

  const RunOptions &opt;
  CudaDriver drv;
  /// The SM clock probe (null where it did not load).
  std::unique_ptr<ClockProbe> probe;
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUmodule module = nullptr;
  cublasHandle_t handle = nullptr;
  std::vector<CUdeviceptr> allocations;
  /// The kernel's workspace (stream_k, pack_b), zeroed once; 0 when it
  /// takes none.
  CUdeviceptr workspace = 0;
  /// The fused epilogue's input buffers (E1, E2, ...).
  std::vector<CUdeviceptr> epilogueBuffers;
  std::string deviceName;
  int computeCapability = 0, smCount = 0, l2Bytes = 0, smClockKHz = 0,
      memClockKHz = 0, driverVersion = 0, cublasVersion = 0;
};

bool Session::loadKernel(const KernelSpec &k, CUfunction &fn,
                         std::string &binary, Failure &f) {
  if (computeCapability < k.computeCapability ||
      (k.chip.back() == 'a' && computeCapability != k.computeCapability))
    return fail(f, kExitUsage,
                "kernel '" + k.name + "' targets " + k.chip +
                    ", which this device (compute capability " +
                    std::to_string(computeCapability / 10) + "." +
                    std::to_string(computeCapability % 10) + ") cannot run");
  if (module) {
    drv.cuModuleUnload(module);
    module = nullptr;
  }
  bool useCubin =
      !k.cubinPath.empty() && computeCapability == k.computeCapability;
  if (useCubin) {
    std::string image, error;
    if (!readArtifactFile(k.cubinPath, kMaxBinaryBytes, image, error))
      return fail(f, kExitUsage, error);
    if (!cu(drv.cuModuleLoadData(&module, image.data()), "loading the cubin",
            f))
      return false;
    binary = "cubin " + k.chip;
  } else {
    std::string ptx, error;
    if (!readArtifactFile(k.ptxPath, kMaxBinaryBytes, ptx, error))
      return fail(f, kExitUsage, error);
    std::vector<char> errorLog(16384, 0), infoLog(16384, 0);
    CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                              CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                              CU_JIT_INFO_LOG_BUFFER,
                              CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {errorLog.data(),
                      reinterpret_cast<void *>(errorLog.size()),
                      infoLog.data(), reinterpret_cast<void *>(infoLog.size())};
    CUresult r = drv.cuModuleLoadDataEx(&module, ptx.c_str(), 4, options,
                                        values);
    if (r != CUDA_SUCCESS)
      return fail(f, kExitCudaError,
                  "JIT compilation of '" + k.ptxPath + "' failed: " +
                      drv.describe(r) + "\nJIT log:\n" + errorLog.data());
    binary = "PTX JIT-compiled for this device";
  }
  CUresult r = drv.cuModuleGetFunction(&fn, module, k.name.c_str());
  if (r != CUDA_SUCCESS)
    return fail(f, kExitUsage, "the module has no kernel named '" + k.name +
                                   "': " + drv.describe(r));
  int maxThreads = 0, staticShared = 0;
  drv.cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                         fn);
  drv.cuFuncGetAttribute(&staticShared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                         fn);
  LaunchLimits limits;
  attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, limits.block[0]);
  attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, limits.block[1]);
  attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, limits.block[2]);
  attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, limits.grid[0]);
  attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, limits.grid[1]);
  attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, limits.grid[2]);
  attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, limits.threads);
  attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
       limits.sharedBytes);
  if (maxThreads > 0)
    limits.threads = std::min(limits.threads, maxThreads);
  std::string violation = findLaunchViolation(k, limits, staticShared);
  if (!violation.empty())
    return fail(f, kExitUsage, "kernel '" + k.name + "': " + violation);
  // Kernels that stage panels in shared memory get the largest shared
  // memory carveout, so that as many blocks fit per SM as their registers
  // allow (the driver's default split can leave room for one block only).
  // Kernels without shared memory keep the L1-heavy default.
  if ((staticShared > 0 || k.dynamicSharedBytes > 0) &&
      !cu(drv.cuFuncSetAttribute(
              fn, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
              CU_SHAREDMEM_CARVEOUT_MAX_SHARED),
          "setting the shared memory carveout", f))
    return false;
  // Above 48 KiB per block (static and dynamic together: TMA kernels keep
  // their mbarriers in static shared memory) the kernel must opt in.
  if (k.dynamicSharedBytes > 0 &&
      static_cast<int64_t>(staticShared) + k.dynamicSharedBytes > 48 * 1024 &&
      !cu(drv.cuFuncSetAttribute(
              fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
              static_cast<int>(k.dynamicSharedBytes)),
          "raising the dynamic shared memory limit", f))
    return false;
  return true;
}

bool Session::timeRuns(const char *what, int sets,
                       const std::function<bool(int)> &run,
                       std::vector<float> &ms, Failure &f, int warmup,
                       int iters, double *endClockMhz) {
  warmup = warmup < 0 ? opt.warmup : warmup;
  iters = iters < 0 ? opt.iters : iters;
  for (int i = 0; i < warmup; ++i)
    if (!run(i % sets))
      return false;
  std::vector<CUevent> events(2 * static_cast<size_t>(iters));
  for (CUevent &e : events)
    if (!cu(drv.cuEventCreate(&e, CU_EVENT_DEFAULT), "cuEventCreate", f))
      return false;
  bool ok = true;
  for (int i = 0; ok && i < iters; ++i) {
    ok = cu(drv.cuEventRecord(events[2 * i], nullptr), "cuEventRecord", f) &&
         run(i % sets) &&
         cu(drv.cuEventRecord(events[2 * i + 1], nullptr), "cuEventRecord", f);
  }
  // The clock the runs ended at: the probe runs right after the last one.
  bool probed = ok && endClockMhz && probe && probe->launch();
  if (ok) {
    CUresult r = drv.cuEventSynchronize(events.back());
    if (r != CUDA_SUCCESS)
      ok = fail(f, kExitCudaError,
                std::string(what) + " failed while timed: " + drv.describe(r));
  }
  for (int i = 0; ok && i < iters; ++i) {
    float t = 0;
    ok = cu(drv.cuEventElapsedTime(&t, events[2 * i], events[2 * i + 1]),
            "cuEventElapsedTime", f);
    ms.push_back(t);
  }
  for (CUevent e : events)
    drv.cuEventDestroy(e);
  if (ok && probed && !probe->read(*endClockMhz))
    *endClockMhz = 0;
  return ok;
}

Json errorJson(const ErrorStats &s) {
  Json j = Json::object();
  j["max_abs"] = s.maxAbs;
  j["median_abs"] = s.medianAbs;
  j["max_abs_ref"] = s.maxRef;
  j["max_rel_to_max_ref"] = s.relToMax;
  j["not_written"] = s.notWritten;
  j["non_finite"] = s.nonFinite;
  return j;
}

/// Every element written, finite and within `tolerance`.
bool withinTolerance(const ErrorStats &s, double tolerance) {
  return s.notWritten == 0 && s.nonFinite == 0 && s.maxAbs <= tolerance;
}

/// The SM clock the runs ended at, for the table ("-": not measured).
std::string formatClock(const TimingStats &t) {
  return t.smClockMhz > 0 ? std::to_string(std::lround(t.smClockMhz)) : "-";
}

/// One row of the benchmark table: median, min and p90 ms, GFLOP/s, the
/// SM clock, and `note` in parentheses where given.
void printTimingRow(const char *label, const TimingStats &t, double gflops,
                    const std::string &note = "") {
  std::printf("    %-8s %11.4f %11.4f %11.4f %11.1f %8s%s\n", label, t.medianMs,
              t.minMs, t.p90Ms, gflops, formatClock(t).c_str(),
              note.empty() ? "" : ("  (" + note + ")").c_str());
}

Json timingJson(const TimingStats &t, double gflops) {
  Json j = Json::object();
  j["median_ms"] = t.medianMs;
  j["min_ms"] = t.minMs;
  j["p90_ms"] = t.p90Ms;
  j["gflops"] = gflops;
  if (t.smClockMhz > 0)
    j["sm_clock_mhz"] = t.smClockMhz;
  return j;
}

/// cuBLASLt's heuristic: the algorithms asked for, the workspace they may
/// use, and the trial that picks the fastest (runs after warm-up).
constexpr int kLtAlgorithms = 8, kLtTrialWarmup = 3, kLtTrialRuns = 20;
constexpr size_t kLtWorkspaceBytes = 32 << 20;

bool Session::timeCublasLt(const KernelSpec &k, int sets,
                           const std::vector<CUdeviceptr> &as,
                           const std::vector<CUdeviceptr> &bs,
                           const std::vector<CUdeviceptr> &cs,
                           std::optional<LtTiming> &timing, Failure &f,
                           const LtEpilogue *epilogue) {
  timing.reset();
  CUdeviceptr space;
  if (!alloc(kLtWorkspaceBytes, "cuBLASLt's workspace", space, f))
    return false;
  LtGemm lt;
  std::string error;
  // (With an epilogue, D of its output's type.)
  ElementType cType = epilogue ? k.outType() : k.cType;
  if (!lt.init(k.m, k.n, k.k, k.transposeA, k.transposeB, k.abType, cType,
               space, kLtWorkspaceBytes, kLtAlgorithms, error, epilogue,
               k.batch, k.strideA(), k.strideB())) {
    std::printf("    cuBLASLt: not timed (%s)\n", error.c_str());
    return true;
  }
  // The trial: each algorithm's median over a few runs; one that fails to
  // launch is left out.
  int best = -1;
  float bestMs = 0;
  for (int i = 0; i < lt.algorithmCount(); ++i) {
    std::vector<float> ms;
    Failure ignored;
    auto run = [&](int s) {
      return lt.run(i, as[s], bs[s], cs[s], 0.0f) == CUBLAS_STATUS_SUCCESS;
    };
    if (!timeRuns("cublasLtMatmul", sets, run, ms, ignored, kLtTrialWarmup,
                  kLtTrialRuns))
      continue;
    float median = summarizeTimes(ms).medianMs;
    if (best < 0 || median < bestMs) {
      best = i;
      bestMs = median;
    }
  }
  if (best < 0) {
    std::printf("    cuBLASLt: not timed (none of its %d algorithms ran)\n",
                lt.algorithmCount());
    return synchronize(k, f);
  }
  std::vector<float> ms;
  double clock = 0;
  if (!timeRuns(
          "cublasLtMatmul", sets,
          [&](int s) {
            return blas(lt.run(best, as[s], bs[s], cs[s], 0.0f),
                        "cublasLtMatmul", f);
          },
          ms, f, -1, -1, &clock))
    return false;
  timing = LtTiming{summarizeTimes(ms), lt.algorithmCount(), best};
  timing->stats.smClockMhz = clock;
  return true;
}

bool Session::findLtEpilogue(const KernelSpec &k, CUdeviceptr a,
                             CUdeviceptr b,
                             const std::vector<std::vector<float>> &inputs,
                             const std::vector<double> &y64, double tolerance,
                             Failure &f) {
  ltEpilogue.reset();
  const EpilogueSpec &e = *k.epilogue;
  std::vector<LtEpilogue> candidates;
  bool bias = e.inputs.size() == 1 && e.inputs[0].index == "n";
  // cuBLASLt applies its epilogue in f32 and writes D of the output's
  // type (as a program on an f32 C that casts last).
  std::vector<std::pair<CUdeviceptr, ElementType>> biases;
  if (bias) {
    biases.push_back({epilogueBuffers[0], e.inputs[0].type});
    if (e.inputs[0].type != e.outType) {
      CUdeviceptr d;
      std::vector<float> rounded = inputs[0];
      roundTo(rounded, e.outType);
      int64_t bytes = int64_t(rounded.size()) * elementBytes(e.outType);
      if (!alloc(granules(bytes), "the bias in the output's type", d, f) ||
          !cu(drv.cuMemcpyHtoD(d, encode(rounded, e.outType).data(), bytes),
              "copying the bias", f))
        return false;
      biases.push_back({d, e.outType});
    }
  }
  for (auto [pointer, type] : biases)
    for (auto [kind, name] :
         {std::pair{CUBLASLT_EPILOGUE_GELU_BIAS, "GELU_BIAS"},
          {CUBLASLT_EPILOGUE_RELU_BIAS, "RELU_BIAS"},
          {CUBLASLT_EPILOGUE_BIAS, "BIAS"}})
      candidates.push_back(
          {kind, pointer, type,
           std::string(name) + " (" + elementTypeName(type) + " bias)",
           e.inputs[0].batched ? k.n : 0});
  if (e.inputs.empty())
    for (auto [kind, name] : {std::pair{CUBLASLT_EPILOGUE_GELU, "GELU"},
                              {CUBLASLT_EPILOGUE_RELU, "RELU"}})
      candidates.push_back({kind, 0, ElementType::F32, name});
  if (candidates.empty())
    return true;
  const int64_t mn = k.m * k.n * k.batches(),
                outBytes = elementBytes(e.outType);
  CUdeviceptr space, out;
  if (!alloc(kLtWorkspaceBytes, "cuBLASLt's workspace", space, f) ||
      !alloc(mn * outBytes, "cuBLASLt's epilogue output", out, f))
    return false;
  double largest = 1;
  for (double v : y64)
    largest = std::max(largest, std::fabs(v));
  // The same function to 2^-10 of the output at least (its GELU may be
  // an approximation of its own).
  tolerance = std::max(tolerance, std::ldexp(largest, -10));
  for (const LtEpilogue &candidate : candidates) {
    LtGemm lt;
    std::string error;
    if (!poison(k, out, mn, f))
      return false;
    if (!lt.init(k.m, k.n, k.k, k.transposeA, k.transposeB, k.abType, e.outType,
                 space, kLtWorkspaceBytes, 1, error, &candidate, k.batch,
                 k.strideA(), k.strideB())) {
      std::printf("    cuBLASLt epilogue %s: %s\n", candidate.name.c_str(),
                  error.c_str());
      continue;
    }
    if (cublasStatus_t s = lt.run(0, a, b, out, 0.0f);
        s != CUBLAS_STATUS_SUCCESS) {
      std::printf("    cuBLASLt epilogue %s: cublasLtMatmul failed: %s\n",
                  candidate.name.c_str(), cublasGetStatusString(s));
      continue;
    }
    ErrorStats s;
    if (!compareOutput(out, e.outType, y64, "cuBLASLt's epilogue", s, f))
      return false;
    if (withinTolerance(s, tolerance)) {
      ltEpilogue = candidate;
      std::printf("    cuBLASLt epilogue %s computes the same: max |err| "
                  "%.3e vs FP64\n",
                  candidate.name.c_str(), s.maxAbs);
      return true;
    }
    std::printf("    cuBLASLt epilogue %s: another function (max |err| %.3e "
                "vs FP64 > %.3e)\n",
                candidate.name.c_str(), s.maxAbs, tolerance);
  }
  std::printf("    cuBLASLt epilogue: none computes this program\n");
  return true;
}

bool Session::checkSeparateEpilogue(const KernelSpec &k, CUdeviceptr c,
                                    const std::vector<double> &y64,
                                    double tolerance, Failure &f) {
  separateEpilogue = nullptr;
  if (epilogueModule) {
    drv.cuModuleUnload(epilogueModule);
    epilogueModule = nullptr;
  }
  const EpilogueSpec &e = *k.epilogue;
  std::string ptx, error;
  if (!compileKernelSource(getEpilogueKernelSource(e, k.cType),
                           computeCapability, ptx, error)) {
    std::printf("    separate epilogue kernel: not compiled (%s)\n",
                error.c_str());
    return true;
  }
  CUfunction fn = nullptr;
  if (!cu(drv.cuModuleLoadData(&epilogueModule, ptx.c_str()),
          "loading the separate epilogue kernel", f) ||
      !cu(drv.cuModuleGetFunction(&fn, epilogueModule, kEpilogueKernelName),
          "cuModuleGetFunction", f))
    return false;
  separateEpilogue = fn;
  const int64_t mn = k.m * k.n * k.batches(),
                outBytes = elementBytes(e.outType);
  CUdeviceptr out;
  if (!alloc(granules(mn * outBytes), "the separate epilogue's output", out,
             f) ||
      !poison(k, out, mn, f) || !launchSeparateEpilogue(k, c, out, f))
    return false;
  ErrorStats s;
  if (!compareOutput(out, e.outType, y64, "the separate epilogue kernel", s,
                     f))
    return false;
  if (!withinTolerance(s, tolerance)) {
    std::printf("    separate epilogue kernel after cuBLAS: FAIL (max |err| "
                "%.3e vs FP64 > %.3e): not timed\n",
                s.maxAbs, tolerance);
    separateEpilogue = nullptr;
    return true;
  }
  std::printf("    separate epilogue kernel after cuBLAS: max |err| %.3e vs "
              "FP64\n",
              s.maxAbs);
  return true;
}

bool Session::launchSeparateEpilogue(const KernelSpec &k, CUdeviceptr c,
                                     CUdeviceptr out, Failure &f) {
  std::vector<CUdeviceptr> pointers{c, out};
  pointers.insert(pointers.end(), epilogueBuffers.begin(),
                  epilogueBuffers.end());
  long long m = k.m, n = k.n;
  std::vector<void *> params;
  for (CUdeviceptr &p : pointers)
    params.push_back(&p);
  params.push_back(&m);
  params.push_back(&n);
  const int64_t perBlock = int64_t(kEpilogueKernelThreads) * kEpilogueKernelVector;
  unsigned gridX = static_cast<unsigned>((k.n + perBlock - 1) / perBlock);
  unsigned gridY = static_cast<unsigned>(std::min<int64_t>(k.m, 65535));
  unsigned gridZ = static_cast<unsigned>(k.batches());
  return cu(drv.cuLaunchKernel(separateEpilogue, gridX, gridY, gridZ,
                               kEpilogueKernelThreads, 1, 1, 0, nullptr,
                               params.data(), nullptr),
            "launching the separate epilogue kernel", f);
}

int Session::runKernel(const KernelSpec &k, Json &result, Failure &f) {
  CUfunction fn = nullptr;
  std::string binary;
  if (!loadKernel(k, fn, binary, f))
    return f.code;

  // A batch is its matrices one after the other: every buffer, check and
  // FLOP count covers all of them (a broadcast A or B is one matrix).
  const int64_t b = k.batches();
  const int64_t mk = k.m * k.k * k.matrices("A"),
                kn = k.k * k.n * k.matrices("B"), mn = k.m * k.n * b;
  const double flops = 2.0 * k.m * k.n * k.k * b;
  if (k.batch && (opt.user.a || opt.user.b || opt.user.c ||
                  !opt.outputPath.empty())) {
    fail(f, kExitUsage,
         "kernel '" + k.name +
             "' is batched: --input and --output take single matrices");
    return f.code;
  }
  std::printf("kernel %s: %s with %sM=%lld N=%lld K=%lld (%s), %s\n"
              "  launch grid %ux%ux%u, block %ux%ux%u, dynamic shared %u B\n",
              k.name.c_str(), k.accumulate ? "C += A * B" : "C = A * B",
              k.batch ? ("batch " + std::to_string(k.batch) + ", ").c_str()
                      : "",
              (long long)k.m, (long long)k.n, (long long)k.k,
              k.elementType.c_str(), binary.c_str(), k.grid[0], k.grid[1],
              k.grid[2], k.block[0], k.block[1], k.block[2],
              k.dynamicSharedBytes);

  // Device buffers first: a problem that does not fit the GPU is reported
  // before host memory is spent on its inputs.
  // C's buffer holds the kernel's output (a fused epilogue's type) and
  // cuBLAS's C (C's type).
  const int64_t abBytes = elementBytes(k.abType),
                cBytes = elementBytes(k.cType),
                outBytes = elementBytes(k.outType()),
                cBufferBytes = std::max(cBytes, outBytes);
  CUdeviceptr dA, dB, dC;
  if (!alloc(granules(mk * abBytes), "A", dA, f) ||
      !alloc(granules(kn * abBytes), "B", dB, f) ||
      !alloc(granules(mn * cBufferBytes), "C", dC, f))
    return f.code;
  // A kernel with a workspace (stream_k, pack_b) waits for other
  // blocks of its grid: all of them must be resident at once, and the
  // workspace starts zeroed (the kernel leaves it so).
  workspace = 0;
  if (k.workspaceBytes > 0) {
    int perSM = 0;
    unsigned threads = k.block[0] * k.block[1] * k.block[2];
    if (!cu(drv.cuOccupancyMaxActiveBlocksPerMultiprocessor(
                &perSM, fn, (int)threads, k.dynamicSharedBytes),
            "querying the kernel's occupancy", f))
      return f.code;
    uint64_t resident = uint64_t(perSM) * smCount;
    if (resident < uint64_t(k.residentBlocks)) {
      fail(f, kExitUsage,
           "kernel '" + k.name + "' needs " +
               std::to_string(k.residentBlocks) +
               " of its blocks resident at once (they wait for each other), "
               "but "
               "this device holds " +
               std::to_string(resident) + " (" + std::to_string(perSM) +
               " per SM on " + std::to_string(smCount) + " SMs)");
      return f.code;
    }
    if (!alloc(size_t(k.workspaceBytes), "the workspace", workspace, f) ||
        !cu(drv.cuMemsetD32(workspace, 0, size_t(k.workspaceBytes) / 4),
            "zeroing the workspace", f))
      return f.code;
  }
  Random rng(opt.seed);
  // Random values of the operands' types: the references see exactly what
  // the kernel reads. A matrix from --input replaces its random one (the
  // others are drawn as without it).
  std::vector<float> hA = randomMatrix(mk, rng), hB = randomMatrix(kn, rng);
  std::vector<float> hC0;
  roundTo(hA, k.abType);
  roundTo(hB, k.abType);
  if (k.accumulate) {
    hC0 = randomMatrix(mn, rng);
    roundTo(hC0, k.cType);
  }
  if (opt.user.a)
    hA = decode(opt.user.a->bytes, k.abType, mk);
  if (opt.user.b)
    hB = decode(opt.user.b->bytes, k.abType, kn);
  if (opt.user.c)
    hC0 = decode(opt.user.c->bytes, k.cType, mn);
  std::vector<uint8_t> bytesC0 = encode(hC0, k.cType);
  // The epilogue's inputs: random values of their types, in [-1, 1).
  std::vector<std::vector<float>> hE;
  epilogueBuffers.clear();
  ltEpilogue.reset();
  separateEpilogue = nullptr;
  if (k.epilogue)
    for (const EpilogueInputSpec &in : k.epilogue->inputs) {
      auto [rows, cols] = in.shape(k.m, k.n);
      int64_t elements = rows * cols * (in.batched ? b : 1);
      hE.push_back(randomMatrix(elements, rng));
      roundTo(hE.back(), in.type);
      CUdeviceptr d;
      int64_t bytes = elements * elementBytes(in.type);
      if (!alloc(granules(bytes), in.name.c_str(), d, f) ||
          !cu(drv.cuMemcpyHtoD(d, encode(hE.back(), in.type).data(), bytes),
              "copying an epilogue input", f))
        return f.code;
      epilogueBuffers.push_back(d);
    }
  if (!cu(drv.cuMemcpyHtoD(dA, encode(hA, k.abType).data(), mk * abBytes),
          "copying A", f) ||
      !cu(drv.cuMemcpyHtoD(dB, encode(hB, k.abType).data(), kn * abBytes),
          "copying B", f))
    return f.code;
  // The buffers the kernel takes. An operand that is a window of a larger
  // buffer (its argument's "window") lies in such a buffer, whose other
  // elements hold random values of their own (a second stream: the
  // operands' values are those of the dense run) that the kernel must
  // leave as they are; cuBLAS and the references keep the dense operands.
  // `windowBytes`: a window buffer's contents before a launch (C's with
  // the window poisoned, or C0's for C += A*B).
  CUdeviceptr kernelBuffers[3] = {dA, dB, dC};
  int64_t kernelBytes[3] = {mk * abBytes, kn * abBytes, mn * cBufferBytes};
  std::vector<uint8_t> windowBytes[3];
  Random fillRng(opt.seed ^ 0x9e3779b97f4a7c15ull);
  for (int i = 0; i < 3; ++i) {
    const BufferArg &arg = k.args[i];
    if (!arg.window)
      continue;
    ElementType type = i == 2 ? k.outType() : k.abType;
    std::vector<uint8_t> dense =
        i == 0 ? encode(hA, type)
        : i == 1 ? encode(hB, type)
        : k.accumulate ? bytesC0
                       : poisonBytes(type, mn);
    windowBytes[i] = encode(randomMatrix(arg.bufferElements, fillRng), type);
    moveWindow(arg, elementBytes(type), dense, windowBytes[i], true);
    kernelBytes[i] = int64_t(windowBytes[i].size());
    if (!alloc(granules(kernelBytes[i]), "a window's buffer",
               kernelBuffers[i], f) ||
        (i < 2 && !cu(drv.cuMemcpyHtoD(kernelBuffers[i], windowBytes[i].data(),
                                       kernelBytes[i]),
                      "copying a window's buffer", f)))
      return f.code;
  }

  result = Json::object();
  result["kernel"] = k.name;
  result["binary"] = binary;
  Json problem = Json::object();
  problem["m"] = k.m;
  problem["n"] = k.n;
  problem["k"] = k.k;
  if (k.batch)
    problem["batch"] = k.batch;
  problem["element_type"] = k.elementType;
  problem["c_type"] = elementTypeName(k.cType);
  problem["accumulator_type"] = "f32";
  problem["accumulate"] = k.accumulate;
  result["problem"] = problem;
  result["config"] = k.config;
  result["resources"] = k.resources;
  Json flopsJson = Json::object();
  flopsJson["useful"] = k.usefulFlops;
  flopsJson["executed"] = k.executedFlops;
  result["flops"] = flopsJson;
  result["seed"] = static_cast<int64_t>(opt.seed);

  int code = kExitPass;
  if (opt.check) {
    // Poison C (NaN) so that an element the kernel never writes shows; for
    // C += A*B, C starts from random values instead.
    if (k.args[2].window) {
      if (!cu(drv.cuMemcpyHtoD(kernelBuffers[2], windowBytes[2].data(),
                               kernelBytes[2]),
              "copying C's buffer", f))
        return f.code;
    } else if (k.accumulate) {
      if (!cu(drv.cuMemcpyHtoD(dC, bytesC0.data(), mn * cBytes), "copying C",
              f))
        return f.code;
    } else if (!poison(k, dC, mn, f)) {
      return f.code;
    }
    Params params;
    if (!makeParams(k, kernelBuffers[0], kernelBuffers[1], kernelBuffers[2],
                    params, f) ||
        !launch(k, fn, params, f) || !synchronize(k, f))
      return f.code;
    std::vector<uint8_t> bytesC(mn * outBytes);
    // A window of C: its elements, and how many of the buffer's others
    // the kernel changed.
    int64_t writtenOutside = 0;
    if (k.args[2].window) {
      std::vector<uint8_t> buffer(kernelBytes[2]);
      if (!cu(drv.cuMemcpyDtoH(buffer.data(), kernelBuffers[2],
                               kernelBytes[2]),
              "reading C's buffer", f))
        return f.code;
      moveWindow(k.args[2], outBytes, bytesC, buffer, false);
      writtenOutside = countChangedOutside(k.args[2], outBytes, windowBytes[2],
                                           buffer, mn);
    } else if (!cu(drv.cuMemcpyDtoH(bytesC.data(), dC, mn * outBytes),
                   "reading C", f)) {
      return f.code;
    }
    std::vector<float> hC = decode(bytesC, k.outType(), mn);
    if (!opt.outputPath.empty()) {
      std::string error;
      if (!writeNpy(opt.outputPath, NpyMatrix{k.m, k.n, k.outType(), bytesC},
                    error)) {
        f = {kExitUsage, error};
        return f.code;
      }
      std::printf("  C written to %s\n", opt.outputPath.c_str());
    }

    Json check = Json::object();
    // (A window's buffer: the kernel writes the window only.)
    if (k.args[2].window) {
      std::printf("  C's buffer: %lld elements outside the window changed\n",
                  (long long)writtenOutside);
      check["written_outside_window"] = writtenOutside;
    }
    std::printf("  check (seed %llu): ", (unsigned long long)opt.seed);
    if (!opt.reference) {
      ErrorStats s = compareResults(hC, std::vector<double>(mn, 0.0));
      bool pass = s.notWritten == 0 && s.nonFinite == 0 && writtenOutside == 0;
      std::printf("no reference; %lld elements never written, %lld "
                  "non-finite -> %s\n",
                  (long long)s.notWritten, (long long)s.nonFinite,
                  pass ? "PASS (written only)" : "FAIL");
      check["reference"] = "none";
      check["not_written"] = s.notWritten;
      check["non_finite"] = s.nonFinite;
      check["pass"] = pass;
      code = pass ? kExitPass : kExitCheckFailed;
    } else {
      // cuBLAS in the kernel's types (f32: SGEMM, TF32 off; 16-bit: GemmEx
      // accumulating in f32) and FP64 cuBLAS on the same inputs, upcast.
      CUdeviceptr dRef, dA64, dB64, dC64;
      if (!alloc(mn * cBytes, "the cuBLAS reference", dRef, f) ||
          !alloc(mk * 8, "FP64 A", dA64, f) ||
          !alloc(kn * 8, "FP64 B", dB64, f) ||
          !alloc(mn * 8, "the FP64 reference", dC64, f))
        return f.code;
      std::vector<double> a64(hA.begin(), hA.end()), b64(hB.begin(), hB.end());
      std::vector<double> c64(mn, 0.0);
      if (k.accumulate)
        c64.assign(hC0.begin(), hC0.end());
      if (!cu(drv.cuMemcpyHtoD(dA64, a64.data(), mk * 8), "copying A", f) ||
          !cu(drv.cuMemcpyHtoD(dB64, b64.data(), kn * 8), "copying B", f) ||
          !cu(drv.cuMemcpyHtoD(dC64, c64.data(), mn * 8), "copying C", f) ||
          !cu(k.accumulate ? drv.cuMemcpyHtoD(dRef, bytesC0.data(), mn * cBytes)
                           : drv.cuMemsetD8(dRef, 0, mn * cBytes),
              "initialising the reference", f))
        return f.code;
      float beta = k.accumulate ? 1.0f : 0.0f;
      // C64 (+)= A64 * B64 in FP64 cuBLAS (row-major, as gemm does).
      auto dgemm = [&]() {
        double alpha64 = 1.0, beta64 = beta;
        Operands o(k);
        return cublasDgemmStridedBatched(
            handle, o.opB, o.opA, (int)k.n, (int)k.m, (int)k.k, &alpha64,
            reinterpret_cast<const double *>(dB64), o.ldb, k.strideB(),
            reinterpret_cast<const double *>(dA64), o.lda, k.strideA(),
            &beta64,
            reinterpret_cast<double *>(dC64), (int)k.n, k.m * k.n, (int)b);
      };
      if (!blas(gemm(k, dA, dB, dRef, beta), gemmName(k), f) ||
          !blas(dgemm(), "cublasDgemmStridedBatched", f) ||
          !cu(drv.cuCtxSynchronize(), "the cuBLAS references", f))
        return f.code;
      std::vector<uint8_t> bytesRef(mn * cBytes);
      if (!cu(drv.cuMemcpyDtoH(bytesRef.data(), dRef, mn * cBytes), "reading",
              f) ||
          !cu(drv.cuMemcpyDtoH(c64.data(), dC64, mn * 8), "reading", f))
        return f.code;
      std::vector<float> ref32 = decode(bytesRef, k.cType, mn);
      ErrorStats kernel = compareResults(hC, c64);
      ErrorStats cublas = compareResults(ref32, c64);
      std::vector<double> ref32d(ref32.begin(), ref32.end());
      ErrorStats vsCublas = compareResults(hC, ref32d);
      bool f32 = k.abType == ElementType::F32;
      double cRounding =
          k.cType == ElementType::F32 ? 0.0 : roundingUnit(k.cType);
      double tol = checkTolerance(k.k, kernel.maxRef, cRounding);
      const char *ref = f32 ? "cuBLAS FP32" : "cuBLAS 32F";
      bool pass = withinTolerance(kernel, tol);
      // TF32: each element against its own bound, from S = |A| |B| (+ |C|)
      // in FP64; cuBLAS TF32 on the same inputs beside it.
      std::optional<ErrorStats> cublasTF32;
      BoundStats bound;
      double sMax = 0;
      std::vector<float> tf32Ref;
      if (k.isTF32()) {
        for (double &v : a64)
          v = std::fabs(v);
        for (double &v : b64)
          v = std::fabs(v);
        std::vector<double> s64(mn, 0.0);
        if (k.accumulate)
          for (int64_t i = 0; i < mn; ++i)
            s64[i] = std::fabs(double(hC0[i]));
        if (!cu(drv.cuMemcpyHtoD(dA64, a64.data(), mk * 8), "copying |A|",
                f) ||
            !cu(drv.cuMemcpyHtoD(dB64, b64.data(), kn * 8), "copying |B|",
                f) ||
            !cu(drv.cuMemcpyHtoD(dC64, s64.data(), mn * 8), "copying |C|",
                f) ||
            !blas(dgemm(), "cublasDgemm (|A| |B|)", f) ||
            !cu(k.accumulate
                    ? drv.cuMemcpyHtoD(dRef, bytesC0.data(), mn * cBytes)
                    : drv.cuMemsetD8(dRef, 0, mn * cBytes),
                "initialising the reference", f) ||
            !blas(gemm(k, dA, dB, dRef, beta, /*tf32=*/true),
                  "cublasGemmEx (TF32)", f) ||
            !cu(drv.cuCtxSynchronize(), "the TF32 references", f) ||
            !cu(drv.cuMemcpyDtoH(s64.data(), dC64, mn * 8), "reading", f) ||
            !cu(drv.cuMemcpyDtoH(bytesRef.data(), dRef, mn * cBytes),
                "reading", f))
          return f.code;
        tf32Ref = decode(bytesRef, k.cType, mn);
        cublasTF32 = compareResults(tf32Ref, c64);
        sMax = *std::max_element(s64.begin(), s64.end());
        bound = checkElementBound(hC, c64, s64, tf32Bound(k));
        pass = kernel.notWritten == 0 && kernel.nonFinite == 0 &&
               bound.over == 0;
      }
      // A fused epilogue: the same program in FP64 on the FP64 product and
      // on cuBLAS's C; the tolerance carries the product's through it.
      std::optional<double> epilogueTol;
      if (k.epilogue) {
        double xTol = tol;
        if (cublasTF32) {
          TF32Bound b = tf32Bound(k);
          xTol = (b.perProduct + std::ldexp(double(b.additions), -24)) * sMax;
        }
        std::vector<double> y64 =
            applyEpilogue(*k.epilogue, c64, hE, k.m, k.n);
        std::vector<double> yRef =
            applyEpilogue(*k.epilogue, ref32d, hE, k.m, k.n);
        epilogueTol =
            epilogueTolerance(*k.epilogue, c64, hE, k.m, k.n, xTol);
        kernel = compareResults(hC, y64);
        cublas = compareResults(std::vector<float>(yRef.begin(), yRef.end()),
                                y64);
        vsCublas = compareResults(hC, yRef);
        if (cublasTF32) {
          std::vector<double> t(tf32Ref.begin(), tf32Ref.end());
          t = applyEpilogue(*k.epilogue, t, hE, k.m, k.n);
          cublasTF32 = compareResults(std::vector<float>(t.begin(), t.end()),
                                      y64);
        }
        pass = withinTolerance(kernel, *epilogueTol);
        if (!findLtEpilogue(k, dA, dB, hE, y64, *epilogueTol, f) ||
            !checkSeparateEpilogue(k, dRef, y64, *epilogueTol, f))
          return f.code;
      }
      pass = pass && writtenOutside == 0;
      std::printf("%s\n", pass ? "PASS" : "FAIL");
      if (k.epilogue)
        std::printf("    epilogue: C = %s\n", k.epilogue->expression.c_str());
      std::printf("    %-26s %12s %14s %12s\n", "", "max |err|",
                  "err/max|ref|", "not written");
      std::printf("    %-26s %12.3e %14.3e %12lld\n", "kernel vs FP64",
                  kernel.maxAbs, kernel.relToMax, (long long)kernel.notWritten);
      std::printf("    %-26s %12.3e %14.3e %12s\n",
                  (std::string(ref) + " vs FP64").c_str(), cublas.maxAbs,
                  cublas.relToMax, "-");
      if (cublasTF32)
        std::printf("    %-26s %12.3e %14.3e %12s\n", "cuBLAS TF32 vs FP64",
                    cublasTF32->maxAbs, cublasTF32->relToMax, "-");
      std::printf("    %-26s %12.3e %14.3e %12s\n",
                  (std::string("kernel vs ") + ref).c_str(), vsCublas.maxAbs,
                  vsCublas.relToMax, "-");
      if (cublasTF32 && !epilogueTol)
        std::printf("    tolerance (%s): |err| <= (%s) * (|A| |B|) per "
                    "element: %lld past it, worst |err| / bound %.3g\n",
                    k.precision.c_str(), tf32BoundText(k),
                    (long long)bound.over, bound.worst);
      // What the precision promises, against the cuBLAS that promises the
      // same: tf32 cuBLAS TF32's error, tf32x3 SGEMM's (reported, not a
      // verdict: at small K, SGEMM's error is below the low parts').
      double promised = !cublasTF32             ? 0
                        : k.precision == "tf32" ? cublasTF32->maxAbs
                                                : cublas.maxAbs;
      if (promised > 0)
        std::printf("    max |err| / %s's: %.3g\n",
                    k.precision == "tf32" ? "cuBLAS TF32" : "cuBLAS SGEMM",
                    kernel.maxAbs / promised);
      if (epilogueTol)
        std::printf("    tolerance: max |err| <= %.3e (the product's, %s, "
                    "through the epilogue, plus its roundings)\n",
                    *epilogueTol, cublasTF32 ? "per element" : "K * 2^-24");
      else if (!cublasTF32)
        std::printf("    tolerance: max |err| <= (K * 2^-24%s) * max(1, "
                    "max|ref|) = %.3e (max |ref| = %.3f)\n",
                    cRounding ? (k.cType == ElementType::F16 ? " + 2^-11"
                                                             : " + 2^-8")
                              : "",
                    tol, kernel.maxRef);
      // (A batch: the strided-batched forms of the same calls.)
      check["reference"] =
          std::string(f32 ? "cublas-fp32-pedantic+cublas-fp64"
                          : "cublas-gemmex-compute32f+cublas-fp64") +
          (k.batch ? "+strided-batched" : "");
      check["kernel_vs_fp64"] = errorJson(kernel);
      check["cublas_fp32_vs_fp64"] = errorJson(cublas);
      check["kernel_vs_cublas_fp32"] = errorJson(vsCublas);
      if (cublasTF32) {
        check["precision"] = k.precision;
        check["reference"] = "cublas-fp32-pedantic+cublas-tf32+cublas-fp64";
        check["cublas_tf32_vs_fp64"] = errorJson(*cublasTF32);
        check["tolerance"] = "element-wise";
        check["elements_past_bound"] = bound.over;
        check["worst_error_to_bound"] = bound.worst;
        if (promised > 0)
          check["error_to_promised_cublas"] = kernel.maxAbs / promised;
      } else {
        check["tolerance_abs"] = tol;
      }
      if (epilogueTol) {
        check["epilogue"] = k.epilogue->expression;
        check["tolerance"] = "epilogue";
        check["tolerance_abs"] = *epilogueTol;
        check.erase("elements_past_bound");
        check.erase("worst_error_to_bound");
      }
      check["pass"] = pass;
      code = pass ? kExitPass : kExitCheckFailed;
    }
    result["check"] = check;
  }

  if (opt.bench) {
    // Rotate buffer sets so that the inputs of one run are not in L2 from
    // the last: enough sets to cover twice the L2.
    const int64_t setBytes = (mk + kn) * abBytes + mn * cBufferBytes;
    int sets = 1;
    if (l2Bytes > 0 && setBytes < 2LL * l2Bytes)
      sets = static_cast<int>(
          std::min<int64_t>(16, (2LL * l2Bytes + setBytes - 1) / setBytes + 1));
    std::vector<CUdeviceptr> as{dA}, bs{dB}, cs{dC};
    for (int s = 1; s < sets; ++s) {
      CUdeviceptr a, b, c;
      if (!alloc(granules(mk * abBytes), "a rotated A", a, f) ||
          !alloc(granules(kn * abBytes), "a rotated B", b, f) ||
          !alloc(granules(mn * cBufferBytes), "a rotated C", c, f) ||
          !cu(drv.cuMemcpyDtoD(a, dA, mk * abBytes), "copying A", f) ||
          !cu(drv.cuMemcpyDtoD(b, dB, kn * abBytes), "copying B", f) ||
          !cu(drv.cuMemsetD8(c, 0, mn * cBufferBytes), "clearing C", f))
        return f.code;
      as.push_back(a);
      bs.push_back(b);
      cs.push_back(c);
    }
    // The kernel's sets: these, but its windows' buffers (and copies of
    // them) for the operands that are windows.
    std::vector<std::array<CUdeviceptr, 3>> kernelSets;
    for (int s = 0; s < sets; ++s) {
      std::array<CUdeviceptr, 3> set = {as[s], bs[s], cs[s]};
      for (int i = 0; i < 3; ++i) {
        if (!k.args[i].window)
          continue;
        set[i] = kernelBuffers[i];
        if (s > 0 &&
            (!alloc(granules(kernelBytes[i]), "a rotated buffer", set[i], f) ||
             !cu(drv.cuMemcpyDtoD(set[i], kernelBuffers[i], kernelBytes[i]),
                 "copying a window's buffer", f)))
          return f.code;
      }
      kernelSets.push_back(set);
    }
    std::vector<Params> params(sets);
    for (int s = 0; s < sets; ++s)
      if (!makeParams(k, kernelSets[s][0], kernelSets[s][1], kernelSets[s][2],
                      params[s], f))
        return f.code;
    std::vector<float> kernelMs, cublasMs;
    double kernelClock = 0, cublasClock = 0;
    if (!timeRuns(
            "the kernel", sets,
            [&](int s) { return launch(k, fn, params[s], f); }, kernelMs, f, -1,
            -1, &kernelClock) ||
        !synchronize(k, f))
      return f.code;
    TimingStats kt = summarizeTimes(kernelMs);
    kt.smClockMhz = kernelClock;
    auto gflopsAt = [&](const TimingStats &t) {
      return flops / (t.medianMs * 1e-3) / 1e9;
    };
    double kernelGflops = gflopsAt(kt);
    Json bench = Json::object();
    bench["warmup"] = opt.warmup;
    bench["iters"] = opt.iters;
    bench["buffer_sets"] = sets;
    bench["bytes_per_set"] = setBytes;
    bench["l2_bytes"] = l2Bytes;
    bench["kernel"] = timingJson(kt, kernelGflops);
    std::printf("  bench: %d timed runs after %d warm-up, CUDA events, %d "
                "buffer set(s) of %.1f MB rotated (L2 %d MB)%s\n",
                opt.iters, opt.warmup, sets, setBytes / 1048576.0,
                l2Bytes >> 20,
                opt.iters < 100 ? "; fewer than 100 runs: not a benchmark"
                                : "");
    std::printf("    %-8s %11s %11s %11s %11s %8s\n", "", "median ms", "min ms",
                "p90 ms", "GFLOP/s", "SM MHz");
    printTimingRow("kernel", kt, kernelGflops);
    if (opt.reference) {
      if (!timeRuns(
              gemmName(k), sets,
              [&](int s) {
                return blas(gemm(k, as[s], bs[s], cs[s], 0.0f), gemmName(k), f);
              },
              cublasMs, f, -1, -1, &cublasClock))
        return f.code;
      TimingStats ct = summarizeTimes(cublasMs);
      ct.smClockMhz = cublasClock;
      double cublasGflops = gflopsAt(ct);
      std::optional<LtTiming> lt;
      if (!timeCublasLt(k, sets, as, bs, cs, lt, f))
        return f.code;
      double ltGflops = lt ? gflopsAt(lt->stats) : 0;
      Json ltJson;
      if (lt) {
        ltJson = timingJson(lt->stats, ltGflops);
        ltJson["algorithms_tried"] = lt->tried;
        ltJson["algorithm_chosen"] = lt->chosen;
      }
      // The ratio is against the faster of the two cuBLAS calls; for tf32
      // against cuBLAS TF32 (tf32x3 promises SGEMM's accuracy: against
      // SGEMM, with TF32's beside it).
      bool ltFaster = ltGflops > cublasGflops;
      double ratio = kernelGflops / std::max(cublasGflops, ltGflops);
      std::vector<float> tf32Ms;
      if (k.isTF32()) {
        double tf32Clock = 0;
        if (!timeRuns(
                "cuBLAS TF32", sets,
                [&](int s) {
                  return blas(gemm(k, as[s], bs[s], cs[s], 0.0f, true),
                              "cublasGemmEx (TF32)", f);
                },
                tf32Ms, f, -1, -1, &tf32Clock))
          return f.code;
        TimingStats tt = summarizeTimes(tf32Ms);
        tt.smClockMhz = tf32Clock;
        double tf32Gflops = gflopsAt(tt);
        bench["cublas_tf32"] = timingJson(tt, tf32Gflops);
        bench["ratio_to_cublas_tf32"] = kernelGflops / tf32Gflops;
        bench["ratio_to_cublas_sgemm"] = kernelGflops / cublasGflops;
        printTimingRow("cuBLAS TF32", tt, tf32Gflops);
        std::printf("    kernel / cuBLAS TF32 throughput: %.3fx; kernel / "
                    "cuBLAS SGEMM: %.3fx\n",
                    kernelGflops / tf32Gflops, kernelGflops / cublasGflops);
        if (k.precision == "tf32") {
          ratio = kernelGflops / tf32Gflops;
          ltFaster = false;
        }
      }
      if (k.epilogue) {
        bench["cublas_epilogue"] = "none: the matmul alone";
        std::printf("    (cuBLAS figures: the matmul alone, without the "
                    "epilogue's ops)\n");
        std::optional<LtTiming> lte;
        if (ltEpilogue &&
            !timeCublasLt(k, sets, as, bs, cs, lte, f, &*ltEpilogue))
          return f.code;
        if (lte) {
          double g = gflopsAt(lte->stats);
          Json j = timingJson(lte->stats, g);
          j["epilogue"] = ltEpilogue->name;
          bench["cublaslt_epilogue"] = j;
          bench["ratio_to_cublaslt_epilogue"] = kernelGflops / g;
          printTimingRow("cuBLASLt+", lte->stats, g, ltEpilogue->name);
          std::printf("    kernel / cuBLASLt with epilogue %s: %.3fx\n",
                      ltEpilogue->name.c_str(), kernelGflops / g);
        } else {
          std::printf("    (no cuBLASLt epilogue to time: %s)\n",
                      opt.check ? "none computes the program"
                                : "--check finds it");
        }
        // cuBLAS, then the program as its own kernel reading C.
        if (separateEpilogue) {
          std::vector<CUdeviceptr> outs(sets);
          for (CUdeviceptr &out : outs)
            if (!alloc(granules(mn * outBytes), "a separate epilogue output",
                       out, f))
              return f.code;
          std::vector<float> pairMs;
          double pairClock = 0;
          float beta = k.accumulate ? 1.0f : 0.0f;
          if (!timeRuns(
                  "cuBLAS and the epilogue kernel", sets,
                  [&](int s) {
                    return blas(gemm(k, as[s], bs[s], cs[s], beta),
                                gemmName(k), f) &&
                           launchSeparateEpilogue(k, cs[s], outs[s], f);
                  },
                  pairMs, f, -1, -1, &pairClock))
            return f.code;
          TimingStats pt = summarizeTimes(pairMs);
          pt.smClockMhz = pairClock;
          double g = gflopsAt(pt);
          bench["cublas_then_epilogue_kernel"] = timingJson(pt, g);
          bench["ratio_to_cublas_then_epilogue_kernel"] = kernelGflops / g;
          printTimingRow("cuBLAS+k", pt, g,
                         std::string(gemmName(k)) + ", then the epilogue kernel");
          std::printf("    kernel / %s then a separate epilogue kernel: "
                      "%.3fx\n",
                      gemmName(k), kernelGflops / g);
        } else {
          std::printf("    (no separate epilogue kernel to time: %s)\n",
                      opt.check ? "it did not compile or pass"
                                : "--check checks it first");
        }
      }
      bench["cublas"] = timingJson(ct, cublasGflops);
      bench["cublaslt"] = ltJson;
      bench["cublas_math"] =
          k.abType == ElementType::F32
              ? "CUBLAS_PEDANTIC_MATH (no TF32)"
              : "CUBLAS_DEFAULT_MATH, CUBLAS_COMPUTE_32F (tensor cores)";
      bench["reference"] = k.precision == "tf32" ? "cublasGemmEx (TF32)"
                           : ltFaster                ? "cublasLtMatmul"
                                                     : gemmName(k);
      bench["ratio_to_cublas"] = ratio;
      printTimingRow("cuBLAS", ct, cublasGflops);
      if (lt)
        printTimingRow("cuBLASLt", lt->stats, ltGflops,
                       "fastest of " + std::to_string(lt->tried) +
                           " algorithms");
      if (k.precision != "tf32")
        std::printf("    kernel / %s throughput: %.3fx\n",
                    ltFaster ? "cuBLASLt" : "cuBLAS", ratio);
    }
    result["bench"] = bench;
  }
  return code;
}

} // namespace

int tilerun::runArtifact(const RunOptions &opt) {
  Manifest manifest;
  std::string error;
  if (!loadManifest(opt.dir, manifest, error)) {
    std::fprintf(stderr, "tile-run: error: %s\n", error.c_str());
    return kExitUsage;
  }
  std::vector<const KernelSpec *> selected;
  for (const KernelSpec &k : manifest.kernels)
    if (opt.kernel.empty() || k.name == opt.kernel)
      selected.push_back(&k);
  if (selected.empty()) {
    std::fprintf(stderr, "tile-run: error: %s\n",
                 opt.kernel.empty()
                     ? ("the artifact in '" + opt.dir + "' has no kernel").c_str()
                     : ("the artifact has no kernel named '" + opt.kernel + "'")
                           .c_str());
    return kExitUsage;
  }

  // --input and --output name one kernel's matrices: read and check them
  // before the GPU is touched.
  RunOptions withData = opt;
  if (!opt.inputs.empty() || !opt.outputPath.empty()) {
    if (selected.size() != 1) {
      std::fprintf(stderr, "tile-run: error: --input and --output need one "
                           "kernel (--kernel NAME)\n");
      return kExitUsage;
    }
    if (!loadUserInputs(opt.inputs, *selected[0], withData.user, error)) {
      std::fprintf(stderr, "tile-run: error: %s\n", error.c_str());
      return kExitUsage;
    }
  }
  Session session(withData);
  Failure failure{0, ""};
  if (!session.open(failure)) {
    std::fprintf(stderr, "tile-run: error: %s\n", failure.message.c_str());
    return failure.code;
  }
  std::printf("tile-run: %s\n", session.describeDevice().c_str());

  Json results = Json::array();
  int worst = kExitPass;
  for (const KernelSpec *k : selected) {
    Json result;
    int code = session.runKernel(*k, result, failure);
    if (code != kExitPass && !failure.message.empty()) {
      std::fprintf(stderr, "tile-run: error: %s\n", failure.message.c_str());
      failure = {0, ""};
    }
    if (result.is_object()) {
      result["exit_code"] = code;
      results.push_back(result);
    }
    worst = std::max(worst, code);
  }
  if (!opt.jsonPath.empty()) {
    Json doc = Json::object();
    doc["tool"] = "tile-run";
    doc["artifact"] = opt.dir;
    doc["manifest_generator"] = manifest.generator;
    doc["device"] = session.deviceJson();
    doc["results"] = results;
    std::ofstream out(opt.jsonPath);
    out << doc.dump(2) << "\n";
    if (!out) {
      std::fprintf(stderr, "tile-run: error: cannot write '%s'\n",
                   opt.jsonPath.c_str());
      return std::max(worst, static_cast<int>(kExitUsage));
    }
  }
  return worst;
}
