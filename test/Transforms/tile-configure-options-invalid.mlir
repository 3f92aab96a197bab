// Options that do not make a config that fits: an error (at the matmul where
// the chip refuses the config) and a non-zero exit.
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_99}))" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<naive, block = [64, 64, 1], tile = #tile.fma<thread = [1, 1]>>'}))" 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 32], tile = #tile.fma<thread = [8, 8]>, schedule = #tile.schedule<stages = 6>>' chip=sm_80}))" 2>&1 | FileCheck %s --check-prefix=SMEM80
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{strategy=fastest}))" 2>&1 | FileCheck %s --check-prefix=STRATEGY
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [2, 2]>>'}))" 2>&1 | FileCheck %s --check-prefix=NAIVE
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 64, 8], warp = [32, 32], tile = #tile.fma<thread = [4, 4]>>'}))" 2>&1 | FileCheck %s --check-prefix=WARP
// copy kind tma needs sm_90 (the Tensor Memory Accelerator) and 128-byte stages.
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 48, 16], warp = [32, 24], tile = #tile.fma<thread = [4, 6]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>' chip=sm_80}))" 2>&1 | FileCheck %s --check-prefix=TMA80
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [4, 48, 4], tile = #tile.fma<thread = [1, 6]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>'}))" 2>&1 | FileCheck %s --check-prefix=TMAALIGN
// An FMA order that does not exist.
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 48, 16], warp = [32, 24], tile = #tile.fma<thread = [4, 6], order = diagonal>>'}))" 2>&1 | FileCheck %s --check-prefix=ORDER
// a = restaged re-stages TMA boxes: it needs kind = tma.
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 48, 16], warp = [32, 24], tile = #tile.fma<thread = [4, 6]>, copy = #tile.copy<kind = async, a = restaged>, schedule = #tile.schedule<stages = 2>>'}))" 2>&1 | FileCheck %s --check-prefix=RESTAGE
// b = row_groups describes B to the TMA unit: it needs kind = tma.
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 48, 16], warp = [32, 24], tile = #tile.fma<thread = [4, 6]>, copy = #tile.copy<kind = async, b = row_groups>, schedule = #tile.schedule<stages = 2>>'}))" 2>&1 | FileCheck %s --check-prefix=ROWGROUPS
// Occupancy requests the SM cannot hold: threads, shared memory, registers.
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, schedule = #tile.schedule<blocks_per_sm = 9>>'}))" 2>&1 | FileCheck %s --check-prefix=OCCTHREADS
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 32], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = async>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 3>>'}))" 2>&1 | FileCheck %s --check-prefix=OCCSMEM
// RUN: not tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, schedule = #tile.schedule<blocks_per_sm = 4>>'}))" 2>&1 | FileCheck %s --check-prefix=OCCREGS

// ROWGROUPS: is not a #tile.config: b = row_groups stages TMA boxes: it needs kind = tma, got kind = async
// ORDER: is not a #tile.config: expected one of [rows, columns] for order of a thread's FMAs per k, got: diagonal
// RESTAGE: is not a #tile.config: a = restaged stages TMA boxes: it needs kind = tma, got kind = async
// TMA80: [[@LINE+12]]:3: error: 'linalg.matmul' op copy kind tma needs the Tensor Memory Accelerator of sm_90 or newer, but the target is sm_80
// TMAALIGN: [[@LINE+11]]:3: error: 'linalg.matmul' op copy kind tma needs every stage of a panel to be a multiple of 128 bytes (TMA destinations are 128-byte aligned), but the A stage is 64 bytes and the B stage 768
// OCCTHREADS: [[@LINE+10]]:3: error: 'linalg.matmul' op config asks for 9 blocks per SM of 256 threads, but sm_90 runs at most 2048 threads and 32 blocks per SM
// OCCSMEM: [[@LINE+9]]:3: error: 'linalg.matmul' op config asks for 3 blocks per SM of 131072 bytes of shared memory (and 1024 the runtime reserves for each), but sm_90 has 233472 per SM
// OCCREGS: [[@LINE+8]]:3: error: 'linalg.matmul' op config asks for 4 blocks per SM, which leaves 64 registers per thread, fewer than the about 120 its 8 x 8 thread tile needs
// CHIP: [[@LINE+7]]:3: error: 'linalg.matmul' op cannot be configured for unknown chip 'sm_99' (known: sm_80, sm_90, sm_90a)
// THREADS: [[@LINE+6]]:3: error: 'linalg.matmul' op config needs 4096 threads per block (64 x 64), but sm_90 allows at most 1024
// SMEM80: [[@LINE+5]]:3: error: 'linalg.matmul' op config needs 196608 bytes of shared memory per block (6 stages of 32768), but sm_80 allows at most 166912
// STRATEGY: [[@LINE+4]]:3: error: unknown strategy 'fastest' (expected 'naive' or 'tiled')
// NAIVE: is not a #tile.config: the naive strategy computes one output per thread: thread tile must be [1, 1]
// WARP: is not a #tile.config: warp tile [32, 32] with thread tile [4, 4] needs 64 lanes, but a warp has 32
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}
