//===- CudaDriver.cpp - The CUDA driver API, loaded at run time ----------===//
//
// dlopen("libcuda.so.1") and cuGetProcAddress for every entry point.
//
//===----------------------------------------------------------------------===//
#include "CudaDriver.h"

#include <dlfcn.h>

using namespace tilerun;

bool CudaDriver::load(std::string &error) {
  void *handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    error = std::string("no CUDA driver: cannot load libcuda.so.1 (") +
            (why ? why : "unknown reason") +
            "); tile-run needs a machine with an NVIDIA GPU and driver";
    return false;
  }
  using GetProc = CUresult (*)(const char *, void **, int, cuuint64_t,
                               CUdriverProcAddressQueryResult *);
  auto getProc =
      reinterpret_cast<GetProc>(dlsym(handle, "cuGetProcAddress_v2"));
  if (!getProc) {
    error = "the CUDA driver is too old: libcuda.so.1 has no "
            "cuGetProcAddress_v2 (tile-run needs a CUDA 12 or newer driver)";
    return false;
  }
#define TILERUN_RESOLVE(name)                                                  \
  {                                                                            \
    CUdriverProcAddressQueryResult status;                                     \
    void *fn = nullptr;                                                        \
    if (getProc(#name, &fn, CUDA_VERSION, CU_GET_PROC_ADDRESS_DEFAULT,         \
                &status) != CUDA_SUCCESS ||                                    \
        !fn) {                                                                 \
      error = "the CUDA driver lacks " #name " for CUDA " +                    \
              std::to_string(CUDA_VERSION) +                                   \
              " (is the driver older than the toolkit tile-run was built "     \
              "with?)";                                                        \
      return false;                                                            \
    }                                                                          \
    name = reinterpret_cast<decltype(name)>(fn);                               \
  }
  TILERUN_CUDA_DRIVER_FUNCTIONS(TILERUN_RESOLVE)
#undef TILERUN_RESOLVE
  return true;
}

std::string CudaDriver::describe(CUresult result) const {
  const char *name = nullptr, *text = nullptr;
  if (cuGetErrorName)
    cuGetErrorName(result, &name);
  if (cuGetErrorString)
    cuGetErrorString(result, &text);
  return std::string(name ? name : "CUDA error " + std::to_string(result)) +
         (text ? std::string(": ") + text : std::string());
}
