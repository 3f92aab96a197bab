// TileOptPlugin.so in the stock mlir-opt (README's command): the tile
// dialect parses and prints, and the pipeline gives the artifact tile-opt
// gives, byte for byte: the same manifest and PTX.
// REQUIRES: tile-opt-driver
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir_opt_plugin %s --pass-pipeline="builtin.module(tile-configure{strategy=tiled chip=sm_90a})" | FileCheck %s
// RUN: tile-opt %s --tile-gpu-pipeline="strategy=tiled chip=sm_90a artifact-dir=%t/tile-opt ptxas=none" -o /dev/null
// RUN: %mlir_opt_plugin %s --pass-pipeline="builtin.module(tile-gpu-pipeline{strategy=tiled chip=sm_90a artifact-dir=%t/mlir-opt ptxas=none})" -o /dev/null
// RUN: ls %t/mlir-opt/manifest.json
// RUN: diff -r %t/tile-opt %t/mlir-opt

// CHECK-LABEL: func.func @matmul
// CHECK: linalg.matmul {tile.config = #tile.config<tiled, {{.*}}tile = #tile.wgmma<shape = [64, {{[0-9]+}}, 16]>
func.func @matmul(%A: tensor<256x128xf16>, %B: tensor<128x512xf16>)
    -> tensor<256x512xf16> {
  %zero = arith.constant 0.0 : f16
  %empty = tensor.empty() : tensor<256x512xf16>
  %C = linalg.fill ins(%zero : f16) outs(%empty : tensor<256x512xf16>)
      -> tensor<256x512xf16>
  %D = linalg.matmul ins(%A, %B : tensor<256x128xf16>, tensor<128x512xf16>)
                     outs(%C : tensor<256x512xf16>) -> tensor<256x512xf16>
  return %D : tensor<256x512xf16>
}
