// The FP32 FMA ceiling of the GPU as it runs: what the CUDA cores deliver
// under the card's clock and power limits, timed the way tile-run times
// kernels (back-to-back launches, CUDA events around each, median).
//
//   nvcc -O3 -arch=sm_90 -o fma-ceiling experiments/fma-ceiling.cu
//   ./fma-ceiling [MICROSECONDS...]    (default: 350 3500 35000)
//
// Every thread runs kChains independent FMA chains, 2048 threads per SM, so
// that issue, not latency, bounds it; the loop body is 512 FFMAs against 3
// loop instructions. For each target duration it prints the median time, the
// FP32 rate and the SM clock that rate implies at 128 FMAs per SM per cycle.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {
constexpr int kChains = 8;
constexpr int kUnroll = 64;
constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads)
    fmaLoop(float *out, int iters, float b, float c) {
  float acc[kChains];
#pragma unroll
  for (int i = 0; i < kChains; ++i)
    acc[i] = threadIdx.x * 1e-3f + i;
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int r = 0; r < kUnroll; ++r)
#pragma unroll
      for (int i = 0; i < kChains; ++i)
        acc[i] = fmaf(acc[i], b, c);
  }
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < kChains; ++i)
    s += acc[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

bool ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess)
    return true;
  std::fprintf(stderr, "fma-ceiling: %s: %s\n", what, cudaGetErrorString(e));
  return false;
}

// Median milliseconds of `timed` launches after `warm` warm-up launches.
bool timeLaunches(dim3 grid, float *out, int iters, int warm, int timed,
                  float &median) {
  for (int i = 0; i < warm; ++i)
    fmaLoop<<<grid, kThreads>>>(out, iters, 0.9999f, 1e-4f);
  std::vector<cudaEvent_t> ev(2 * timed);
  for (auto &e : ev)
    if (!ok(cudaEventCreate(&e), "cudaEventCreate"))
      return false;
  for (int i = 0; i < timed; ++i) {
    cudaEventRecord(ev[2 * i]);
    fmaLoop<<<grid, kThreads>>>(out, iters, 0.9999f, 1e-4f);
    cudaEventRecord(ev[2 * i + 1]);
  }
  if (!ok(cudaEventSynchronize(ev.back()), "kernel"))
    return false;
  std::vector<float> ms(timed);
  for (int i = 0; i < timed; ++i)
    cudaEventElapsedTime(&ms[i], ev[2 * i], ev[2 * i + 1]);
  for (auto &e : ev)
    cudaEventDestroy(e);
  std::nth_element(ms.begin(), ms.begin() + timed / 2, ms.end());
  median = ms[timed / 2];
  return true;
}
} // namespace

int main(int argc, char **argv) {
  std::vector<double> targetsUs;
  for (int i = 1; i < argc; ++i)
    targetsUs.push_back(std::atof(argv[i]));
  if (targetsUs.empty())
    targetsUs = {350, 3500, 35000};
  cudaDeviceProp prop;
  if (!ok(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties"))
    return 1;
  int perSm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, fmaLoop, kThreads, 0);
  dim3 grid(prop.multiProcessorCount * perSm);
  float *out = nullptr;
  if (!ok(cudaMalloc(&out, sizeof(float) * grid.x * kThreads), "cudaMalloc"))
    return 1;
  double fmaPerIter = double(grid.x) * kThreads * kChains * kUnroll;
  std::printf("%s, %d SMs, %d blocks of %d threads per SM\n", prop.name,
              prop.multiProcessorCount, perSm, kThreads);
  // Calibrate the iteration count from one long launch.
  float ms = 0;
  if (!timeLaunches(grid, out, 2000, 2, 5, ms))
    return 1;
  double usPerIter = ms * 1e3 / 2000;
  for (double target : targetsUs) {
    int iters = std::max(1, int(target / usPerIter));
    int timed = target < 5000 ? 200 : 30;
    if (!timeLaunches(grid, out, iters, 10, timed, ms))
      return 1;
    double tflops = 2 * fmaPerIter * iters / (ms * 1e-3) / 1e12;
    double ghz = fmaPerIter * iters / (ms * 1e-3) /
                 (prop.multiProcessorCount * 128.0) / 1e9;
    std::printf("target %8.0f us: %d iterations, median %.4f ms over %d "
                "back-to-back launches, %.1f TFLOP/s FP32, implied SM clock "
                "%.3f GHz\n",
                target, iters, ms, timed, tflops, ghz);
  }
  cudaFree(out);
  return 0;
}
