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

/// Gives the kernel the alignment its ABI promises: each of `operands` (A,
/// B, C) is used in the body through a `memref.assume_alignment`
/// (kArgumentAlignment bytes), placed at the body's start in this order.
/// The parameter order itself is `tile.kernel_arguments`'s. Returns the
/// last `memref.assume_alignment` (null when `operands` is empty).
Operation *pinKernelOperands(RewriterBase &rewriter, gpu::LaunchOp launch,
                             ArrayRef<Value> operands);

/// The longest kernel name stem sanitizeKernelName returns (with
/// `_matmul_<i>` and `.cubin`, well within a 255-byte file name).
inline constexpr size_t kMaxKernelNameStem = 200;

/// `name` as a PTX identifier: every character but [A-Za-z0-9_] becomes `_`,
/// and a name that would not start with a letter or `_` gets a `k` in front;
/// one longer than kMaxKernelNameStem keeps its start and ends in `_` and 16
/// hex digits of a hash of `name`.
std::string sanitizeKernelName(StringRef name);

/// The name of the next kernel for `op`: `<function>_matmul_<i>`, with the
/// function enclosing `op` sanitised (sanitizeKernelName), for the smallest i
/// that no gpu.launch, gpu.launch_func or symbol (`<name>` or
/// `<name>_module`) under `scope` uses yet.
std::string getUniqueKernelName(Operation *scope, Operation *op);

} // namespace mlir::tileopt

#endif // TILEOPT_TRANSFORMS_KERNELUTILS_H
