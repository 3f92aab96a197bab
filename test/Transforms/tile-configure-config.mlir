// config= gives the whole #tile.config at once, in the attribute's own
// syntax (quoted, braced or without spaces), to --tile-configure and to the
// pipeline; the attribute's verifier and the chip check judge it.
// RUN: tile-opt %s --tile-configure="config='#tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [4, 4]>, schedule = #tile.schedule<stages = 2>>'" | FileCheck %s
// RUN: tile-opt %s --tile-configure="config={#tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [4, 4]>, schedule = #tile.schedule<stages = 2>>}" | FileCheck %s
// RUN: tile-opt %s --tile-configure="config=#tile.config<tiled,block=[64,64,16],tile=#tile.fma<thread=[4,4]>,schedule=#tile.schedule<stages=2>>" | FileCheck %s
// RUN: rm -rf %t && tile-opt %s --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async>, schedule = #tile.schedule<stages = 2>>' artifact-dir=%t ptxas=none" -o /dev/null
// RUN: FileCheck %s --input-file=%t/manifest.json --check-prefix=MANIFEST
// Errors: not an attribute, another attribute, an invalid config, a config
// the chip refuses, config= beside strategy=, and a field option that no
// longer exists (the config's fields are written in the config).
// RUN: not tile-opt %s --tile-configure="config=foo" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTATTR
// RUN: not tile-opt %s --tile-configure="config='#gpu.address_space<workgroup>'" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not tile-opt %s --tile-configure="config='#tile.config<tiled, block = [64, 64], tile = #tile.fma<thread = [4, 4]>, schedule = #tile.schedule<stages = 2>>'" -o /dev/null 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: not tile-opt %s --tile-configure="config='#tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [4, 4]>, schedule = #tile.schedule<stages = 3>>'" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not tile-opt %s --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [4, 4]>, schedule = #tile.schedule<stages = 2>>' strategy=tiled" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not tile-opt %s --tile-gpu-pipeline="strategy=tiled stages=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIELD

// CHECK-LABEL: func.func @mm
// CHECK: linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [4, 4]>, schedule = #tile.schedule<stages = 2>>}
// MANIFEST: "block": [
// MANIFEST-NEXT: 64,
// MANIFEST-NEXT: 64,
// MANIFEST-NEXT: 16
// MANIFEST: "copy": "async"
// NOTATTR: error: config='foo' is not a #tile.config: expected attribute value
// OTHER: error: config='#gpu.address_space<workgroup>' is not a #tile.config
// INVALID: error: config='#tile.config<tiled, block = [64, 64], tile = #tile.fma<thread = [4, 4]>, schedule = #tile.schedule<stages = 2>>' is not a #tile.config: block tile must be three positive sizes [BM, BN, BK]
// STAGES: [[@LINE+4]]:3: error: 'linalg.matmul' op stages = 3 needs copy kind async (register-staged copies support 1 or 2)
// BOTH: error: config= is the whole #tile.config, strategy included: give config= or strategy=, not both
// FIELD: no such option stages
func.func @mm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
