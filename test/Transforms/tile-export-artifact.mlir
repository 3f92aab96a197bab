// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-export-artifact="artifact-dir=%t/art ptxas=none" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t/art/manifest.json --check-prefix=MANIFEST
// RUN: FileCheck %s --input-file=%t/art/k.ptx --check-prefix=PTX
// RUN: not ls %t/art/k.cubin
// An artifact of tile-opt's is replaced as a whole (tile-export-artifact-dir.mlir
// has the directories that are refused).
// RUN: echo stale > %t/art/k.ptx
// RUN: tile-opt %s --tile-export-artifact="artifact-dir=%t/art ptxas=none" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/k.ptx --check-prefix=PTX
// RUN: ls %t/art/manifest.json
// An artifact directory that cannot be created: an error, nothing written.
// RUN: touch %t/file
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/file/art ptxas=none" 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/art2 ptxas=%t/no-such-ptxas" 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not ls %t/art2

// UNWRITABLE: error: cannot write the artifact: cannot create {{.*}}'{{.*}}file/art': Not a directory
// PTXAS: error: ptxas '{{.*}}no-such-ptxas' is not executable

// A hand-written post-serialization module: one launch of kernel @k on a
// 33 x 45 x 17 problem.

// IR: gpu.launch_func @k_module::@k
// IR: gpu.binary @k_module

// MANIFEST: "kernels": [
// MANIFEST: "args": [
// MANIFEST: "access": "read",
// MANIFEST: "name": "A",
// MANIFEST-NEXT: "shape": [
// MANIFEST-NEXT: 33,
// MANIFEST-NEXT: 17
// MANIFEST: "name": "B",
// MANIFEST-NEXT: "shape": [
// MANIFEST-NEXT: 17,
// MANIFEST-NEXT: 45
// MANIFEST: "access": "write",
// MANIFEST: "name": "C",
// MANIFEST: "config": {
// MANIFEST-NEXT: "attribute": "#tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>",
// MANIFEST: "cubin": null,
// MANIFEST: "flops": {
// MANIFEST-NEXT: "executed": 50490,
// MANIFEST-NEXT: "useful": 50490
// MANIFEST: "launch": {
// MANIFEST-NEXT: "block": [
// MANIFEST-NEXT: 16,
// MANIFEST-NEXT: 16,
// MANIFEST-NEXT: 1
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "cluster": [
// MANIFEST-NEXT: 1,
// MANIFEST-NEXT: 1,
// MANIFEST-NEXT: 1
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "dynamic_shared_bytes": 0,
// MANIFEST-NEXT: "grid": [
// MANIFEST-NEXT: 3,
// MANIFEST-NEXT: 3,
// MANIFEST-NEXT: 1
// MANIFEST: "name": "k",
// MANIFEST: "accumulate": false,
// MANIFEST: "computes": "C = A * B",
// MANIFEST: "k": 17,
// MANIFEST-NEXT: "m": 33,
// MANIFEST-NEXT: "n": 45
// MANIFEST: "ptx": "k.ptx",
// MANIFEST: "resources": null,
// MANIFEST: "target": {
// MANIFEST-NEXT: "chip": "sm_90",
// MANIFEST-NEXT: "features": "+ptx80"
// MANIFEST: "schema": "tile-opt-kernel-manifest",
// MANIFEST-NEXT: "version": 1

// PTX: .visible .entry k(

module attributes {gpu.container_module} {
  func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @k_module::@k blocks in (%c3, %c3, %c1) threads in (%c16, %c16, %c1)
        args(%A : memref<33x17xf32>, %B : memref<17x45xf32>, %C : memref<33x45xf32>)
        {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>,
         tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 17 : i64, m = 33 : i64, n = 45 : i64}}
    return
  }
  gpu.binary @k_module [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, assembly = ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry k(.param .u64 a, .param .u64 b, .param .u64 c)\0A{\0A\09ret;\0A}\0A">]
}
