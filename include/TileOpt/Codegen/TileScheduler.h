//===- TileScheduler.h - Which output tiles a block computes ----*- C++ -*-===//
//
// A tile scheduler places the kernel body: data-parallel gives each block
// one output tile (the grid over the tiles); Stream-K gives one resident
// wave of blocks even shares of all tiles' K steps, as segments of a loop,
// and reduces the partial sums of a tile split between blocks in its
// epilogue (`emitEpilogue`); split_tail runs whole tiles and splits the
// last partial wave's tiles in K, whose parts sum their partial sums
// together; persistent loops a resident wave over whole tiles.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_TILESCHEDULER_H
#define TILEOPT_CODEGEN_TILESCHEDULER_H

#include "TileOpt/Codegen/Epilogue.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <memory>

namespace mlir::tileopt {

class TileScheduler {
public:
  virtual ~TileScheduler() = default;
  /// Emits the block's walk over its tiles before the launch body's
  /// `terminator`: returns the op before which one tile's body goes, and
  /// the tile's row and column.
  virtual Operation *emitTileLoop(gpu::KernelDim3 blockIds,
                                  Operation *terminator, Value &tileRow,
                                  Value &tileCol) = 0;
  /// A batched problem's batch of the current tile (null: the block's,
  /// blockIdx.z).
  virtual Value getTileBatch() const { return {}; }
  /// Sets the K range of one tile on the body's K loop.
  virtual void setKRange(scf::ForOp kLoop) {}
  /// Emits what the block sets up once for the scheduler (before the loop).
  virtual void emitSetup(Value workspace) {}
  /// The op before which the block's one-time setup goes (null: the
  /// kernel's start).
  virtual Operation *getSetupPoint() const { return nullptr; }
  /// The block's K steps before the current tile (null: none).
  virtual Value getStepBase() const { return {}; }
  /// Whether the current tile's accumulators start from C (null: always).
  virtual Value emitOwnsTile() { return {}; }
  /// After the K loop: the accumulators `results` to C.
  virtual void emitEpilogue(Epilogue &epilogue, ValueRange results) {
    epilogue.emitStore(results);
  }
};

/// One output tile per block: tile (blockIdx.y, blockIdx.x), or (blockIdx.x,
/// blockIdx.y) with order = along_m; with bands (group > 0), tile blockIdx.x
/// of the tile order.
std::unique_ptr<TileScheduler> createDataParallelScheduler(KernelContext &ctx);

/// A resident wave of blocks, block g running tiles g, g + grid, ... in the
/// config's tile order, its K steps numbered on from tile to tile; a
/// batched problem's tiles batch after batch.
std::unique_ptr<TileScheduler> createPersistentScheduler(KernelContext &ctx);

/// Stream-K, or split_tail, over the plan's StreamKPlan.
std::unique_ptr<TileScheduler> createStreamKScheduler(KernelContext &ctx);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_TILESCHEDULER_H
