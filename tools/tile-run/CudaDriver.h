//===- CudaDriver.h - The CUDA driver API, loaded at run time -----*- C++ -*-===//
//
// tile-run opens libcuda.so.1 with dlopen and resolves the entry points it
// uses with dlsym, instead of linking libcuda: on a machine
// without an NVIDIA driver (CI, a laptop) it then starts and reports "no CUDA
// driver" with a clear message rather than failing in the dynamic loader.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_CUDADRIVER_H
#define TILERUN_CUDADRIVER_H

#include <cuda.h>
#include <string>

namespace tilerun {

// Every driver entry point tile-run calls. The member of each is declared with
// the type of the versioned symbol cuda.h maps the name to (cuMemAlloc ->
// cuMemAlloc_v2), and that same symbol is looked up in libcuda.
#define TILERUN_CUDA_DRIVER_FUNCTIONS(X)                                       \
  X(cuInit)                                                                    \
  X(cuDriverGetVersion)                                                        \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDeviceGetName)                                                           \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuDevicePrimaryCtxRelease)                                                 \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadData)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleGetFunction)                                                       \
  X(cuModuleUnload)                                                            \
  X(cuFuncSetAttribute)                                                        \
  X(cuFuncGetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuLaunchKernelEx)                                                          \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemcpyDtoD)                                                              \
  X(cuMemsetD8)                                                                \
  X(cuMemsetD16)                                                               \
  X(cuMemsetD32)                                                               \
  X(cuMemGetInfo)                                                              \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor)                               \
  X(cuTensorMapEncodeTiled)                                                    \
  X(cuEventCreate)                                                             \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventElapsedTime)                                                        \
  X(cuEventDestroy)                                                            \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)

struct CudaDriver {
#define TILERUN_DECLARE(name) decltype(&::name) name = nullptr;
  TILERUN_CUDA_DRIVER_FUNCTIONS(TILERUN_DECLARE)
#undef TILERUN_DECLARE

  /// Opens libcuda.so.1 and resolves every entry point. On failure `error`
  /// says what is missing.
  bool load(std::string &error);

  /// "CUDA_ERROR_X: description" for `result`.
  std::string describe(CUresult result) const;
};

} // namespace tilerun

#endif // TILERUN_CUDADRIVER_H
