// RUN: tile-opt %s --tile-configure=chip=sm_90a --tile-block-tile --tile-promote --tile-map-to-gpu=chip=sm_90a | FileCheck %s
// RUN: tile-opt %s --tile-configure="chip=sm_90a strategy=naive" --tile-map-naive | FileCheck %s --check-prefix=NAIVE

// Operands that are windows of larger buffers: the kernel takes the
// buffers (its tile.kernel_arguments), and its body reads and writes the
// windows through reinterpret_casts of them, with the windows' offsets and
// strides; the views outside the launch are left to the host.

// CHECK-LABEL: func.func @windows
// CHECK: gpu.launch
// CHECK: tile.kernel_arguments %arg0, %arg1, %arg2 : memref<301x112xf32>, memref<101x208xf32>, memref<301x208xf32>
// CHECK-DAG: memref.reinterpret_cast %{{.*}} to offset: [116], sizes: [300, 100], strides: [112, 1] : memref<301x112xf32> to memref<300x100xf32, strided<[112, 1], offset: 116>>
// CHECK-DAG: memref.reinterpret_cast %{{.*}} to offset: [212], sizes: [100, 200], strides: [208, 1] : memref<101x208xf32> to memref<100x200xf32, strided<[208, 1], offset: 212>>
// CHECK-DAG: memref.reinterpret_cast %{{.*}} to offset: [212], sizes: [300, 200], strides: [208, 1] : memref<301x208xf32> to memref<300x200xf32, strided<[208, 1], offset: 212>>
// CHECK: nvgpu.device_async_copy
// CHECK: gpu.terminator

// NAIVE-LABEL: func.func @naive
// NAIVE: tile.kernel_arguments %arg0, %arg1, %arg2 : memref<301x112xf32>, memref<101x208xf32>, memref<301x208xf32>
// NAIVE: %[[A:.*]] = memref.reinterpret_cast %{{.*}} to offset: [116], sizes: [300, 100], strides: [112, 1]
// NAIVE: memref.load %[[A]]
func.func @windows(%Abuf: memref<301x112xf32>, %Bbuf: memref<101x208xf32>, %Cbuf: memref<301x208xf32>) {
  %A = memref.subview %Abuf[1, 4] [300, 100] [1, 1] : memref<301x112xf32> to memref<300x100xf32, strided<[112, 1], offset: 116>>
  %B = memref.subview %Bbuf[1, 4] [100, 200] [1, 1] : memref<101x208xf32> to memref<100x200xf32, strided<[208, 1], offset: 212>>
  %C = memref.subview %Cbuf[1, 4] [300, 200] [1, 1] : memref<301x208xf32> to memref<300x200xf32, strided<[208, 1], offset: 212>>
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2>>}
      ins(%A, %B : memref<300x100xf32, strided<[112, 1], offset: 116>>, memref<100x200xf32, strided<[208, 1], offset: 212>>) outs(%C : memref<300x200xf32, strided<[208, 1], offset: 212>>)
  return
}

func.func @naive(%Abuf: memref<301x112xf32>, %Bbuf: memref<101x208xf32>, %Cbuf: memref<301x208xf32>) {
  %A = memref.subview %Abuf[1, 4] [300, 100] [1, 1] : memref<301x112xf32> to memref<300x100xf32, strided<[112, 1], offset: 116>>
  %B = memref.subview %Bbuf[1, 4] [100, 200] [1, 1] : memref<101x208xf32> to memref<100x200xf32, strided<[208, 1], offset: 212>>
  %C = memref.subview %Cbuf[1, 4] [300, 200] [1, 1] : memref<301x208xf32> to memref<300x200xf32, strided<[208, 1], offset: 212>>
  linalg.matmul ins(%A, %B : memref<300x100xf32, strided<[112, 1], offset: 116>>, memref<100x200xf32, strided<[208, 1], offset: 212>>) outs(%C : memref<300x200xf32, strided<[208, 1], offset: 212>>)
  return
}
