// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-configure=chip=sm_90a

// Operands that are windows of larger buffers (strided views): what the
// kernels cannot take is refused at the matmul, with the reason.

// Rows 11 floats apart start off 16-byte boundaries: only the naive kernel
// takes them.
func.func @unaligned_rows(%Abuf: memref<64x11xf32>, %B: memref<8x32xf32>, %C: memref<64x32xf32>) {
  %A = memref.subview %Abuf[0, 1] [64, 8] [1, 1] : memref<64x11xf32> to memref<64x8xf32, strided<[11, 1], offset: 1>>
  // expected-error @+1 {{operand A is a window of a larger buffer whose rows do not start at 16-byte boundaries (offset 1, strides [11, 1] elements of 4 bytes); the tiled kernels need them (strategy=naive takes any)}}
  linalg.matmul ins(%A, %B : memref<64x8xf32, strided<[11, 1], offset: 1>>, memref<8x32xf32>) outs(%C : memref<64x32xf32>)
  return
}

// -----

// Every other column: rows are not contiguous.
func.func @column_stride(%Abuf: memref<64x16xf32>, %B: memref<8x32xf32>, %C: memref<64x32xf32>) {
  %A = memref.subview %Abuf[0, 0] [64, 8] [1, 2] : memref<64x16xf32> to memref<64x8xf32, strided<[16, 2]>>
  // expected-error @+1 {{operand A has layout strided<[16, 2]>: kernels take a matrix of a buffer at a static offset, with static strides and contiguous rows}}
  linalg.matmul ins(%A, %B : memref<64x8xf32, strided<[16, 2]>>, memref<8x32xf32>) outs(%C : memref<64x32xf32>)
  return
}

// -----

func.func @dynamic_offset(%Abuf: memref<64x16xf32>, %B: memref<8x32xf32>, %C: memref<64x32xf32>, %i: index) {
  %A = memref.subview %Abuf[0, %i] [64, 8] [1, 1] : memref<64x16xf32> to memref<64x8xf32, strided<[16, 1], offset: ?>>
  // expected-error @+1 {{operand A has layout strided<[16, 1], offset: ?>: kernels take a matrix of a buffer at a static offset, with static strides and contiguous rows}}
  linalg.matmul ins(%A, %B : memref<64x8xf32, strided<[16, 1], offset: ?>>, memref<8x32xf32>) outs(%C : memref<64x32xf32>)
  return
}

// -----

// A strided argument: the buffer it lies in is not known.
func.func @strided_argument(%A: memref<4x4xf32, strided<[8, 1]>>, %B: memref<4x4xf32>, %C: memref<4x4xf32>) {
  // expected-error @+1 {{operand A is a view of 'memref<4x4xf32, strided<[8, 1]>>': kernels take windows of static row-major memrefs of the operand's element type}}
  linalg.matmul ins(%A, %B : memref<4x4xf32, strided<[8, 1]>>, memref<4x4xf32>) outs(%C : memref<4x4xf32>)
  return
}

// -----

// Rows that overlap: C's elements would be written twice.
func.func @overlapping_rows(%A: memref<64x8xf32>, %B: memref<8x32xf32>, %Cbuf: memref<4096xf32>) {
  %C = memref.reinterpret_cast %Cbuf to offset: [0], sizes: [64, 32], strides: [16, 1] : memref<4096xf32> to memref<64x32xf32, strided<[16, 1]>>
  // expected-error @+1 {{operand C has layout strided<[16, 1]>: its dimension 0 overlaps the next (stride 16 < 1 x 32)}}
  linalg.matmul ins(%A, %B : memref<64x8xf32>, memref<8x32xf32>) outs(%C : memref<64x32xf32, strided<[16, 1]>>)
  return
}

// -----

func.func @past_the_buffer(%A: memref<64x8xf32>, %B: memref<8x32xf32>, %Cbuf: memref<2048xf32>) {
  %C = memref.reinterpret_cast %Cbuf to offset: [8], sizes: [64, 32], strides: [32, 1] : memref<2048xf32> to memref<64x32xf32, strided<[32, 1], offset: 8>>
  // expected-error @+1 {{operand C has layout strided<[32, 1], offset: 8>: it reaches past its buffer 'memref<2048xf32>'}}
  linalg.matmul ins(%A, %B : memref<64x8xf32>, memref<8x32xf32>) outs(%C : memref<64x32xf32, strided<[32, 1], offset: 8>>)
  return
}

// -----

// b = row_groups and pack_b's copy read B as one K x N array.
func.func @row_groups(%A: memref<64x32xf32>, %Bbuf: memref<32x48xf32>, %C: memref<64x45xf32>) {
  %B = memref.subview %Bbuf[0, 0] [32, 45] [1, 1] : memref<32x48xf32> to memref<32x45xf32, strided<[48, 1]>>
  // expected-error @+1 {{b = row_groups reads B as one K x N array, but B is a window of a larger buffer}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 48, 16], warp = [32, 24], tile = #tile.fma<thread = [4, 6]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 3>>}
      ins(%A, %B : memref<64x32xf32>, memref<32x45xf32, strided<[48, 1]>>) outs(%C : memref<64x45xf32>)
  return
}

// -----

func.func @pack_b(%A: memref<256x64xf16>, %Bbuf: memref<64x256xf16>, %C: memref<256x255xf16>) {
  %B = memref.subview %Bbuf[0, 0] [64, 255] [1, 1] : memref<64x256xf16> to memref<64x255xf16, strided<[256, 1]>>
  // expected-error @+1 {{b = packed reads B as one K x N array, but B is a window of a larger buffer}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>}
      ins(%A, %B : memref<256x64xf16>, memref<64x255xf16, strided<[256, 1]>>) outs(%C : memref<256x255xf16>)
  return
}

// -----

// The default for such a 16-bit B would pack it: it says so.
func.func @pack_b_default(%A: memref<256x64xf16>, %Bbuf: memref<64x256xf16>, %C: memref<256x255xf16>) {
  %B = memref.subview %Bbuf[0, 0] [64, 255] [1, 1] : memref<64x256xf16> to memref<64x255xf16, strided<[256, 1]>>
  // expected-error @+1 {{b = packed reads B as one K x N array, but B is a window of a larger buffer}}
  linalg.matmul ins(%A, %B : memref<256x64xf16>, memref<64x255xf16, strided<[256, 1]>>) outs(%C : memref<256x255xf16>)
  return
}

// -----

// A fused epilogue reads windows of A and B (tile-gpu-pipeline-window.mlir)
// but writes a dense output: ops that write a window stay as they are.
func.func @epilogue(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %Dbuf: memref<64x56xf32>) {
  %zero = arith.constant 0.0 : f32
  %D = memref.subview %Dbuf[0, 8] [64, 48] [1, 1] : memref<64x56xf32> to memref<64x48xf32, strided<[56, 1], offset: 8>>
  %C = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  // expected-remark @below {{not fused into the kernel of the matmul: its output is not a dense row-major f32, f16 or bf16 M x N buffer written in order}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<64x48xf32>) outs(%D : memref<64x48xf32, strided<[56, 1], offset: 8>>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  return
}
