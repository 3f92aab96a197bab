//===- KernelUtils.h - Helpers shared by the kernel-building passes -*- C++ -*-===//
//
// Small pieces of mechanism that more than one mapping pass needs: what
// counts as workgroup memory, and how a launch pins its kernel ABI.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_KERNELUTILS_H
#define TILEOPT_TRANSFORMS_KERNELUTILS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tileopt {

/// True for a memref in `#gpu.address_space<workgroup>` (shared memory).
bool isWorkgroupMemRef(Type type);

/// Fixes the kernel ABI of `launch`: makes `operands` (A, B, C) the first
/// values the body uses, in this order, through `memref.assume_alignment`
/// (kArgumentAlignment bytes, which the ABI promises), and rewires their uses
/// in the body to the aligned values. Outlining then makes them the kernel's
/// parameters in this order. Returns the last `memref.assume_alignment`
/// (null when `operands` is empty): a value first used after it becomes a
/// later parameter.
Operation *pinKernelOperands(RewriterBase &rewriter, gpu::LaunchOp launch,
                             ArrayRef<Value> operands);

/// Returns `<function>_matmul_<i>` for the smallest i that no gpu.launch or
/// gpu.launch_func in `func` uses yet: the name of the next kernel.
std::string getUniqueKernelName(Operation *func, StringRef functionName);

} // namespace mlir::tileopt

#endif // TILEOPT_TRANSFORMS_KERNELUTILS_H
