// A crash or an interrupt while the artifact is being written leaves no
// staging directory and no artifact: a stand-in for ptxas kills tile-opt.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '#!/bin/sh\nkill -TERM $PPID\nsleep 5\n' > %t/term.sh
// RUN: printf '#!/bin/sh\nkill -SEGV $PPID\nsleep 5\n' > %t/segv.sh
// RUN: chmod +x %t/term.sh %t/segv.sh
// RUN: not --crash tile-opt %s --tile-export-artifact="artifact-dir=%t/crashed ptxas=%t/segv.sh" -o /dev/null 2>/dev/null
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/interrupted ptxas=%t/term.sh" -o /dev/null
// RUN: ls %t | FileCheck %s
// CHECK-NOT: interrupted
// CHECK-NOT: crashed
// CHECK: segv.sh
// CHECK-NEXT: term.sh
// CHECK-NOT: {{.}}

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
