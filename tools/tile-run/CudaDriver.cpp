//===- CudaDriver.cpp - The CUDA driver API, loaded at run time ----------===//
//
// dlopen("libcuda.so.1") and dlsym for every entry point.
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
  // Resolve each entry point by the symbol cuda.h maps its name to
  // (cuMemAlloc -> cuMemAlloc_v2), so the function has exactly the prototype
  // the header declares. (cuGetProcAddress at the toolkit's version can
  // return a newer ABI: CUDA 13 answers "cuCtxSynchronize" with
  // cuCtxSynchronize_v2, which takes a context argument.)
#define TILERUN_SYMBOL_NAME(name) #name
#define TILERUN_EXPANDED_NAME(name) TILERUN_SYMBOL_NAME(name)
#define TILERUN_RESOLVE(name)                                                  \
  {                                                                            \
    void *fn = dlsym(handle, TILERUN_EXPANDED_NAME(name));                     \
    if (!fn) {                                                                 \
      error = "the CUDA driver lacks " TILERUN_EXPANDED_NAME(                  \
          name) " (is it older than the CUDA " +                               \
              std::to_string(CUDA_VERSION / 1000) +                            \
              " toolkit tile-run was built with?)";                            \
      return false;                                                            \
    }                                                                          \
    name = reinterpret_cast<decltype(name)>(fn);                               \
  }
  TILERUN_CUDA_DRIVER_FUNCTIONS(TILERUN_RESOLVE)
#undef TILERUN_RESOLVE
#undef TILERUN_EXPANDED_NAME
#undef TILERUN_SYMBOL_NAME
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
