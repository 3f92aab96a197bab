//===- EpilogueKernel.h - A fused epilogue as a separate kernel --*- C++ -*-===//
//
// The anchor a fused epilogue is measured against besides cuBLASLt's own
// epilogues: cuBLAS writes C, then one elementwise kernel applies the
// program (bias, activation, residual, cast) and writes the output, as a
// framework without fusion runs it. The kernel is CUDA C generated from the
// manifest's program and compiled at run time with NVRTC: every step in
// f32 with CUDA's accurate math functions (tanhf, erff, expf), a 16-bit
// step's value rounded to its type, 8 elements a thread with 16-byte loads
// and stores where the row length allows, C and every buffer read once.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_EPILOGUEKERNEL_H
#define TILERUN_EPILOGUEKERNEL_H

#include "Epilogue.h"

#include <string>

namespace tilerun {

/// The kernel's name and its elements per thread.
inline constexpr const char *kEpilogueKernelName = "tile_run_epilogue";
inline constexpr int kEpilogueKernelVector = 8;
inline constexpr int kEpilogueKernelThreads = 256;

/// CUDA C of `extern "C" __global__ void tile_run_epilogue(const C *c,
/// Out *out, const E1 *e1, ..., int m, int n)` for program `e` on a C of
/// `cType` (row-major M x N, as the inputs' buffers in the ABI). Launch
/// with kEpilogueKernelThreads threads, grid.x blocks covering
/// N / (threads x kEpilogueKernelVector), grid.y any row count (rows
/// are strided) and grid.z the batch count (C's and the batched inputs'
/// matrices one after the other).
std::string getEpilogueKernelSource(const EpilogueSpec &e, ElementType cType);

/// PTX of `source` for compute capability `cc` (e.g. 90) through NVRTC;
/// false with the compiler's log in `error`.
bool compileKernelSource(const std::string &source, int cc, std::string &ptx,
                         std::string &error);

} // namespace tilerun

#endif // TILERUN_EPILOGUEKERNEL_H
