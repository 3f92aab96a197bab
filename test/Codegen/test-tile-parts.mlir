// Each part of the kernel emitter alone (test/lib/TestParts.cpp): the FMA
// instruction tile's K step, the register copier, the cp.async copier, the
// TMA copier and the restage_a decorator, each in a one-block gpu.launch on
// tile (0, 0).
// The test pass is the tile-opt driver's, not the plugin's.
// REQUIRES: tile-opt-driver
// RUN: tile-opt %s -split-input-file --test-tile-parts=part=fma | FileCheck %s --check-prefix=FMA
// RUN: tile-opt %s -split-input-file --test-tile-parts=part=registers | FileCheck %s --check-prefix=REG
// RUN: tile-opt %s -split-input-file --test-tile-parts=part=async | FileCheck %s --check-prefix=ASYNC
// RUN: tile-opt %s -split-input-file --test-tile-parts=part=tma | FileCheck %s --check-prefix=TMA
// RUN: not tile-opt %s -split-input-file --test-tile-parts=part=wgmma 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// The FMA tile, 4 x 4 per thread, A staged K-major (registers, TM = 4): per
// k one 16-byte load of A's 4 values and one of B's, then the 16 FMAs in
// serpentine order along the fragment's rows (row 1 walks backwards, so
// consecutive FMAs share an operand); BK = 8 k's: 128 FMAs in all.
// FMA-LABEL: func.func @rows
// FMA: workgroup(%[[PA:.*]] : memref<8x64xf32, #gpu.address_space<workgroup>>, %[[PB:.*]] : memref<8x64xf32, #gpu.address_space<workgroup>>)
// FMA: %[[AV:.*]] = vector.load %[[PA]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<8x64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FMA-NEXT: %[[A0:.*]] = vector.extract %[[AV]][0]
// FMA-NEXT: %[[A1:.*]] = vector.extract %[[AV]][1]
// FMA-NEXT: %[[A2:.*]] = vector.extract %[[AV]][2]
// FMA-NEXT: %[[A3:.*]] = vector.extract %[[AV]][3]
// FMA-NEXT: %[[BV:.*]] = vector.load %[[PB]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<8x64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FMA-NEXT: %[[B0:.*]] = vector.extract %[[BV]][0]
// FMA-NEXT: %[[B1:.*]] = vector.extract %[[BV]][1]
// FMA-NEXT: %[[B2:.*]] = vector.extract %[[BV]][2]
// FMA-NEXT: %[[B3:.*]] = vector.extract %[[BV]][3]
// FMA-NEXT: math.fma %[[A0]], %[[B0]]
// FMA-NEXT: math.fma %[[A0]], %[[B1]]
// FMA-NEXT: math.fma %[[A0]], %[[B2]]
// FMA-NEXT: math.fma %[[A0]], %[[B3]]
// FMA-NEXT: math.fma %[[A1]], %[[B3]]
// FMA-NEXT: math.fma %[[A1]], %[[B2]]
// FMA-NEXT: math.fma %[[A1]], %[[B1]]
// FMA-NEXT: math.fma %[[A1]], %[[B0]]
// FMA-NEXT: math.fma %[[A2]], %[[B0]]
// FMA-COUNT-119: math.fma
// FMA-NOT: math.fma
// FMA: gpu.terminator
func.func @rows(%A: memref<64x32xf32>, %B: memref<32x64xf32>, %C: memref<64x64xf32>)
    attributes {tile.config = #tile.config<tiled, block = [64, 64, 8], warp = [32, 16], tile = #tile.fma<thread = [4, 4]>>} {
  return
}

// -----

// order = columns: down the fragment's columns, every other one upwards.
// FMA-LABEL: func.func @columns
// FMA: %[[A0:.*]] = vector.extract %{{.*}}[0]
// FMA-NEXT: %[[A1:.*]] = vector.extract %{{.*}}[1]
// FMA-NEXT: %[[A2:.*]] = vector.extract %{{.*}}[2]
// FMA-NEXT: %[[A3:.*]] = vector.extract %{{.*}}[3]
// FMA-NEXT: vector.load
// FMA-NEXT: %[[B0:.*]] = vector.extract %{{.*}}[0]
// FMA-NEXT: %[[B1:.*]] = vector.extract %{{.*}}[1]
// FMA-NEXT: vector.extract
// FMA-NEXT: vector.extract
// FMA-NEXT: math.fma %[[A0]], %[[B0]]
// FMA-NEXT: math.fma %[[A1]], %[[B0]]
// FMA-NEXT: math.fma %[[A2]], %[[B0]]
// FMA-NEXT: math.fma %[[A3]], %[[B0]]
// FMA-NEXT: math.fma %[[A3]], %[[B1]]
// FMA-NEXT: math.fma %[[A2]], %[[B1]]
func.func @columns(%A: memref<64x32xf32>, %B: memref<32x64xf32>, %C: memref<64x64xf32>)
    attributes {tile.config = #tile.config<tiled, block = [64, 64, 8], warp = [32, 16], tile = #tile.fma<thread = [4, 4], order = columns>>} {
  return
}

// -----

// A staged as is (cp.async moves contiguous rows: BM x BK per stage): the
// tile reads 4 k's of one row per 16-byte load, TM loads per 4 k's, from
// stage 0 of the 3.
// FMA-LABEL: func.func @a_as_is
// FMA: workgroup(%[[PA:.*]] : memref<3x64x8xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<3x8x64xf32, #gpu.address_space<workgroup>>)
// FMA-COUNT-4: vector.load %[[PA]][%c0{{.*}}, %{{.*}}, %c0{{.*}}] {alignment = 16 : i64} : memref<3x64x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FMA-COUNT-128: math.fma
// FMA-NOT: math.fma
// FMA-LABEL: func.func @ragged
func.func @a_as_is(%A: memref<64x32xf32>, %B: memref<32x64xf32>, %C: memref<64x64xf32>)
    attributes {tile.config = #tile.config<tiled, block = [64, 64, 8], warp = [32, 16], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async>, schedule = #tile.schedule<stages = 3>>} {
  return
}

// -----

// The register copier on a ragged problem (61 x 64 x 30), 256 threads. A's
// rows (K = 30) are not 16-byte multiples: scalar loads, 2 per thread for
// the 64 x 8 panel, each under its row and column bound, zero outside, and
// stored transposed into the K-major panel. B's 8 x 64 panel: one 16-byte
// load per thread for the first 128 threads, under the K bound, stored as
// a vector.
// REG-LABEL: func.func @ragged
// REG: workgroup(%[[PA:.*]] : memref<8x64xf32, #gpu.address_space<workgroup>>, %[[PB:.*]] : memref<8x64xf32, #gpu.address_space<workgroup>>)
// REG-COUNT-2: memref.load %arg0[%{{.*}}, %{{.*}}] : memref<61x30xf32>
// REG: arith.cmpi ult, %{{.*}}, %c128
// REG: arith.cmpi ult, %{{.*}}, %c30
// REG: vector.load %arg1[%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<30x64xf32>, vector<4xf32>
// REG: memref.store %{{.*}}, %[[PA]][%[[K0:.*]], %[[M0:.*]]] : memref<8x64xf32
// REG: memref.store %{{.*}}, %[[PA]][%{{.*}}, %{{.*}}] : memref<8x64xf32
// REG: scf.if
// REG: vector.store %{{.*}}, %[[PB]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<8x64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// REG-NOT: memref.store
// REG-LABEL: func.func @async
func.func @ragged(%A: memref<61x30xf32>, %B: memref<30x64xf32>, %C: memref<61x64xf32>)
    attributes {tile.config = #tile.config<tiled, block = [64, 64, 8], warp = [32, 16], tile = #tile.fma<thread = [4, 4]>>} {
  return
}

// -----

// The cp.async copier with 3 stages: the prologue issues stages 0 and 1,
// each a 16-byte copy of A's and of B's panel per thread (128 of each in
// 256 threads) and a commit group; stage 0 is ready when at most S - 2 = 1
// group is still in flight.
// ASYNC-LABEL: func.func @async
// ASYNC: nvgpu.device_async_copy %arg0[{{.*}}], %[[PA:.*]][%c0{{.*}}, %{{.*}}, %{{.*}}], 4 {bypassL1} : memref<64x32xf32> to memref<3x64x8xf32
// ASYNC: nvgpu.device_async_copy %arg1[{{.*}}], %[[PB:.*]][%c0{{.*}}, %{{.*}}, %{{.*}}], 4 {bypassL1} : memref<32x64xf32> to memref<3x8x64xf32
// ASYNC: nvgpu.device_async_create_group
// ASYNC: nvgpu.device_async_copy %arg0[{{.*}}], %[[PA]][%c1{{.*}}, %{{.*}}, %{{.*}}]
// ASYNC: nvgpu.device_async_copy %arg1[{{.*}}], %[[PB]][%c1{{.*}}, %{{.*}}, %{{.*}}]
// ASYNC: %[[G:.*]] = nvgpu.device_async_create_group
// ASYNC-NOT: nvgpu.device_async_copy
// ASYNC: nvgpu.device_async_wait %[[G]] {numGroups = 1 : i32}
func.func @async(%A: memref<64x32xf32>, %B: memref<32x64xf32>, %C: memref<64x64xf32>)
    attributes {tile.config = #tile.config<tiled, block = [64, 64, 8], warp = [32, 16], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async>, schedule = #tile.schedule<stages = 3>>} {
  return
}

// -----

// The TMA copier with 2 stages and the restage_a decorator: the host makes
// a tensor map per operand, box = one panel stage; thread 0 initialises one
// mbarrier per stage, fenced for the async proxy; stage 0's boxes (4096
// bytes) complete on mbarrier 0; after the wait, the threads copy A's box
// into the K-major panel (16-byte loads, 4 scalar stores each).
// TMA-LABEL: func.func @tma
// TMA: %[[MA:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c64{{.*}}, %c8{{.*}}]
// TMA: %[[MB:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c8{{.*}}, %c64{{.*}}]
// TMA: workgroup(%[[PA:.*]] : memref<2x64x8xf32, #gpu.address_space<workgroup>>, %[[PB:.*]] : memref<2x8x64xf32, #gpu.address_space<workgroup>>, %[[PK:.*]] : memref<2x8x64xf32, #gpu.address_space<workgroup>>)
// TMA: %[[BAR:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// TMA-COUNT-2: nvgpu.mbarrier.init %[[BAR]]
// TMA-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>
// TMA: gpu.barrier
// TMA: nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c0{{.*}}], %c4096
// TMA: nvgpu.tma.async.load %[[MA]]
// TMA: nvgpu.tma.async.load %[[MB]]
// TMA: nvgpu.mbarrier.try_wait.parity %[[BAR]][%c0{{.*}}]
// TMA: vector.load %[[PA]]
// TMA-COUNT-4: memref.store %{{.*}}, %[[PK]]
// TMA-NOT: nvgpu.tma.async.load
func.func @tma(%A: memref<64x32xf32>, %B: memref<32x64xf32>, %C: memref<64x64xf32>)
    attributes {tile.config = #tile.config<tiled, block = [64, 64, 8], warp = [32, 16], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2>>} {
  return
}

// UNKNOWN: error: unknown part 'wgmma' (expected fma, registers, async or tma)
