// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-configure=strategy=naive

// Matmuls that would compile to a wrong kernel, or to none: where they are,
// what memory their operands are in, whether A or B is C, and sizes beyond
// what the kernels' arithmetic holds. Each is an error at the matmul. (The
// flag form runs the pass on the module, as the docs show.)

module @outer {
  module @inner {
    func.func @nested(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
      // expected-error @+1 {{is in a nested module; tile-opt compiles the functions of the outermost module}}
      linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
      return
    }
  }
}

// -----

func.func @in_launch(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  %one = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %one, %y = %one, %z = %one)
             threads(%tx, %ty, %tz) in (%p = %one, %q = %one, %r = %one) {
    // expected-error @+1 {{is inside a gpu.launch; tile-opt compiles matmuls of host functions into kernels of their own}}
    linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
    gpu.terminator
  }
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @device {
    func.func @in_device(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
      // expected-error @+1 {{is in device code (a gpu.module); tile-opt compiles matmuls of host functions}}
      linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
      return
    }
  }
}

// -----

func.func @workgroup_a(%A: memref<8x8xf32, #gpu.address_space<workgroup>>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  // expected-error @+1 {{operand A is in memory space '#gpu.address_space<workgroup>': kernels take buffers in global memory (memrefs without a memory space)}}
  linalg.matmul ins(%A, %B : memref<8x8xf32, #gpu.address_space<workgroup>>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

func.func @space_c(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32, 5>) {
  // expected-error @+1 {{operand C is in memory space '5 : i64'}}
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32, 5>)
  return
}

// -----

func.func @a_is_c(%A: memref<8x8xf32>, %B: memref<8x8xf32>) {
  // expected-error @+1 {{reads operand A from the buffer it writes C to; the kernels need A and B apart from C}}
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%A : memref<8x8xf32>)
  return
}

// -----

// Through a view of the same buffer.
func.func @b_views_c(%B: memref<8x8xf32>, %A: memref<8x8xf32>) {
  %C = memref.cast %B : memref<8x8xf32> to memref<8x8xf32>
  // expected-error @+1 {{reads operand B from the buffer it writes C to}}
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

func.func @m_over_int(%A: memref<2147483648x8xf32>, %B: memref<8x8xf32>, %C: memref<2147483648x8xf32>) {
  // expected-error @+1 {{has M = 2147483648, over the limit of 2147483647}}
  linalg.matmul ins(%A, %B : memref<2147483648x8xf32>, memref<8x8xf32>) outs(%C : memref<2147483648x8xf32>)
  return
}

// -----

func.func @operand_too_large(%A: memref<100000000x100000000xf32>, %B: memref<100000000x8xf32>, %C: memref<100000000x8xf32>) {
  // expected-error @+1 {{has operand A of 100000000x100000000 elements, over the limit of 281474976710656 bytes per operand}}
  linalg.matmul ins(%A, %B : memref<100000000x100000000xf32>, memref<100000000x8xf32>) outs(%C : memref<100000000x8xf32>)
  return
}

// -----

// Each operand is 2^48 bytes (the limit), but 2 M N K is 2^70.
func.func @flops_over_int64(%A: memref<8388608x8388608xf32>, %B: memref<8388608x8388608xf32>, %C: memref<8388608x8388608xf32>) {
  // expected-error @+1 {{needs 2 * M * N * K = 2 * 8388608 * 8388608 * 8388608 FLOPs, over the limit of 9223372036854775807}}
  linalg.matmul ins(%A, %B : memref<8388608x8388608xf32>, memref<8388608x8388608xf32>) outs(%C : memref<8388608x8388608xf32>)
  return
}

// -----

// Tile rows go on gridDim.y, at most 65535.
func.func @grid_rows(%A: memref<10000000x16xf32>, %B: memref<16x16xf32>, %C: memref<10000000x16xf32>) {
  // expected-error @+1 {{config makes a grid of 625000 block rows (M = 10000000, BM = 16), but gridDim.y is at most 65535 (use a larger BM)}}
  linalg.matmul ins(%A, %B : memref<10000000x16xf32>, memref<16x16xf32>) outs(%C : memref<10000000x16xf32>)
  return
}

// -----

func.func @stream_k_steps(%A: memref<65536x262144xf32>, %B: memref<262144x65536xf32>, %C: memref<65536x65536xf32>) {
  // expected-error @+1 {{stream_k shares 4294967296 K steps over the grid, over the limit of 2147483647}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>}
      ins(%A, %B : memref<65536x262144xf32>, memref<262144x65536xf32>) outs(%C : memref<65536x65536xf32>)
  return
}

// -----

// Contractions the kernels do not cover are left alone, with a warning.
func.func @batch(%A: memref<2x4x8xf32>, %B: memref<2x8x4xf32>, %C: memref<2x4x4xf32>) {
  // expected-warning @+1 {{left alone: tile-opt compiles linalg.matmul, and linalg.batch_matmul of static buffers with A and B batched, each as stored or transposed, or one of them broadcast (--tile-split-batch); this contraction is not supported yet}}
  linalg.batch_matmul ins(%A, %B : memref<2x4x8xf32>, memref<2x8x4xf32>) outs(%C : memref<2x4x4xf32>)
  return
}

// -----

func.func @matvec(%A: memref<4x8xf32>, %x: memref<8xf32>, %y: memref<4xf32>) {
  // expected-warning @+1 {{left alone: tile-opt compiles linalg.matmul, and linalg.batch_matmul of static buffers with A and B batched, each as stored or transposed, or one of them broadcast (--tile-split-batch); this contraction is not supported yet}}
  linalg.matvec ins(%A, %x : memref<4x8xf32>, memref<8xf32>) outs(%y : memref<4xf32>)
  return
}

