//===- TensorMaps.cpp - The TMA copier's host side ------------------------===//
//
// The tensor maps the TMA copier reads through, made before the launch: of
// A and B as stored, of their copies in the workspace, or of b_row_groups's
// view of B. See PanelCopier.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/PanelCopier.h"

#include "TileOpt/Codegen/EmitUtils.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::tileopt;

/// One tensor map per described operand, whose box is one panel stage
/// (isKMajorTmaBox) or one class box of b_row_groups's view of B (K/4 rows
/// of 4N; A's rows are 16-byte multiples); a copied operand's is of its
/// copy in the workspace, rows `pitch` elements apart (a batch's matrices
/// one after the other). The TF32 precisions read A (or its copy, where
/// its rows are not 16-byte multiples), then B's transposed copy, then with
/// tf32x3 B's low parts'; with registers = b B itself.
SmallVector<Value, 2>
mlir::tileopt::createTensorMaps(RewriterBase &rewriter, Location loc,
                                const KernelPlan &plan, Value globalA,
                                Value globalB, Value workspace) {
  MLIRContext *ctx = rewriter.getContext();
  ConfigAttr config = plan.config;
  const MatmulProblem &problem = plan.problem;
  IndexBuilder ib{rewriter, loc};
  // A copy in the workspace: rows x cols of rows `pitch` elements apart
  // (a batched operand's: its batches, one after the other, as its map).
  auto copyView = [&](const PackedCopy &copy) -> Value {
    SmallVector<int64_t, 3> shape{copy.rows, copy.pitch},
        sizes{copy.rows, copy.cols};
    if (problem.isBatched(copy.operand ? "B" : "A"))
      for (SmallVector<int64_t, 3> *dims : {&shape, &sizes})
        dims->insert(dims->begin(), copy.batches);
    Value rows = memref::ViewOp::create(
        rewriter, loc, MemRefType::get(shape, problem.elementType), workspace,
        ib.c(copy.offset), ValueRange{});
    return memref::SubViewOp::create(
        rewriter, loc, rows, SmallVector<int64_t, 3>(shape.size(), 0), sizes,
        SmallVector<int64_t, 3>(shape.size(), 1));
  };
  // pack_b: B's copy in the workspace; A's copy where A is stored
  // transposed (the fma tile) or its rows are not 16-byte multiples.
  Value sourceA = globalA, sourceB = globalB;
  if (plan.workspace.pack && !config.isTF32())
    for (const PackedCopy &copy : plan.workspace.pack->copies)
      (copy.operand ? sourceB : sourceA) = copyView(copy);
  bool swizzled = plan.copy[0].layout == PanelLayout::Swizzled128;
  SmallVector<std::pair<Value, SmallVector<int64_t, 2>>, 2> described;
  if (config.isTF32()) {
    const KernelArgument &a = plan.arguments[0], &b = plan.arguments[1];
    if (a.tensorMap)
      described.push_back({globalA, {a.boxRows, a.boxCols}});
    auto packed = llvm::make_filter_range(
        plan.arguments, [](const KernelArgument &a) { return a.packed; });
    if (plan.workspace.pack)
      for (auto [copy, arg] : llvm::zip(plan.workspace.pack->copies, packed))
        described.push_back({copyView(copy), {arg.boxRows, arg.boxCols}});
    // registers = b or truncated = b: B's boxes from B itself.
    if (b.tensorMap)
      described.push_back({globalB, {b.boxRows, b.boxCols}});
  } else if (swizzled) {
    // The boxes of the kernel's A and B arguments.
    const KernelArgument &a = plan.arguments[0], &b = plan.arguments[1];
    described = {{sourceA, {a.boxRows, a.boxCols}},
                 {sourceB, {b.boxRows, b.boxCols}}};
  } else {
    int64_t bk = config.getBK();
    auto box = [&](int operand, int64_t side) {
      return isKMajorTmaBox(plan, operand) ? SmallVector<int64_t, 2>{side, bk}
                                           : SmallVector<int64_t, 2>{bk, side};
    };
    described = {{sourceA, box(0, config.getBM())}};
    if (plan.copy[1].layout == PanelLayout::RowClassBoxes) {
      SmallVector<ReassociationIndices> all{{0, 1}};
      Value flat = memref::CollapseShapeOp::create(rewriter, loc, globalB, all);
      auto groupsType =
          MemRefType::get({problem.k / 4, 4 * problem.n}, problem.elementType);
      Value groups =
          memref::ExpandShapeOp::create(rewriter, loc, groupsType, flat, all);
      described.push_back({groups, {plan.bBoxes.rows, plan.bBoxes.width}});
    } else if (!plan.bByRegisters) {
      described.push_back({sourceB, box(1, config.getBN())});
    }
  }
  SmallVector<Value, 2> maps(std::max<size_t>(described.size(), 2));
  for (auto [i, entry] : llvm::enumerate(described)) {
    auto &[tensor, box] = entry;
    auto tensorType = cast<MemRefType>(tensor.getType());
    // A batched operand's box is one batch deep.
    if (tensorType.getRank() == 3)
      box.insert(box.begin(), 1);
    auto unranked = UnrankedMemRefType::get(tensorType.getElementType(),
                                            tensorType.getMemorySpace());
    Value cast = memref::CastOp::create(rewriter, loc, unranked, tensor);
    auto mapType = nvgpu::TensorMapDescriptorType::get(
        ctx,
        MemRefType::get(box, tensorType.getElementType(),
                        MemRefLayoutAttrInterface(), getWorkgroupSpace(ctx)),
        swizzled ? nvgpu::TensorMapSwizzleKind::SWIZZLE_128B
                 : nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE,
        nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
        nvgpu::TensorMapOOBKind::OOB_ZERO,
        nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
    SmallVector<Value> boxSizes;
    for (int64_t side : box)
      boxSizes.push_back(ib.c(side));
    maps[i] = nvgpu::TmaCreateDescriptorOp::create(rewriter, loc, mapType, cast,
                                                   boxSizes);
  }
  return maps;
}
