//===- tile-opt.cpp - The tile-opt driver --------------------------------===//
//
// An mlir-opt-style driver: every upstream dialect, pass and extension, the
// LLVM IR translations that gpu-module-to-binary needs, and tile-opt's own
// dialect, passes and pipelines.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/InitTileOpt.h"
#include "TileOpt/Version.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>
#include <vector>

/// The `key=value` options of a pass or pipeline option string, split at
/// spaces outside braces and quotes (as MLIR's option parser splits them).
static std::vector<std::string> splitOptions(llvm::StringRef options) {
  std::vector<std::string> parts;
  std::string current;
  int depth = 0;
  char quote = 0;
  for (char c : options) {
    if (quote) {
      quote = c == quote ? 0 : quote;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      --depth;
    } else if (c == ' ' && depth == 0) {
      if (!current.empty())
        parts.push_back(current);
      current.clear();
      continue;
    }
    current.push_back(c);
  }
  if (!current.empty())
    parts.push_back(current);
  return parts;
}

/// Checks the options of every `--tile-*=...` flag before MlirOptMain parses
/// them: a key given twice is an error (MLIR's parser would keep the last),
/// and the parser's own complaints (an unknown key, a bad value), which it
/// prints without a severity, come out as errors. Returns false after
/// printing the first problem.
static bool checkTileOptions(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (!arg.consume_front("--") && !arg.consume_front("-"))
      continue;
    auto [name, options] = arg.split('=');
    if (!name.starts_with("tile-") || !arg.contains('='))
      continue;
    const mlir::PassRegistryEntry *entry = mlir::PassPipelineInfo::lookup(name);
    if (!entry)
      entry = mlir::PassInfo::lookup(name);
    if (!entry)
      continue;
    std::vector<std::string> seen;
    for (const std::string &option : splitOptions(options)) {
      std::string key = llvm::StringRef(option).split('=').first.str();
      if (llvm::is_contained(seen, key)) {
        llvm::errs() << "tile-opt: error: option '" << key
                     << "' is given twice in --" << name << "\n";
        return false;
      }
      seen.push_back(key);
    }
    // Parse them once with the parser's stderr captured.
    llvm::SmallString<128> log;
    int logFd;
    if (llvm::sys::fs::createTemporaryFile("tile-opt-options", "log", logFd,
                                           log))
      continue;
    llvm::errs().flush();
    int savedErr = dup(2);
    dup2(logFd, 2);
    mlir::OpPassManager scratch(mlir::ModuleOp::getOperationName());
    std::string handlerMessage;
    bool ok = mlir::succeeded(
        entry->addToPipeline(scratch, options, [&](const llvm::Twine &msg) {
          handlerMessage = msg.str();
          return mlir::failure();
        }));
    llvm::errs().flush();
    dup2(savedErr, 2);
    close(savedErr);
    close(logFd);
    std::string message = handlerMessage;
    if (auto buffer = llvm::MemoryBuffer::getFile(log))
      if (!(*buffer)->getBuffer().trim().empty())
        message = (*buffer)->getBuffer().trim().str();
    llvm::sys::fs::remove(log);
    if (ok)
      continue;
    llvm::StringRef text(message);
    text.consume_front("tile-opt: ");
    text.consume_front("<Pass-Options-Parser>: ");
    text.consume_front(": ");
    llvm::errs() << "tile-opt: error: invalid options for --" << name << ": "
                 << text << "\n";
    return false;
  }
  return true;
}

/// What `tile-opt --help` opens with.
static const char kOverview[] =
    "tile-opt: linalg.matmul to tiled NVIDIA GPU kernels\n"
    "\n"
    "Start here:\n"
    "  tile-opt in.mlir --tile-gpu-pipeline=\"chip=sm_90a artifact-dir=out\" "
    "-o /dev/null\n"
    "      compiles every matmul with the default config for its shape and "
    "chip;\n"
    "      out/ holds manifest.json, the PTX and the cubin, for tile-run\n"
    "  tile-opt in.mlir --tile-configure=chip=sm_90a "
    "--tile-report=chip=sm_90a -o /dev/null\n"
    "      prints the config's tiling report (reuse, intensity, resources,\n"
    "      occupancy, waves) on standard error\n"
    "  config='#tile.config<...>' in place of the default sets every "
    "decision:\n"
    "      docs/dialect.md; the passes one by one: docs/passes.md\n";

namespace mlir::tileopt {
/// The test passes (test/lib).
void registerTestParts();
} // namespace mlir::tileopt

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tileopt::registerTestParts();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::tileopt::registerTileOpt(registry);

  if (!checkTileOptions(argc, argv))
    return 1;

  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "tile-opt " << TILEOPT_VERSION << " (MLIR " << TILEOPT_MLIR_VERSION
       << ")\n";
  });
  // Diagnostics name the op by its location; printing the op as well (on by
  // default in mlir-opt) would print a whole module, PTX included, for an
  // error at it. A later --mlir-print-op-on-diagnostic on the command line
  // still wins.
  std::vector<char *> args(argv, argv + argc);
  static char quiet[] = "--mlir-print-op-on-diagnostic=false";
  args.insert(args.begin() + 1, quiet);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(static_cast<int>(args.size()), args.data(),
                        kOverview, registry));
}
