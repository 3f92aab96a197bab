//===- ClockProbe.cpp - The SM clock at the end of timed runs ------------===//
//
// See ClockProbe.h.
//
//===----------------------------------------------------------------------===//
#include "ClockProbe.h"

#include <string>

using namespace tilerun;

// out[0] = SM cycles, out[1] = global-timer nanoseconds, counted while the
// timer advances kProbeNs.
static std::string getProbePtx() {
  return R"(
.version 7.0
.target sm_70
.address_size 64
.visible .entry tile_run_clock_probe(.param .u64 out) {
  .reg .pred %p;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd0, [out];
  cvta.to.global.u64 %rd0, %rd0;
  mov.u64 %rd1, %globaltimer;
  mov.u64 %rd2, %clock64;
spin:
  mov.u64 %rd3, %globaltimer;
  sub.u64 %rd4, %rd3, %rd1;
  setp.lt.u64 %p, %rd4, )" +
         std::to_string(kProbeNs) + R"(;
  @%p bra spin;
  mov.u64 %rd5, %clock64;
  sub.u64 %rd6, %rd5, %rd2;
  st.global.u64 [%rd0], %rd6;
  st.global.u64 [%rd0+8], %rd4;
  ret;
}
)";
}

double tilerun::clockMhz(uint64_t cycles, uint64_t ns) {
  return ns ? 1e3 * static_cast<double>(cycles) / static_cast<double>(ns) : 0;
}

ClockProbe::~ClockProbe() {
  if (result)
    drv.cuMemFree(result);
  if (module)
    drv.cuModuleUnload(module);
}

bool ClockProbe::load(std::string &error) {
  std::string ptx = getProbePtx();
  CUresult r = drv.cuModuleLoadData(&module, ptx.c_str());
  if (r == CUDA_SUCCESS)
    r = drv.cuModuleGetFunction(&fn, module, "tile_run_clock_probe");
  if (r == CUDA_SUCCESS)
    r = drv.cuMemAlloc(&result, 2 * sizeof(uint64_t));
  if (r != CUDA_SUCCESS) {
    error = "the SM clock probe did not load: " + drv.describe(r);
    fn = nullptr;
    return false;
  }
  return true;
}

bool ClockProbe::launch() {
  void *params[] = {&result};
  return drv.cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, params,
                            nullptr) == CUDA_SUCCESS;
}

bool ClockProbe::read(double &mhz) {
  uint64_t words[2] = {0, 0};
  if (drv.cuMemcpyDtoH(words, result, sizeof words) != CUDA_SUCCESS)
    return false;
  mhz = clockMhz(words[0], words[1]);
  return true;
}
