// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-split-batch --tile-configure=chip=sm_90a --tile-block-tile | FileCheck %s

// After a batch_matmul, elementwise ops over (b, m, n) fuse into its
// kernel: inputs read at (b, m, n), (b, n) or (b, m) are one per batch
// (`batched`), at (m, n), (n) or (m) one for every batch. Others stay as
// they are, with a remark saying why.

// CHECK-LABEL: func.func @fused
// CHECK: tile.problem = {accumulate = false, batch = 4 : i64
// CHECK-SAME: epilogue = {inputs = [{batched, index = "m", type = f32}, {index = "n", type = f16}, {batched, index = "mn", type = f32}]
func.func @fused(%A: memref<4x64x32xf32>, %B: memref<4x32x48xf32>, %R: memref<4x64xf32>, %S: memref<48xf16>, %T: memref<4x64x48xf32>, %D: memref<4x64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<4x64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<4x64x48xf32>)
  linalg.batch_matmul ins(%A, %B : memref<4x64x32xf32>, memref<4x32x48xf32>) outs(%C : memref<4x64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m)>, affine_map<(b, m, n) -> (n)>, affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %R, %S, %T : memref<4x64x48xf32>, memref<4x64xf32>, memref<48xf16>, memref<4x64x48xf32>) outs(%D : memref<4x64x48xf32>) {
  ^bb0(%x: f32, %r: f32, %s: f16, %t: f32, %o: f32):
    %sf = arith.extf %s : f16 to f32
    %a = arith.addf %x, %r : f32
    %b = arith.addf %a, %sf : f32
    %c = arith.mulf %b, %t : f32
    linalg.yield %c : f32
  }
  return
}

// -----

// An input read with the batch in another place.
// CHECK-LABEL: func.func @batch_last
// CHECK: linalg.generic
func.func @batch_last(%A: memref<4x64x32xf32>, %B: memref<4x32x48xf32>, %T: memref<48x4xf32>, %D: memref<4x64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<4x64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<4x64x48xf32>)
  linalg.batch_matmul ins(%A, %B : memref<4x64x32xf32>, memref<4x32x48xf32>) outs(%C : memref<4x64x48xf32>)
  // expected-remark @below {{not fused into the kernel of the matmul: its input #1 is not a dense f32, f16 or bf16 M x N matrix or vector of N or M elements read at (b, m, n), (b, n), (b, m), (m, n), (n) or (m)}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (n, b)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %T : memref<4x64x48xf32>, memref<48x4xf32>) outs(%D : memref<4x64x48xf32>) {
  ^bb0(%x: f32, %t: f32, %o: f32):
    %s = arith.addf %x, %t : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An op over one batch's matrix is not the batch's epilogue.
// CHECK-LABEL: func.func @one_batch
// CHECK: linalg.generic
func.func @one_batch(%A: memref<4x64x32xf32>, %B: memref<4x32x48xf32>, %D: memref<64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<4x64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<4x64x48xf32>)
  linalg.batch_matmul ins(%A, %B : memref<4x64x32xf32>, memref<4x32x48xf32>) outs(%C : memref<4x64x48xf32>)
  %c0 = memref.subview %C[0, 0, 0] [1, 64, 48] [1, 1, 1] : memref<4x64x48xf32> to memref<64x48xf32, strided<[48, 1]>>
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%c0 : memref<64x48xf32, strided<[48, 1]>>) outs(%D : memref<64x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %s = arith.maximumf %x, %z : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// B one matrix for every batch, A as stored: the batch folds into M, and
// so do the ops after it, into one 2-D matmul's epilogue: (b, m, n) and
// (b, m) become (m, n) and (m) of the 256 rows, (n) stays.
// CHECK-LABEL: func.func @folded
// CHECK: tile.problem = {accumulate = false, c_type = f32, element_type = f32
// CHECK-SAME: epilogue = {inputs = [{index = "m", type = f32}, {index = "n", type = f32}]
// CHECK-SAME: m = 256 : i64
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : memref<256x48xf32>, memref<256xf32>, memref<48xf32>) outs(%{{.*}} : memref<256x48xf32>)
func.func @folded(%A: memref<4x64x32xf32>, %B: memref<32x48xf32>, %R: memref<4x64xf32>, %S: memref<48xf32>, %D: memref<4x64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<4x64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<4x64x48xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x64x32xf32>, memref<32x48xf32>) outs(%C : memref<4x64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m)>, affine_map<(b, m, n) -> (n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %R, %S : memref<4x64x48xf32>, memref<4x64xf32>, memref<48xf32>) outs(%D : memref<4x64x48xf32>) {
  ^bb0(%x: f32, %r: f32, %s: f32, %o: f32):
    %a = arith.addf %x, %r : f32
    %b = arith.addf %a, %s : f32
    linalg.yield %b : f32
  }
  memref.dealloc %C : memref<4x64x48xf32>
  return
}

// -----

// A folded batch's op that reads one matrix for every batch: the rows of
// the folded matmul cannot index it.
// CHECK-LABEL: func.func @folded_shared_residual
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : memref<4x64x48xf32>, memref<64x48xf32>)
func.func @folded_shared_residual(%A: memref<4x64x32xf32>, %B: memref<32x48xf32>, %T: memref<64x48xf32>, %D: memref<4x64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<4x64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<4x64x48xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x64x32xf32>, memref<32x48xf32>) outs(%C : memref<4x64x48xf32>)
  // expected-remark @below {{not fused into the kernel of the matmul: its batch folds into M (B is one matrix for every batch), and operand #1 is not a dense buffer read at (b, m, n), (b, m) or (n)}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %T : memref<4x64x48xf32>, memref<64x48xf32>) outs(%D : memref<4x64x48xf32>) {
  ^bb0(%x: f32, %t: f32, %o: f32):
    %s = arith.addf %x, %t : f32
    linalg.yield %s : f32
  }
  return
}
