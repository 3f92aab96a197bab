// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a strategy=tiled artifact-dir=%t/art" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// RUN: FileCheck %s --input-file=%t/art/matmul_matmul_0.ptx --check-prefix=PTX
// RUN: %ptxas -arch=sm_90a -v %t/art/matmul_matmul_0.ptx -o %t/check.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a config='#tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, scheduler = persistent, producer = warpgroup>>' artifact-dir=%t/ws" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t/ws/matmul_matmul_0.ptx -o %t/ws.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a config='#tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, scheduler = persistent, producer = warpgroup>>' artifact-dir=%t/ws4" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t/ws4/matmul_matmul_0.ptx -o %t/ws4.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// A persistent split_tail whose parts sum in the consumers' code: the same.
// RUN: tile-opt %S/Inputs/wgmma-split-tail.mlir --tile-gpu-pipeline="chip=sm_90a config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, producer = warpgroup>>' artifact-dir=%t/pt" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t/pt/matmul_matmul_0.ptx -o %t/pt.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// The default f16 kernel on sm_90a (1024 x 2048 x 256: 128 tiles of
// 128 x 128 fill the SMs, 64 of 128 x 256 would leave half idle): two
// warpgroups of m64n128k16 wgmma, A and B as tensor maps of f16 boxes one
// 128-byte swizzle atom wide, 4 stages of 32 KiB in dynamic shared memory.
// CHECK: "element_type": "f16",
// CHECK-NEXT: "interleave": "none",
// CHECK: "name": "A",
// CHECK: "swizzle": "128B",
// CHECK: "box": [
// CHECK-NEXT: 64,
// CHECK-NEXT: 64
// CHECK: "name": "B",
// CHECK: "swizzle": "128B",
// CHECK: "launch": {
// CHECK-NEXT: "block": [
// CHECK-NEXT: 256,
// CHECK: "dynamic_shared_bytes": 131072,
// ptxas keeps the 64 accumulators per lane in registers.
// CHECK: "spill_load_bytes": 0,
// CHECK-NEXT: "spill_store_bytes": 0,
// CHECK-NEXT: "stack_bytes": 0

// The swizzled stages start on a 1024-byte boundary (the swizzle's phase);
// one wgmma group stays in flight in the K loop, none after it.
// PTX: .extern .shared .align 1024 .b8
// PTX: wgmma.fence.sync.aligned;
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.wait_group.sync.aligned 1;
// PTX: wgmma.wait_group.sync.aligned 0;

// ptxas does not serialise the wgmma instructions (C7520, when the
// accumulators are touched between issue and wait) and spills nothing.
// With a persistent producer warpgroup (the second and third kernels:
// 128 x 256 tiles, 128 accumulators per consumer lane; the third stores C
// in two column chunks), it keeps the setmaxnreg
// split (C7507 says it ignores the split where the roles' paths join
// before code that needs the consumers' registers). ptxas -v reports
// both as "info: ... Potential Performance Loss".
// PTXAS-NOT: {{warning|Performance Loss}}
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: {{warning|Performance Loss}}
func.func @matmul(%A: tensor<1024x256xf16>, %B: tensor<256x2048xf16>) -> tensor<1024x2048xf16> {
  %zero = arith.constant 0.0 : f16
  %empty = tensor.empty() : tensor<1024x2048xf16>
  %C = linalg.fill ins(%zero : f16) outs(%empty : tensor<1024x2048xf16>) -> tensor<1024x2048xf16>
  %0 = linalg.matmul ins(%A, %B : tensor<1024x256xf16>, tensor<256x2048xf16>) outs(%C : tensor<1024x2048xf16>) -> tensor<1024x2048xf16>
  return %0 : tensor<1024x2048xf16>
}
