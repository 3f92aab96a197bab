//===- ExportArtifact.cpp - Write the kernel artifact --------------------===//
//
// Implements --tile-export-artifact: PTX from `gpu.binary`, a cubin and the
// `ptxas -v` resource report when ptxas is available, and manifest.json, the
// versioned contract with tile-run (docs/manifest.md). Everything is written
// into a temporary sibling directory that is renamed into place only when the
// whole artifact is complete.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Analysis/Report.h"
#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Codegen/KernelPlan.h"
#include "TileOpt/Transforms/Artifact.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Version.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_EXPORTARTIFACTPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;
namespace fs = llvm::sys::fs;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// ptxas
//===----------------------------------------------------------------------===//

std::optional<PtxasResources> mlir::tileopt::parsePtxasReport(StringRef report,
                                                           StringRef kernel) {
  // ptxas -v prints, per entry:
  //   ptxas info    : Compiling entry function 'k' for 'sm_90'
  //   ptxas info    : Function properties for k
  //       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  //   ptxas info    : Used 30 registers, used 1 barriers, 2048 bytes smem,
  //                   380 bytes cmem[0]
  SmallVector<StringRef> lines;
  report.split(lines, '\n');
  bool inKernel = false;
  PtxasResources r;
  bool found = false;
  llvm::Regex number("([0-9]+) (bytes stack frame|bytes spill stores|bytes "
                     "spill loads|registers|barriers|bytes smem|bytes "
                     "cmem\\[0\\])");
  for (StringRef line : lines) {
    if (line.contains("Compiling entry function") ||
        line.contains("Function properties for")) {
      inKernel = line.contains(("'" + kernel + "'").str()) ||
                 line.trim().ends_with((" " + kernel).str());
      continue;
    }
    if (!inKernel)
      continue;
    StringRef rest = line;
    SmallVector<StringRef> m;
    while (number.match(rest, &m)) {
      int64_t v = 0;
      m[1].getAsInteger(10, v);
      StringRef what = m[2];
      if (what == "registers") {
        r.registers = v;
        found = true;
      } else if (what == "barriers")
        r.barriers = v;
      else if (what == "bytes smem")
        r.sharedBytes = v;
      else if (what == "bytes cmem[0]")
        r.constBytes = v;
      else if (what == "bytes stack frame")
        r.stackBytes = v;
      else if (what == "bytes spill stores")
        r.spillStoreBytes = v;
      else if (what == "bytes spill loads")
        r.spillLoadBytes = v;
      rest = rest.substr(rest.find(m[0]) + m[0].size());
    }
  }
  if (!found)
    return std::nullopt;
  return r;
}

FailureOr<std::string> mlir::tileopt::resolvePtxas(StringRef option) {
  if (option == "none")
    return std::string();
  if (option == "auto") {
    if (StringRef(TILEOPT_DEFAULT_PTXAS).size() &&
        fs::can_execute(TILEOPT_DEFAULT_PTXAS))
      return std::string(TILEOPT_DEFAULT_PTXAS);
    if (auto p = llvm::sys::findProgramByName("ptxas", {"/usr/local/cuda/bin"}))
      return *p;
    if (auto p = llvm::sys::findProgramByName("ptxas"))
      return *p;
    return std::string();
  }
  if (!fs::can_execute(option))
    return failure();
  return option.str();
}

/// Runs `ptxas -arch=<chip> -v` on `ptxPath`, writing `cubinPath`. Returns
/// the combined output, or an error message.
static FailureOr<std::string> runPtxas(StringRef ptxas, StringRef chip,
                                       StringRef ptxPath, StringRef cubinPath,
                                       std::string &error) {
  SmallString<128> logPath;
  if (fs::createTemporaryFile("tile-ptxas", "log", logPath)) {
    error = "cannot create a temporary file for the ptxas log";
    return failure();
  }
  std::string arch = ("-arch=" + chip).str();
  SmallVector<StringRef> args = {ptxas, arch,      "-v",    "-O3",
                                 "-o",  cubinPath, ptxPath};
  std::optional<StringRef> redirects[] = {std::nullopt, logPath.str(),
                                          logPath.str()};
  std::string execError;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, /*Env=*/std::nullopt,
                                     redirects, /*SecondsToWait=*/0,
                                     /*MemoryLimit=*/0, &execError);
  std::string log;
  if (auto buf = llvm::MemoryBuffer::getFile(logPath))
    log = (*buf)->getBuffer().str();
  fs::remove(logPath);
  if (rc != 0) {
    error = "ptxas failed (" +
            (execError.empty() ? "exit code " + std::to_string(rc)
                               : execError) +
            "):\n" + log;
    return failure();
  }
  return log;
}

//===----------------------------------------------------------------------===//
// Manifest
//===----------------------------------------------------------------------===//

/// Everything the manifest says about one kernel.
struct KernelRecord {
  std::string name;
  /// The function the matmul was in (the kernel's name is a PTX identifier
  /// derived from it).
  std::string function;
  std::string chip, features;
  std::string ptx;
  MatmulProblem problem;
  ConfigAttr config;
  int64_t grid[3], block[3];
  int64_t dynamicSharedBytes = 0;
  std::optional<PtxasResources> resources;
  bool hasCubin = false;
};

/// `problem.epilogue`: the fused epilogue's program (docs/manifest.md),
/// null without one.
static json::Value epilogueToJson(const MatmulProblem &p) {
  if (!p.epilogue)
    return nullptr;
  const FusedEpilogue &e = *p.epilogue;
  json::Array inputs, steps;
  for (auto [i, in] : llvm::enumerate(e.inputs))
    inputs.push_back(json::Object{{"name", getEpilogueInputName(i)},
                                  {"index", stringifyEpilogueIndex(in.index)},
                                  {"element_type", getTypeName(in.elementType)}});
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

static json::Value kernelToJson(const KernelRecord &k) {
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
  // with registers = b: A reaches the tensor cores truncated.
  json::Object &problem = *kernel.getObject("problem");
  if (p.batch)
    problem["batch"] = p.batch;
  if (p.broadcastA)
    problem["broadcast_a"] = true;
  if (p.broadcastB)
    problem["broadcast_b"] = true;
  if (k.config.isBInRegisters())
    problem["tf32_truncated"] = json::Array{"A"};
  return kernel;
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// Returns the constant value of `v`, or nullopt.
static std::optional<int64_t> getConstant(Value v) {
  APInt value;
  if (v && matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

namespace {
struct ExportArtifactPass
    : public tileopt::impl::ExportArtifactPassBase<ExportArtifactPass> {
  using Base::Base;

  /// Fills `record` from `launch`, or emits an error at it.
  LogicalResult describe(gpu::LaunchFuncOp launch, KernelRecord &record) {
    ModuleOp module = getOperation();
    std::optional<MatmulProblem> problem = MatmulProblem::fromAttr(
        launch->getAttrOfType<DictionaryAttr>(kProblemAttrName));
    auto config = launch->getAttrOfType<ConfigAttr>(kConfigAttrName);
    if (!problem || !config)
      return launch.emitOpError()
             << "lacks valid tile.problem/tile.config attributes";
    record.name = launch.getKernelName().getValue().str();
    if (auto func = launch->getParentOfType<FunctionOpInterface>())
      record.function = func.getName().str();
    record.problem = *problem;
    record.config = config;

    auto binary = module.lookupSymbol<gpu::BinaryOp>(launch.getKernelModuleName());
    if (!binary)
      return launch.emitOpError()
             << "refers to kernel module '" << launch.getKernelModuleName().getValue()
             << "', which is not a gpu.binary (run gpu-module-to-binary "
                "with format=isa first)";
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      auto target = object ? dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget())
                           : NVVM::NVVMTargetAttr();
      if (!target)
        continue;
      if (object.getFormat() != gpu::CompilationTarget::Assembly)
        return binary.emitOpError()
               << "holds a " << stringifyCompilationTarget(object.getFormat())
               << " object; the artifact needs PTX (gpu-module-to-binary "
                  "format=isa)";
      record.chip = target.getChip().str();
      record.features = target.getFeatures().str();
      record.ptx = object.getObject().getValue().str();
    }
    if (record.ptx.empty())
      return binary.emitOpError() << "has no NVVM PTX object";

    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    Value dims[6] = {grid.x, grid.y, grid.z, block.x, block.y, block.z};
    for (int i = 0; i < 6; ++i) {
      std::optional<int64_t> c = getConstant(dims[i]);
      if (!c)
        return launch.emitOpError()
               << "has a non-constant launch dimension; the artifact needs "
                  "static grid and block sizes";
      (i < 3 ? record.grid[i] : record.block[i - 3]) = *c;
    }
    if (Value smem = launch.getDynamicSharedMemorySize()) {
      std::optional<int64_t> c = getConstant(smem);
      if (!c)
        return launch.emitOpError()
               << "has a non-constant dynamic shared memory size";
      record.dynamicSharedBytes = *c;
    }

    // The ABI: A, B, C as bare pointers, in this order; with copy = tma,
    // A's (and B's) tensor map in its place.
    ValueRange operands = launch.getKernelOperands();
    SmallVector<KernelArgument, 5> expected =
        getKernelArguments(config, *problem, record.chip);
    bool ok = operands.size() == expected.size();
    for (auto [operand, arg] : llvm::zip(operands, expected)) {
      if (arg.tensorMap) {
        auto map = dyn_cast<nvgpu::TensorMapDescriptorType>(operand.getType());
        ok &= map && map.getTensor().getShape() ==
                         ArrayRef<int64_t>(problem->getBoxShape(
                             arg.name, arg.boxRows, arg.boxCols));
      } else {
        auto type = dyn_cast<MemRefType>(operand.getType());
        // (An epilogue's vector is 1-D: one row or column.)
        ok &= type &&
              (arg.workspaceBytes
                   ? type.getShape() == ArrayRef<int64_t>{arg.workspaceBytes}
               : arg.epilogueInput >= 0 && type.getRank() == 1
                   ? type.getDimSize(0) == arg.rows * arg.cols &&
                         (arg.rows == 1 || arg.cols == 1)
                   : type.getShape() ==
                         ArrayRef<int64_t>(problem->getBufferShape(
                             arg.name, arg.rows, arg.cols)));
      }
    }
    if (ok)
      return success();
    if (config.getCopyKind() != CopyKind::Tma && !problem->epilogue)
      return launch.emitOpError()
             << "does not take (A, B, C) buffers of shapes " << problem->m
             << "x" << problem->k << ", " << problem->k << "x" << problem->n
             << ", " << problem->m << "x" << problem->n;
    InFlightDiagnostic diag = launch.emitOpError() << "does not take (";
    llvm::interleaveComma(expected, diag, [&](const KernelArgument &arg) {
      if (arg.tensorMap)
        diag << "tensor map of " << arg.name
             << (arg.rowGroups ? " (rows of 4) with box "
                 : arg.packed  ? " (its copy in the workspace) with box "
                               : " with box ")
             << arg.boxRows << "x" << arg.boxCols;
      else if (arg.workspaceBytes)
        diag << "a workspace of " << arg.workspaceBytes << " bytes";
      else
        diag << "buffer " << arg.name << " of shape " << arg.rows << "x"
             << arg.cols;
    });
    return diag << ")";
  }

  /// Writes the artifact files into `dir`.
  LogicalResult writeFiles(StringRef dir, MutableArrayRef<KernelRecord> kernels,
                           StringRef ptxasPath,
                           ArrayRef<gpu::LaunchFuncOp> launches) {
    ModuleOp module = getOperation();
    for (size_t i = 0; i < kernels.size(); ++i) {
      KernelRecord &record = kernels[i];
      gpu::LaunchFuncOp launch = launches[i];
      SmallString<256> ptxPath(dir), cubinPath(dir);
      llvm::sys::path::append(ptxPath, record.name + ".ptx");
      llvm::sys::path::append(cubinPath, record.name + ".cubin");
      std::error_code ec;
      {
        llvm::raw_fd_ostream os(ptxPath, ec);
        if (!ec) {
          os << record.ptx;
          os.close();
          ec = os.error();
        }
      }
      if (ec)
        return mlir::emitError(module.getLoc())
               << "cannot write '" << ptxPath << "': " << ec.message();
      if (ptxasPath.empty())
        continue;
      std::string error;
      FailureOr<std::string> log =
          runPtxas(ptxasPath, record.chip, ptxPath, cubinPath, error);
      if (failed(log))
        return launch.emitOpError() << error;
      record.hasCubin = true;
      record.resources = parsePtxasReport(*log, record.name);
      if (!record.resources)
        return launch.emitOpError()
               << "could not read the ptxas resource report:\n"
               << *log;
    }

    json::Array kernelArray;
    for (const KernelRecord &k : kernels)
      kernelArray.push_back(kernelToJson(k));
    json::Object manifest{
        {"schema", "tile-opt-kernel-manifest"},
        {"version", kManifestVersion},
        {"generator", json::Object{{"tool", "tile-opt"},
                                   {"version", TILEOPT_VERSION},
                                   {"mlir", TILEOPT_MLIR_VERSION},
                                   {"ptxas", ptxasPath.empty()
                                                 ? json::Value(nullptr)
                                                 : json::Value(ptxasPath)}}},
        {"kernels", std::move(kernelArray)},
    };
    SmallString<256> manifestPath(dir);
    llvm::sys::path::append(manifestPath, "manifest.json");
    std::error_code ec;
    llvm::raw_fd_ostream os(manifestPath, ec);
    if (!ec) {
      os << llvm::formatv("{0:2}", json::Value(std::move(manifest))) << "\n";
      os.close();
      ec = os.error();
    }
    if (ec)
      return mlir::emitError(module.getLoc())
             << "cannot write '" << manifestPath << "': " << ec.message();
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (artifactDir.empty()) {
      mlir::emitError(module.getLoc())
          << "--tile-export-artifact needs artifact-dir=DIR";
      return signalPassFailure();
    }
    FailureOr<std::string> ptxasPath = resolvePtxas(ptxas);
    if (failed(ptxasPath)) {
      mlir::emitError(module.getLoc())
          << "ptxas '" << ptxas << "' is not executable";
      return signalPassFailure();
    }

    SmallVector<gpu::LaunchFuncOp> launches;
    module.walk([&](gpu::LaunchFuncOp launch) {
      if (launch->hasAttr(kProblemAttrName))
        launches.push_back(launch);
    });
    std::vector<KernelRecord> kernels(launches.size());
    for (auto [launch, record] : llvm::zip(launches, kernels))
      if (failed(describe(launch, record)))
        return signalPassFailure();

    // Write into a staging directory beside the target, then swap it into
    // place (ArtifactDirectory.cpp says what may be replaced).
    SmallString<256> target(artifactDir);
    fs::make_absolute(target);
    llvm::sys::path::remove_dots(target, /*remove_dot_dot=*/true);
    std::string error;
    FailureOr<ArtifactStaging> staging = ArtifactStaging::create(target, error);
    if (failed(staging)) {
      mlir::emitError(module.getLoc())
          << "cannot write the artifact: " << error;
      return signalPassFailure();
    }
    if (failed(writeFiles(staging->getDir(), kernels, *ptxasPath, launches)))
      return signalPassFailure();
    if (failed(staging->commit(error))) {
      mlir::emitError(module.getLoc())
          << "cannot write the artifact: " << error;
      return signalPassFailure();
    }
    numKernels += kernels.size();
  }
};
} // namespace
