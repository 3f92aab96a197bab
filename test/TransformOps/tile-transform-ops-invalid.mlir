// Misuse of transform.tile.*: an error at the transform op (with a note at
// the payload op) or, for what the chip rejects, at the matmul.
// RUN: tile-opt %s --transform-interpreter --split-input-file -verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{takes config or strategy, not both}}
    transform.tile.configure %mm {config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>, strategy = "naive"} : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{unknown chip 'sm_42' (known: sm_80, sm_90, sm_90a)}}
    transform.tile.configure %mm {chip = "sm_42"} : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{unknown strategy 'fast'}}
    transform.tile.configure %mm {strategy = "fast"} : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{unknown precision 'fp19' (expected ieee, tf32 or tf32x3)}}
    transform.tile.configure %mm {precision = "fp19"} : !transform.any_op
    transform.yield
  }
}

// -----

func.func @tf32_on_sm90(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{has no default tiled config for sm_90: precision = tf32 runs on the wgmma tile, which needs chip sm_90a}}
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.tile.configure %mm {precision = "tf32"} : !transform.any_op
    transform.yield
  }
}

// -----

func.func @too_many_threads(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{config needs 2048 threads per block (64 x 32), but sm_90 allows at most 1024}}
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.tile.configure %mm {config = #tile.config<naive, block = [64, 32, 1], tile = #tile.fma<thread = [1, 1]>>} : !transform.any_op
    transform.yield
  }
}

// -----

func.func @no_config(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-note @+1 {{payload op}}
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{expects a matmul with a #tile.config (transform.tile.configure)}}
    %forall = transform.tile.block_tile %mm : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @tensors(%A: tensor<64x64xf32>, %B: tensor<64x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-note @+1 {{payload op}}
  %D = linalg.matmul ins(%A, %B : tensor<64x64xf32>, tensor<64x64xf32>) outs(%C : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %D : tensor<64x64xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.tile.configure %mm : !transform.any_op
    // expected-error @+1 {{expects the memref form: bufferize first}}
    %forall = transform.tile.block_tile %mm : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @naive(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-note @+1 {{payload op}}
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.tile.configure %mm {strategy = "naive"} : !transform.any_op
    // expected-error @+1 {{expects a tiled config; transform.tile.map_naive maps naive ones}}
    %forall = transform.tile.block_tile %mm : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_a_block_tile(%A: memref<64x64xf32>) {
  // expected-note @+1 {{payload op}}
  scf.forall (%i) in (4) {
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %forall = transform.structured.match ops{["scf.forall"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{expects a block tile of transform.tile.block_tile}}
    transform.tile.promote %forall : !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_a_matmul(%A: memref<64x64xf32>) {
  // expected-note @+1 {{when applied to this op}}
  memref.dealloc %A : memref<64x64xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["memref.dealloc"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{transform applied to the wrong op kind}}
    transform.tile.configure %op : !transform.any_op
    transform.yield
  }
}
