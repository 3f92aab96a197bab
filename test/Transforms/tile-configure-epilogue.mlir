// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-configure=chip=sm_90a | FileCheck %s

// Elementwise ops after a matmul that reads its result are fused into its
// kernel where they can be (tile-block-tile-epilogue.mlir shows the
// program); those that cannot stay as they are, with a remark saying why.

// The op reads its output's earlier contents.
// CHECK-LABEL: func.func @reads_output
// CHECK: linalg.generic
func.func @reads_output(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %D: memref<64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  // expected-remark @below {{not fused into the kernel of the matmul: it reads its output's earlier contents}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<64x48xf32>) outs(%D : memref<64x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A transposed input.
func.func @transposed_input(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %T: memref<48x64xf32>, %D: memref<64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  // expected-remark @below {{not fused into the kernel of the matmul: its input #1 is not a dense f32, f16 or bf16 M x N matrix or vector of N or M elements read at (m, n), (n) or (m)}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n, m)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C, %T : memref<64x48xf32>, memref<48x64xf32>) outs(%D : memref<64x48xf32>) {
  ^bb0(%x: f32, %t: f32, %o: f32):
    %s = arith.addf %x, %t : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An op the program does not hold.
func.func @sine(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %D: memref<64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  // expected-remark @below {{not fused into the kernel of the matmul: its body holds 'math.sin', which a fused epilogue does not compute}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<64x48xf32>) outs(%D : memref<64x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.sin %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// C is the caller's: the kernel would have to write it as well as D.
func.func @c_visible(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>, %D: memref<64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  // expected-remark @below {{not fused into the kernel of the matmul: the matmul's result (or an intermediate one) is also read or returned elsewhere, and the kernel writes only the last}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<64x48xf32>) outs(%D : memref<64x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %x, %z : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// C += A * B read from C and written to another buffer.
func.func @accumulate_elsewhere(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %D: memref<64x48xf32>) {
  %C = memref.alloc() : memref<64x48xf32>
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  // expected-remark @below {{not fused into the kernel of the matmul: the matmul adds to C, and the kernel would have to read C and write another buffer; compute C = A * B and add C's old value in the epilogue instead}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<64x48xf32>) outs(%D : memref<64x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.negf %x : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The result written over B, which the kernel reads.
func.func @writes_b(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<64x64xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  // expected-remark @below {{not fused into the kernel of the matmul: its output shares a buffer with a matrix the kernel reads}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<64x64xf32>) outs(%B : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.negf %x : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A chain: the first op is fused, the second (a reduction over rows) stays.
// CHECK-LABEL: func.func @chain_stops
// CHECK: linalg.generic
// CHECK: linalg.generic
func.func @chain_stops(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %D: memref<64x48xf32>, %S: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<64x48xf32>) outs(%D : memref<64x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.negf %x : f32
    linalg.yield %r : f32
  }
  // expected-remark @below {{not fused into the kernel of the matmul: it is not an elementwise op over the matmul's M x N result with one output}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m)>], iterator_types = ["parallel", "reduction"]}
      ins(%D : memref<64x48xf32>) outs(%S : memref<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.addf %x, %o : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The next layer's matmul reads the result: a kernel of its own, without a
// remark.
// CHECK-LABEL: func.func @two_layers
// CHECK-COUNT-2: linalg.matmul {tile.config
func.func @two_layers(%X: memref<64x32xf32>, %W1: memref<32x48xf32>, %W2: memref<48x16xf32>, %Y: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %H = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%Y : memref<64x16xf32>)
  linalg.fill ins(%zero : f32) outs(%H : memref<64x48xf32>)
  linalg.matmul ins(%X, %W1 : memref<64x32xf32>, memref<32x48xf32>) outs(%H : memref<64x48xf32>)
  linalg.matmul ins(%H, %W2 : memref<64x48xf32>, memref<48x16xf32>) outs(%Y : memref<64x16xf32>)
  return
}
