// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s -split-input-file --tile-gpu-pipeline="strategy=naive artifact-dir=%t/art ptxas=none" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t/art/manifest.json --check-prefix=MANIFEST
// RUN: FileCheck %s --input-file=%t/art/ragged_matmul_0.ptx --check-prefix=PTX
// The PTX is self-contained: no libdevice calls left for ptxas to resolve.
// RUN: not grep __nv_ %t/art/ragged_matmul_0.ptx
// RUN: tile-opt %s -split-input-file --tile-gpu-pipeline="config='#tile.config<naive, block = [32, 8, 1], tile = #tile.fma<thread = [1, 1]>>' ptxas=none" | FileCheck %s --check-prefix=BLOCK

// The naive pipeline end to end, on the two seed shapes. -split-input-file
// writes the artifact of the last split, so the ragged case comes last.

// IR-LABEL: func.func @square
// IR: gpu.launch_func @square_matmul_0_module::@square_matmul_0 blocks in (%c128{{(_[0-9]+)?}}, %c128{{(_[0-9]+)?}}, %c1) threads in (%c16{{(_[0-9]+)?}}, %c16{{(_[0-9]+)?}}, %c1) args(%{{.+}} : memref<2048x2048xf32>, %{{.+}} : memref<2048x2048xf32>, %{{.+}} : memref<2048x2048xf32>)
// IR: gpu.binary @square_matmul_0_module [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// BLOCK-LABEL: func.func @square
// BLOCK: gpu.launch_func @square_matmul_0_module::@square_matmul_0 blocks in (%c256, %c64, %c1) threads in (%c8, %c32, %c1)
func.func @square(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2048x2048xf32>)
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// Tensor form, with M and N that do not divide the block: the grid rounds
// up (ceil(2039/16) = 128 columns of blocks, ceil(2053/16) = 129 rows) and
// every thread checks its (row, col); with 32 x 8 blocks, 255 x 65 blocks of
// 8 x 32 threads.

// IR-LABEL: func.func @ragged
// IR-SAME: -> memref<2053x2039xf32>
// IR: gpu.launch_func @ragged_matmul_0_module::@ragged_matmul_0 blocks in (%c128, %c129, %c1) threads in (%c16{{(_[0-9]+)?}}, %c16{{(_[0-9]+)?}}, %c1) args(%{{.+}} : memref<2053x2048xf32>, %{{.+}} : memref<2048x2039xf32>, %{{.+}} : memref<2053x2039xf32>)
// BLOCK-LABEL: func.func @ragged
// BLOCK: gpu.launch_func @ragged_matmul_0_module::@ragged_matmul_0 blocks in (%c255, %c65, %c1) threads in (%c8, %c32, %c1)

// The kernel in PTX has three pointer parameters, the block shape, the two bounds checks
// (row > 2052 or col > 2038 skips the thread), an FMA loop, one store.
// PTX: .visible .entry ragged_matmul_0(
// PTX-NEXT: .param .u64 .ptr .align 1 ragged_matmul_0_param_0,
// PTX-NEXT: .param .u64 .ptr .align 1 ragged_matmul_0_param_1,
// PTX-NEXT: .param .u64 .ptr .align 1 ragged_matmul_0_param_2
// PTX-NEXT: )
// PTX-NEXT: .maxntid 16, 16, 1
// PTX-DAG: setp.gt.u32 %[[P1:p[0-9]+]], %{{r[0-9]+}}, 2052;
// PTX-DAG: setp.gt.u32 %[[P2:p[0-9]+]], %{{r[0-9]+}}, 2038;
// PTX: or.pred %[[P:p[0-9]+]], %[[P1]], %[[P2]];
// PTX: @%[[P]] bra
// PTX: fma.rn.f32
// PTX: st.global.b32
// PTX-NOT: st.global

// MANIFEST: "name": "ragged_matmul_0",
// MANIFEST: "k": 2048,
// MANIFEST-NEXT: "m": 2053,
// MANIFEST-NEXT: "n": 2039
func.func @ragged(%A: tensor<2053x2048xf32>, %B: tensor<2048x2039xf32>) -> tensor<2053x2039xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2053x2039xf32>
  %C = linalg.fill ins(%zero : f32) outs(%e : tensor<2053x2039xf32>) -> tensor<2053x2039xf32>
  %D = linalg.matmul ins(%A, %B : tensor<2053x2048xf32>, tensor<2048x2039xf32>) outs(%C : tensor<2053x2039xf32>) -> tensor<2053x2039xf32>
  return %D : tensor<2053x2039xf32>
}
