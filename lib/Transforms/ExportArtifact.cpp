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
#include "TileOpt/Transforms/ManifestJson.h"
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
        SmallVector<int64_t, 3> shape =
            problem->getBufferShape(arg.name, arg.rows, arg.cols);
        // (An epilogue's vector has no unit dimension: a row or column.)
        if (arg.epilogueInput >= 0)
          if (EpilogueIndex index =
                  problem->epilogue->inputs[arg.epilogueInput].index;
              index != EpilogueIndex::MN)
            shape.erase(shape.end() - (index == EpilogueIndex::N ? 2 : 1));
        ok &= type &&
              (arg.workspaceBytes
                   ? type.getShape() == ArrayRef<int64_t>{arg.workspaceBytes}
                   : type.getShape() == ArrayRef<int64_t>(shape));
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
