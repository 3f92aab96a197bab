//===- Passes.h - tile-opt pass declarations ----------------------*- C++ -*-===//
//
// Declarations of every tile-opt pass (generated from Passes.td) and the one
// registration call, `registerTileOptPasses()`, for tools that embed them.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_PASSES_H
#define TILEOPT_TRANSFORMS_PASSES_H

#include "TileOpt/Dialect/TileDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tileopt {

#define GEN_PASS_DECL
#include "TileOpt/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TileOpt/Transforms/Passes.h.inc"

} // namespace mlir::tileopt

#endif // TILEOPT_TRANSFORMS_PASSES_H
