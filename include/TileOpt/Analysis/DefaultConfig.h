//===- DefaultConfig.h - The default config of a problem ---------*- C++
//-*-===//
//
// The config a matmul gets when its user names none: the FMA candidates
// scored by a wave model (DefaultConfig.cpp), the wgmma tile's defaults
// for 16-bit and TF32 problems (TensorCoreDefault.cpp), and the helpers
// both share. docs/design.md, "Default config", has the model and the
// measurements.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_ANALYSIS_DEFAULTCONFIG_H
#define TILEOPT_ANALYSIS_DEFAULTCONFIG_H

#include "TileOpt/Analysis/Target.h"

namespace mlir::tileopt {

/// The default tiled config for an M x N x K problem on `target` (see
/// docs/design.md, "Default config"): among a few register-tiled candidates,
/// the one with the best product of wave efficiency, measured relative speed
/// and useful fraction of the padded output; with `stream_k` where that
/// config is a TMA one with `blocks_per_sm` and without `b_row_groups`
/// whose tiles leave block slots idle in the last wave (whole tiles, or
/// pack_b over two waves or more). Null when no candidate fits, with `why`
/// (if given) saying what the smallest candidate breaks. `cType` is C's
/// element type (null: the operands'); it picks the 16-bit schedule.
/// `precision` tf32 or tf32x3 picks the TF32 wgmma default instead (f32
/// operands, sm_90a). With transposed A or B (`layout`) the wgmma
/// defaults read them as stored or through their copies, and the fma
/// candidates are the TMA ones that copy them first (b = packed, at least
/// one block per SM). A batched problem (`batch` > 0) counts its tiles
/// `batch` times and takes only configs findBatchViolation admits.
ConfigAttr selectDefaultTiledConfig(MLIRContext *ctx, int64_t m, int64_t n,
                                    int64_t k, Type elementType, Type cType,
                                    const TargetInfo &target,
                                    std::string *why = nullptr,
                                    Precision precision = Precision::IEEE,
                                    OperandLayout layout = {},
                                    int64_t batch = 0);

/// The default of a 16-bit problem: the wgmma tile of 128 x 256 (two
/// warpgroups of 64 x 256) in 4 stages of BK = 64 (48 KiB each), the
/// shape of the kernels measured in docs/results/; 128 x 128 where the
/// larger tiles would leave many of the chip's SMs idle. Blocks take tiles
/// down the columns of C where B is as large as A or larger (N >= M), so
/// that a wave's blocks share B's panels in the L2 (measured on the FF
/// layer and on 4096³, 2 % over along_n: docs/results/).
ConfigAttr selectDefaultWgmmaConfig(MLIRContext *ctx, int64_t m, int64_t n,
                                    int64_t k, Type elementType, Type cType,
                                    const TargetInfo &target, std::string *why,
                                    OperandLayout layout, int64_t batch);

/// The TF32 default: the f16 default's 128 x BN tiles, BK one swizzle atom
/// (32), 4 stages of 48 KiB (128 x 256) with tf32; with tf32x3, whose
/// stages hold both parts, 128 x 128 tiles in 3 stages of 64 KiB. A
/// producer warpgroup, one resident block per SM (the copies' grid
/// barrier), on a persistent grid where M fills whole tiles (with edge
/// rows ptxas spilled the persistent consumers of 128 x 256 tiles) and
/// data-parallel tiles otherwise. tf32 takes 64 x 256 tiles (one consumer
/// warpgroup, persistent) where their fuller waves outweigh their lower
/// speed, as the f16 default does: 2053 x 2039 x 2048, 264 tiles in two
/// whole waves, 0.0967 ms against 0.1231 for 136 of 128 x 256 (the tile
/// study, docs/results/2026-12-05-tf32-tiles/; 128 x 128 tiles, 272 of
/// them, took 0.108-0.113). tf32x3 runs a tail that splits on split_tail.
///
/// tf32 on 128 x 256 tiles of a persistent grid, B stored K x N in rows of
/// 16-byte multiples and A M x K (K % 4 = 0): 256 x 128 tiles with B in
/// registers (`registers = b`) instead, which copy nothing (A truncated to
/// TF32 rather than rounded): 2048^3 0.79 -> 1.02x cuBLAS TF32, 4096^3
/// 0.82-0.90 -> 0.98-1.00x on an H100
/// (docs/results/2026-12-07-tf32-b-registers/); over windows of larger
/// buffers too (2048^3 in 2048 x 2080 buffers 1.017x, small ragged
/// windows with compute-sanitizer, docs/results/2026-12-07-tf32-batch/).
///
/// A batch of `batch` products: the same 256 x 128 tiles with B in
/// registers where they copy nothing (tf32), else B stored N x K read
/// truncated, else the 128 x 128 tiles that copy (tf32x3 always), their
/// copies the batch's matrices one after the other; on the grid's z, or,
/// over more than a wave of tiles, on a persistent grid whose tiles run
/// batch after batch (as the f16 default's batches).
ConfigAttr selectDefaultTF32Config(MLIRContext *ctx, int64_t m, int64_t n,
                                   int64_t k, Type elementType,
                                   Precision precision,
                                   const TargetInfo &target, std::string *why,
                                   OperandLayout layout = {},
                                   int64_t batch = 0);

/// The fraction of its waves' SM slots that `tiles` tiles fill on `sms`
/// SMs (one block each).
double getWaveEfficiency(int64_t tiles, int64_t sms);

/// Whether split_tail's `plan` runs a tail: a full wave or more of whole
/// tiles, then a partial wave whose tiles split along K.
bool runsSplitTail(const StreamKPlan &plan, const TargetInfo &target);

/// What makes `config` impossible on `target` or for the problem's shape
/// (a default candidate that this rules out is not taken).
std::optional<std::string> findDefaultViolation(ConfigAttr config, int64_t m,
                                                int64_t n, int64_t k,
                                                Type elementType,
                                                const TargetInfo &target,
                                                OperandLayout layout = {});

} // namespace mlir::tileopt

#endif // TILEOPT_ANALYSIS_DEFAULTCONFIG_H
