// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="strategy=tiled artifact-dir=%t/art ptxas=none" | FileCheck %s
// RUN: FileCheck %s --input-file=%t/art/manifest.json --check-prefix=MANIFEST
// RUN: env LC_ALL=C ls %t/art | FileCheck %s --check-prefix=FILES
// RUN: env LC_ALL=C ls %t/art | FileCheck %s --check-prefix=FILES-LONG
// RUN: FileCheck %s --input-file=%t/art/my_kernel_matmul_0.ptx --check-prefix=PTX

// Kernel names are PTX identifiers derived from the function's name, unique
// over the module (a gpu.module of the input keeps its name and its kernel
// is not replaced); the manifest keeps each function's own name.

// CHECK-DAG: gpu.binary @f_matmul_0_module
// CHECK-DAG: gpu.binary @f_matmul_1_module
// CHECK-DAG: gpu.binary @my_kernel_matmul_0_module
// CHECK-DAG: gpu.binary @my_kernel_matmul_1_module
// CHECK-DAG: gpu.binary @k9_lives_matmul_0_module

// FILES: f_matmul_1.ptx
// FILES-NEXT: k9_lives_matmul_0.ptx
// FILES-NEXT: manifest.json
// FILES-NEXT: my_kernel_matmul_0.ptx
// FILES-NEXT: my_kernel_matmul_1.ptx

// MANIFEST-DAG: "function": "f",
// MANIFEST-DAG: "function": "my-kernel",
// MANIFEST-DAG: "function": "my kernel",
// MANIFEST-DAG: "function": "9.lives",
// MANIFEST-DAG: "name": "my_kernel_matmul_1",

// PTX: .visible .entry my_kernel_matmul_0(

// A name longer than a file name may be (the fuzzer's 300 letters: "cannot
// write" before) keeps 183 characters and a hash of the whole.
// FILES-LONG: {{^}}aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_{{[0-9a-f]+}}_matmul_0.ptx{{$}}

module attributes {gpu.container_module} {
  gpu.module @f_matmul_0_module {
    gpu.func @f_matmul_0() kernel { gpu.return }
  }
  func.func @f(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
    return
  }
  func.func @"my-kernel"(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
    return
  }
  func.func @"my kernel"(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
    return
  }
  func.func @aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
    return
  }
  func.func @"9.lives"(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
    return
  }
}
