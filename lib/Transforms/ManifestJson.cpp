//===- ManifestJson.cpp - One kernel's entry of manifest.json -----------===//
//
// See ManifestJson.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/ManifestJson.h"
#include "TileOpt/Analysis/Report.h"
#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Codegen/KernelPlan.h"

using namespace mlir;
using namespace mlir::tileopt;
namespace json = llvm::json;

/// `problem.epilogue`: the fused epilogue's program (docs/manifest.md),
/// null without one.
static json::Value epilogueToJson(const MatmulProblem &p) {
  if (!p.epilogue)
    return nullptr;
  const FusedEpilogue &e = *p.epilogue;
  json::Array inputs, steps;
  for (auto [i, in] : llvm::enumerate(e.inputs)) {
    json::Object input{{"name", getEpilogueInputName(i)},
                       {"index", stringifyEpilogueIndex(in.index)},
                       {"element_type", getTypeName(in.elementType)}};
    if (in.batched)
      input["batched"] = true;
    inputs.push_back(std::move(input));
  }
  for (const EpilogueStep &s : e.steps) {
    json::Object step{{"op", s.op},
                      {"operands", json::Array(s.operands)},
                      {"type", getTypeName(s.type)}};
    if (s.op == "constant")
      step["value"] = s.value;
    if (s.op == "cmpf")
      step["predicate"] = s.predicate;
    if (std::optional<FusedEpilogue::Approximation> a = e.getApproximation(s)) {
      step["instruction"] = a->instruction;
      step["relative_error"] = a->relativeError;
    }
    steps.push_back(std::move(step));
  }
  return json::Object{{"inputs", std::move(inputs)},
                      {"steps", std::move(steps)},
                      {"result", e.result},
                      {"output_type", getTypeName(e.outType)},
                      {"expression", e.describe()}};
}

/// `problem.computes`: what the kernel computes, for humans.
static std::string describeComputation(const MatmulProblem &p) {
  if (!p.epilogue)
    return p.accumulate ? "C += A * B" : "C = A * B";
  return "C = " + p.epilogue->describe(p.accumulate ? "(C + A * B)" : "A * B");
}

json::Value mlir::tileopt::kernelToJson(const KernelRecord &k) {
  const MatmulProblem &p = k.problem;
  // The tiling report (with ptxas's registers when known) also supplies the
  // FLOP counts and the element type's name.
  std::optional<TargetInfo> target = lookupTarget(k.chip);
  std::optional<int64_t> registers, spills;
  if (k.resources) {
    registers = k.resources->registers;
    spills = k.resources->spillStoreBytes + k.resources->spillLoadBytes;
  }
  TileReport report = computeTileReport(
      p, k.config, k.chip, target ? &*target : nullptr, registers, spills);
  const std::string &elem = report.elementType;
  std::string cElem = getTypeName(p.getCType());
  std::string outElem = getTypeName(p.getOutType());
  std::string accElem = getTypeName(p.getAccumulatorType());
  std::string configText;
  llvm::raw_string_ostream os(configText);
  Attribute(k.config).print(os);
  // copy = tma: A (and B) reach the kernel as tensor maps whose box is one
  // panel stage (docs/manifest.md says how to encode them).
  json::Array args;
  for (const KernelArgument &a : getKernelArguments(k.config, p, k.chip)) {
    if (a.workspaceBytes) {
      args.push_back(json::Object{{"name", a.name},
                                  {"kind", "workspace"},
                                  {"bytes", a.workspaceBytes},
                                  {"init", "zero"},
                                  {"resident_blocks", a.residentBlocks},
                                  {"alignment", kArgumentAlignment},
                                  {"access", "readwrite"}});
      continue;
    }
    // A window of a larger buffer (not a copy of one): `shape` is the
    // buffer's, `window` where the operand lies in it.
    const OperandWindow *window = a.packed ? nullptr : p.getWindow(a.name);
    json::Array shape(p.getOperandShape(a.name, a.rows, a.cols));
    json::Object arg{
        {"name", a.name},
        {"kind", "buffer"},
        {"element_type",
         a.name == "C"          ? outElem
         : a.epilogueInput >= 0 ? getTypeName(
                                      p.epilogue->inputs[a.epilogueInput]
                                          .elementType)
                                : elem},
        {"shape", window ? json::Array(window->bufferShape) : shape},
        {"layout", "row-major"},
        {"alignment", kArgumentAlignment},
        {"access",
         a.name != "C" ? "read" : p.accumulate ? "readwrite" : "write"}};
    if (window)
      arg["window"] = json::Object{{"shape", std::move(shape)},
                                   {"offset", window->offset},
                                   {"strides", json::Array(window->strides)}};
    if (a.tensorMap) {
      arg["kind"] = "tensor_map";
      arg["view"] = a.rowGroups ? "row_groups"
                    : a.packed  ? "workspace_copy"
                                : "matrix";
      if (a.packed) {
        arg["workspace_offset"] = a.packOffset;
        arg["row_stride"] = a.packStride;
        arg["part"] = stringifyCopyPart(a.part);
        arg["transposed"] = a.transposed;
      }
      arg["box"] = json::Array(p.getBoxShape(a.name, a.boxRows, a.boxCols));
      arg["map_alignment"] = kTensorMapAlignment;
      arg["interleave"] = "none";
      arg["swizzle"] = a.swizzleBytes ? "128B" : "none";
      arg["l2_promotion"] = "none";
      arg["oob_fill"] = "zero";
    }
    args.push_back(std::move(arg));
  }
  json::Object resources;
  if (k.resources)
    resources = json::Object{{"registers", k.resources->registers},
                             {"barriers", k.resources->barriers},
                             {"shared_bytes", k.resources->sharedBytes},
                             {"const_bytes", k.resources->constBytes},
                             {"stack_bytes", k.resources->stackBytes},
                             {"spill_store_bytes", k.resources->spillStoreBytes},
                             {"spill_load_bytes", k.resources->spillLoadBytes}};
  int64_t cluster[3] = {k.config.getCluster(), 1, 1};
  json::Object kernel{
      {"name", k.name},
      {"function", k.function},
      {"ptx", k.name + ".ptx"},
      {"cubin",
       k.hasCubin ? json::Value(k.name + ".cubin") : json::Value(nullptr)},
      {"target", json::Object{{"chip", k.chip}, {"features", k.features}}},
      {"problem",
       json::Object{
           {"m", p.m},
           {"n", p.n},
           {"k", p.k},
           {"a_type", elem},
           {"b_type", elem},
           {"c_type", cElem},
           {"accumulator_type", accElem},
           {"a_layout", p.layout.transposeA ? "column-major" : "row-major"},
           {"b_layout", p.layout.transposeB ? "column-major" : "row-major"},
           {"c_layout", "row-major"},
           {"accumulate", p.accumulate},
           {"precision", stringifyPrecision(k.config.getPrecision())},
           {"computes", describeComputation(p)},
           {"epilogue", epilogueToJson(p)}}},
      {"launch", json::Object{{"grid", json::Array(k.grid)},
                              {"block", json::Array(k.block)},
                              {"dynamic_shared_bytes", k.dynamicSharedBytes},
                              {"cluster", json::Array(cluster)}}},
      {"args", std::move(args)},
      {"config",
       json::Object{
           {"strategy", stringifyStrategy(k.config.getStrategy())},
           {"block", json::Array(k.config.getBlock())},
           {"warp", json::Array(k.config.getWarp())},
           {"thread", json::Array(k.config.getThread())},
           {"stages", k.config.getStages()},
           {"pad", k.config.getPad()},
           {"copy", stringifyCopyKind(k.config.getCopyKind())},
           {"blocks_per_sm", k.config.getBlocksPerSM()},
           {"restage_a", k.config.getRestageA()},
           {"fma_order", stringifyFmaOrder(k.config.getFmaOrder())},
           {"b_row_groups", k.config.getBRowGroups()},
           {"stream_k", k.config.getStreamK()},
           {"instruction_tile",
            getInstructionTileTraits(getInstructionTileKind(k.config)).name},
           {"producer",
            stringifyProducerKind(k.config.getSchedule().getProducer())},
           {"order", stringifyTileOrder(k.config.getSchedule().getOrder())},
           {"cluster", k.config.getCluster()},
           {"group", k.config.getTileGroup()},
           {"threads", k.config.getBlockThreads()},
           {"attribute", configText}}},
      {"flops",
       json::Object{{"useful", static_cast<int64_t>(report.usefulFlops)},
                    {"executed", static_cast<int64_t>(report.executedFlops)}}},
      {"resources",
       k.resources ? json::Value(std::move(resources)) : json::Value(nullptr)},
      {"report", toJson(report)},
  };
  // Batched: `batch` matrices each, but one of a broadcast A or B. TF32
  // with registers = b: A reaches the tensor cores truncated; with
  // truncated = b, B.
  json::Object &problem = *kernel.getObject("problem");
  if (p.batch)
    problem["batch"] = p.batch;
  if (p.broadcastA)
    problem["broadcast_a"] = true;
  if (p.broadcastB)
    problem["broadcast_b"] = true;
  if (k.config.isBInRegisters())
    problem["tf32_truncated"] = json::Array{"A"};
  if (k.config.isBTruncated())
    problem["tf32_truncated"] = json::Array{"B"};
  return kernel;
}
