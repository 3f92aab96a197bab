// `tile-opt --help` opens with where to start: the pipeline with the
// default config, and the report on standard error.
// REQUIRES: tile-opt-driver
// RUN: tile-opt --help | FileCheck %s
// CHECK: OVERVIEW: tile-opt: linalg.matmul to tiled NVIDIA GPU kernels
// CHECK: Start here:
// CHECK-NEXT: tile-opt in.mlir --tile-gpu-pipeline="chip=sm_90a artifact-dir=out" -o /dev/null
// CHECK: --tile-report=chip=sm_90a
