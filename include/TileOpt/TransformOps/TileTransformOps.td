//===- TileTransformOps.td - tile-opt's transform ops -----*- tablegen -*-===//
//
// Handle-based transform-dialect ops for the steps of the tile-opt pipeline,
// for transform scripts that compose them with upstream ops
// (`transform.structured.match`, `transform.bufferization.*`,
// `transform.apply_registered_pass`). Each op calls the function behind
// the pass of the same step (TileOpt/Transforms/Transforms.h).
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMOPS_TILETRANSFORMOPS_TD
#define TILEOPT_TRANSFORMOPS_TILETRANSFORMOPS_TD

include "TileOpt/Dialect/TileAttrs.td"
include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// In the transform dialect, in tile-opt's C++ namespace (upstream's
// mlir::transform already has a PromoteOp).
class Tile_TransformOp<string mnemonic, list<Trait> traits = []>
    : Op<Transform_Dialect, "tile." # mnemonic,
         !listconcat([TransformOpInterface,
                      TransformEachOpTrait], traits)> {
  let cppNamespace = "::mlir::tileopt";
}

// A step that changes the payload in place: it reads its handle, which stays
// valid, and modifies the payload.
class Tile_InPlaceTransformOp<string mnemonic, list<Trait> traits = []>
    : Tile_TransformOp<mnemonic,
        !listconcat([DeclareOpInterfaceMethods<MemoryEffectsOpInterface>],
                    traits)> {
  let extraClassDefinition = [{
    void $cppClass::getEffects(
        ::llvm::SmallVectorImpl<::mlir::MemoryEffects::EffectInstance> &effects) {
      ::mlir::transform::onlyReadsHandle(getTargetMutable(), effects);
      ::mlir::transform::modifiesPayload(effects);
    }
  }];
}

def ConfigureOp : Tile_InPlaceTransformOp<"configure"> {
  let summary = "Attach a checked #tile.config to each matmul of the handle";
  let description = [{
    What `--tile-configure` does, for the `linalg.matmul` ops of `target`
    only: attaches `config` (replacing a config already there) or, without
    it, the default config of `strategy` (`naive` or `tiled`, the default)
    for the matmul's shape on `chip`, after checking that tile-opt supports
    the matmul and that the config fits the chip and the shape. With
    `precision` (`ieee`, `tf32`, `tf32x3`: docs/precision.md) the default
    is that precision's, and a given config must have it. A matmul it
    rejects gets an error and nothing attached; a payload op that is not a
    `linalg.matmul` is a silenceable failure.

    ```mlir
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.tile.configure %mm {chip = "sm_90a"} : !transform.any_op
    transform.tile.configure %mm {chip = "sm_90a", precision = "tf32"}
        : !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<Tile_ConfigAttr>:$config,
                       OptionalAttr<StrAttr>:$strategy,
                       DefaultValuedStrAttr<StrAttr, "sm_90">:$chip,
                       OptionalAttr<StrAttr>:$precision);
  let assemblyFormat = "$target attr-dict `:` type($target)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::linalg::MatmulOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def BlockTileOp : Tile_TransformOp<"block_tile",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Tile a configured memref matmul into block tiles";
  let description = [{
    What `--tile-block-tile` does to one matmul with a tiled `#tile.config`
    (in memref form: bufferize first): an `scf.forall` over the BM x BN
    output tiles around an `scf.for` over K. Consumes `target`; `forall`
    holds the new loop nests, one per matmul.

    ```mlir
    %forall = transform.tile.block_tile %mm
        : (!transform.any_op) -> !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$forall);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::linalg::MatmulOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def PromoteOp : Tile_InPlaceTransformOp<"promote"> {
  let summary = "Stage a block tile's A and B panels in workgroup memory";
  let description = [{
    What `--tile-promote` does to each `scf.forall` of `target` (made by
    `transform.tile.block_tile`): BM x BK and BK x BN workgroup buffers,
    filled each K step. The handle stays valid.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::scf::ForallOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def MapToGPUOp : Tile_TransformOp<"map_to_gpu",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Map a promoted block tile to a gpu.launch of the kernel";
  let description = [{
    What `--tile-map-to-gpu` does to each promoted `scf.forall` of
    `target`: the kernel the config describes, in a `gpu.launch` named
    uniquely in the module, for `chip`. Consumes `target`.

    ```mlir
    %launch = transform.tile.map_to_gpu %forall {chip = "sm_90a"}
        : (!transform.any_op) -> !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedStrAttr<StrAttr, "sm_90">:$chip);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::scf::ForallOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def MapNaiveOp : Tile_TransformOp<"map_naive",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Map a matmul with a naive config to a gpu.launch";
  let description = [{
    What `--tile-map-naive` does to one memref matmul with a naive
    `#tile.config`: one output per thread in a `gpu.launch`. Consumes
    `target`.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::linalg::MatmulOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def InsertBarriersOp : Tile_InPlaceTransformOp<"insert_barriers"> {
  let summary = "Insert the workgroup barriers a gpu.launch needs";
  let description = [{
    What `--tile-insert-barriers` does to each `gpu.launch` of `target`.
    The handle stays valid.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::gpu::LaunchOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

#endif // TILEOPT_TRANSFORMOPS_TILETRANSFORMOPS_TD
