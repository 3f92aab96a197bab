// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s -verify-diagnostics --tile-export-artifact="artifact-dir=%t/art ptxas=%ptxas" -o /dev/null
// RUN: not ls %t/art

// PTX that ptxas rejects: an error at the launch with ptxas's log, and no
// artifact directory.
module attributes {gpu.container_module} {
  func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{ptxas failed (exit code}}
    gpu.launch_func @k_module::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<33x17xf32>, %B : memref<17x45xf32>, %C : memref<33x45xf32>)
        {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>,
         tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 17 : i64, m = 33 : i64, n = 45 : i64}}
    return
  }
  gpu.binary @k_module [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, assembly = "this is not PTX\0A">]
}
