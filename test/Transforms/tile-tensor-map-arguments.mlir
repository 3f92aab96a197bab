// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-tensor-map-arguments))" | FileCheck %s
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-tensor-map-arguments,convert-nvgpu-to-nvvm,convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=1},convert-nvvm-to-llvm,reconcile-unrealized-casts))" | FileCheck %s --check-prefix=LLVM

// A kernel argument of tensor-map type becomes a generic pointer (the
// device address of the CUtensorMap), cast back to the descriptor for its
// uses; other arguments and a function without tensor maps are untouched.
// After the NVGPU/GPU/NVVM lowerings the TMA copy reads the map through that
// pointer and no cast is left.

// CHECK-LABEL: gpu.func @load(
// CHECK-SAME: %[[C:.+]]: memref<64x16xf32>, %[[P:.+]]: !llvm.ptr) kernel
// CHECK-NEXT: %[[MAP:.+]] = builtin.unrealized_conversion_cast %[[P]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x16xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
// CHECK: nvgpu.tma.async.load %[[MAP]][
// CHECK-LABEL: gpu.func @plain(
// CHECK-SAME: %{{.+}}: memref<4xf32>) kernel
// CHECK-NOT: unrealized_conversion_cast

// LLVM-LABEL: llvm.func @load(
// LLVM-SAME: %{{.+}}: !llvm.ptr, %[[P:.+]]: !llvm.ptr)
// LLVM-NOT: unrealized_conversion_cast
// LLVM: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.+}}, %[[P]], %{{.+}}, box[

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x16xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 1>
gpu.module @kernels {
  gpu.func @load(%c: memref<64x16xf32>, %map: !map) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %buf = memref.view %smem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x16xf32, #gpu.address_space<workgroup>>
    %bar = nvgpu.mbarrier.create -> !bars
    nvgpu.mbarrier.init %bar[%c0], %c1 : !bars
    nvgpu.tma.async.load %map[%c0, %c0], %bar[%c0] to %buf : !map, !bars -> memref<64x16xf32, #gpu.address_space<workgroup>>
    %false = arith.constant false
    %ticks = arith.constant 1000 : index
    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bars
    %v = memref.load %buf[%c0, %c0] : memref<64x16xf32, #gpu.address_space<workgroup>>
    memref.store %v, %c[%c0, %c0] : memref<64x16xf32>
    gpu.return
  }
  gpu.func @plain(%x: memref<4xf32>) kernel {
    gpu.return
  }
}
