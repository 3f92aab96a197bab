// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 4, scheduler = stream_k>>' chip=sm_90},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90}),canonicalize)" | FileCheck %s

// stream_k on cp.async stages (--tile-map-to-gpu, canonicalized): 999 x
// 1001 x 1003 has 16 x 16 tiles of 63 K steps (the last one partial), 16128
// steps over one wave of 132 SMs x 4 blocks. Each segment's issue-ahead
// loop continues the stages from the block's earlier steps: the prologue
// copies the segment's first step into stage (base mod 3), each step waits
// for all but its one newer cp.async group, and the block drains its
// groups before it leaves. The owner's fix-up and the partial sums are the
// TMA kernels' (tile-map-to-gpu-stream-k.mlir).

// CHECK-LABEL: func.func @stream_k_async
// CHECK: gpu.launch blocks(%{{.+}}, %{{.+}}, %{{.+}}) in (%{{.+}} = %c528, %{{.+}} = %c1, %{{.+}} = %c1)
// CHECK-SAME: workgroup(%[[SA:.+]] : memref<3x64x20xf32, #gpu.address_space<workgroup>>, %[[SB:.+]] : memref<3x16x68xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for %[[I:.+]] = %c0 to %c2 step %c1 {
// CHECK:   %[[S:.+]] = arith.select
// CHECK:   scf.if
// CHECK:     %[[K0:.+]] = arith.remui %[[S]], %c63 : index
// CHECK:     %[[KLO:.+]] = arith.muli %[[K0]], %c16 : index
// CHECK:     %[[BASE:.+]] = arith.subi %[[S]], %{{.+}} : index
// CHECK:     %[[PSTAGE:.+]] = arith.remui %[[BASE]], %c3 : index
// CHECK:     nvgpu.device_async_copy %{{.+}}[%{{.+}}, %{{.+}}], %[[SA]][%[[PSTAGE]], %{{.+}}, %{{.+}}], 1, %{{.+}} : memref<999x1003xf32>
// CHECK:     nvgpu.device_async_copy %{{.+}}[%{{.+}}, %{{.+}}], %[[SB]][%[[PSTAGE]], %{{.+}}, %{{.+}}], 1, %{{.+}} : memref<1003x1001xf32>
// CHECK:     %[[G0:.+]] = nvgpu.device_async_create_group
// CHECK:     %[[G1:.+]] = nvgpu.device_async_create_group
// CHECK:     scf.for %[[K:.+]] = %[[KLO]] to %{{.+}} step %c16 iter_args(
// CHECK:       %[[LK:.+]] = arith.subi %[[K]], %[[KLO]] : index
// CHECK:       %[[LS:.+]] = arith.divui %[[LK]], %c16 : index
// CHECK:       %[[GS:.+]] = arith.addi %[[BASE]], %[[LS]] : index
// CHECK:       nvgpu.device_async_wait %[[G1]] {numGroups = 1 : i32}
// CHECK:       gpu.barrier
// CHECK:     } {tile.self_synchronized}
// The owner adds the partial sums; every other segment leaves its own.
// CHECK:     scf.if
// CHECK:       llvm.load %{{.+}} atomic syncscope("device") acquire
// CHECK:     } else {
// CHECK:       llvm.store %c1_i32, %{{.+}} atomic syncscope("device") release
// CHECK:     nvgpu.device_async_wait %[[G1]] {numGroups = 0 : i32}
// CHECK: gpu.terminator
func.func @stream_k_async(%A: memref<999x1003xf32>, %B: memref<1003x1001xf32>, %C: memref<999x1001xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<999x1001xf32>)
  linalg.matmul ins(%A, %B : memref<999x1003xf32>, memref<1003x1001xf32>) outs(%C : memref<999x1001xf32>)
  return
}
