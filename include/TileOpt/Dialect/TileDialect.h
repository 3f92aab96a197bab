//===- TileDialect.h - The tile dialect ---------------------------*- C++ -*-===//
//
// Declares the `tile` dialect, its `#tile.config` attribute (with the nested
// `#tile.fma`, `#tile.copy` and `#tile.schedule`), which carries the tiling
// decisions of one `linalg.matmul` through the pipeline, and its op.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_DIALECT_TILEDIALECT_H
#define TILEOPT_DIALECT_TILEDIALECT_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include <string>

#include "TileOpt/Dialect/TileDialect.h.inc"

namespace mlir::tileopt {
/// `[i, j, ...]`, the sizes in #tile.config and its nested attributes.
FailureOr<SmallVector<int64_t>> parseSizes(AsmParser &parser);
void printSizes(AsmPrinter &printer, ArrayRef<int64_t> sizes);
} // namespace mlir::tileopt
#include "TileOpt/Dialect/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TileOpt/Dialect/TileAttrs.h.inc"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#define GET_OP_CLASSES
#include "TileOpt/Dialect/TileOps.h.inc"

namespace mlir::tileopt {
/// Name of the discardable attribute that holds a matmul's `#tile.config`.
inline constexpr llvm::StringLiteral kConfigAttrName = "tile.config";
/// Name of the discardable attribute describing the matmul problem a kernel
/// computes (set on `gpu.launch`, carried to `gpu.launch_func`).
inline constexpr llvm::StringLiteral kProblemAttrName = "tile.problem";
/// Unit attribute on the scf.forall over a batched matmul's batch (made by
/// --tile-split-batch): its body views one batch of A, B and C.
inline constexpr llvm::StringLiteral kBatchAttrName = "tile.batch";
/// Unit attribute on a K loop that places its own barriers (the
/// asynchronous pipelines): --tile-insert-barriers leaves it alone.
inline constexpr llvm::StringLiteral kSelfSynchronizedAttrName =
    "tile.self_synchronized";
/// Kernel ABI: every buffer argument is a bare pointer aligned to at least
/// this many bytes (cudaMalloc gives 256); kernels may rely on it.
inline constexpr int64_t kArgumentAlignment = 16;
/// Kernel ABI (copy = tma): a tensor-map argument points to a 128-byte
/// CUtensorMap aligned to this many bytes, as the CUDA driver requires.
inline constexpr int64_t kTensorMapAlignment = 64;
/// TMA box destinations in shared memory (and so the dynamic shared memory
/// base and every panel in it) are aligned to this many bytes.
inline constexpr int64_t kTmaBoxAlignment = 128;
/// The alignment of a 128-byte swizzled stage: the swizzle pattern repeats
/// every 8 rows of 128 bytes, and wgmma descriptors take its phase from the
/// address.
inline constexpr int64_t kSwizzledStageAlignment = 1024;
/// The bytes of one 128-byte swizzled box row: the width of the wgmma
/// tile's boxes (64 16-bit or 32 f32 columns, WgmmaTileAttr::getBoxColumns).
inline constexpr int64_t kSwizzledBoxRowBytes = 128;

/// The most elements a TMA box may have along any side.
inline constexpr int64_t kMaxTmaBoxSide = 256;

/// Upper bounds of #tile.config's fields (the attribute's verifier). Each is
/// beyond what any chip can run, and together they keep every size derived
/// from a config within int64.
inline constexpr int64_t kMaxConfigTileSide = 4096;
inline constexpr int64_t kMaxConfigThreadSide = 256;
inline constexpr int64_t kMaxConfigStages = 32;
inline constexpr int64_t kMaxConfigPad = 256;
inline constexpr int64_t kMaxConfigBlocksPerSM = 64;
/// The most tile rows or columns in one band of the tile order.
inline constexpr int64_t kMaxConfigGroup = 1024;

/// The spellings a strategy may take, for diagnostics: "'naive' or 'tiled'".
std::string describeStrategies();
} // namespace mlir::tileopt

#endif // TILEOPT_DIALECT_TILEDIALECT_H
