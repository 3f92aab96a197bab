// The transform library of tile-transform-ops-pipeline.mlir: outside the
// payload module, so that a pass may run on the whole of it.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %func = transform.structured.match ops{["func.func"]} attributes{sym_name = "picked"} in %root
        : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %func
        : (!transform.any_op) -> !transform.any_op
    transform.tile.configure %mm {config = #tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [2, 2]>>} : !transform.any_op
    %done = transform.apply_registered_pass "tile-gpu-pipeline"
        with options = {strategy = "tiled", "artifact-dir" = "art", ptxas = "none"} to %root
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
