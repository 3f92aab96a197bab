// transform.tile.* composed with upstream transform ops: a script picks one
// matmul of two (transform.structured.match), configures it, and runs the
// pipeline's steps on it; the other matmul is left as it was.
// RUN: tile-opt %s --transform-interpreter --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @picked
// CHECK-NOT: linalg.matmul
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%{{.*}} : memref<32x16xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<16x32xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: tile.config = #tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [2, 2]>>
// CHECK-LABEL: func.func @left
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<64x48xf32>, memref<48x96xf32>) outs(%{{.*}} : memref<64x96xf32>){{$}}
// CHECK-NEXT: return
func.func @picked(%A: memref<64x48xf32>, %B: memref<48x96xf32>, %C: memref<64x96xf32>) {
  linalg.matmul ins(%A, %B : memref<64x48xf32>, memref<48x96xf32>) outs(%C : memref<64x96xf32>)
  return
}
func.func @left(%A: memref<64x48xf32>, %B: memref<48x96xf32>, %C: memref<64x96xf32>) {
  linalg.matmul ins(%A, %B : memref<64x48xf32>, memref<48x96xf32>) outs(%C : memref<64x96xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} attributes{sym_name = "picked"} in %root
        : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %func
        : (!transform.any_op) -> !transform.any_op
    transform.tile.configure %mm {config = #tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [2, 2]>>} : !transform.any_op
    %forall = transform.tile.block_tile %mm : (!transform.any_op) -> !transform.any_op
    transform.tile.promote %forall : !transform.any_op
    %launch = transform.tile.map_to_gpu %forall : (!transform.any_op) -> !transform.any_op
    transform.tile.insert_barriers %launch : !transform.any_op
    transform.yield
  }
}

// -----

// The default config of a strategy, and a naive one mapped by map_naive.
// CHECK-LABEL: func.func @defaults
// CHECK: gpu.launch
// CHECK: } {tile.config = #tile.config<naive, block = [16, 16, 1]
func.func @defaults(%A: memref<64x48xf32>, %B: memref<48x96xf32>, %C: memref<64x96xf32>) {
  linalg.matmul ins(%A, %B : memref<64x48xf32>, memref<48x96xf32>) outs(%C : memref<64x96xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.tile.configure %mm {strategy = "naive"} : !transform.any_op
    %launch = transform.tile.map_naive %mm : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// precision = "tf32": the TF32 default on sm_90a (the wgmma tile, K = 8).
// CHECK-LABEL: func.func @tf32
// CHECK: linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>
func.func @tf32(%A: memref<256x64xf32>, %B: memref<64x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x64xf32>, memref<64x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.tile.configure %mm {chip = "sm_90a", precision = "tf32"} : !transform.any_op
    transform.yield
  }
}
