//===- tile-run.cpp - Run, check and time a tile-opt kernel artifact -----===//
//
//   tile-run DIR [--check] [--bench] [--kernel NAME] [--seed N]
//                [--warmup N] [--iters N] [--no-reference] [--device N]
//                [--json FILE] [--input A|B|C=FILE.npy]... [--output FILE.npy]
//                [--version] [--help]
//
// Loads DIR/manifest.json, runs each kernel on the GPU, checks it against
// cuBLAS (FP32, TF32 off) and an FP64 reference, and with --bench times it
// beside cuBLAS SGEMM. See docs/runtime.md.
//
//===----------------------------------------------------------------------===//
#include "Runner.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <new>
#include <string>

using namespace tilerun;

/// The command line, parsed by CLI11 (`--opt value` or `--opt=value`;
/// --help is generated from it).
static int run(int argc, char **argv);

int main(int argc, char **argv) {
  // Nothing escapes main: an exception is a tile-run error, not an abort.
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc &) {
    std::fprintf(stderr, "tile-run: error: out of host memory\n");
  } catch (const std::exception &e) {
    std::fprintf(stderr, "tile-run: error: %s\n", e.what());
  }
  return kExitUsage;
}

static int run(int argc, char **argv) {
  RunOptions opt;
  bool checkGiven = false, benchGiven = false, noReference = false;
  CLI::App app{"Runs the kernels of the tile-opt artifact in DIR "
               "(DIR/manifest.json), checks them against cuBLAS and an FP64 "
               "reference and times them beside cuBLAS (docs/runtime.md).",
               "tile-run"};
  app.add_option("DIR", opt.dir, "the artifact directory")->required();
  app.add_flag("--check", checkGiven,
               "check against cuBLAS and FP64 (the default when --bench is "
               "not given)");
  app.add_flag("--bench", benchGiven,
               "time the kernel and cuBLAS (CUDA events)");
  app.add_option("--kernel", opt.kernel, "run only this kernel");
  app.add_option("--seed", opt.seed, "seed of the input generator")
      ->capture_default_str();
  app.add_option("--warmup", opt.warmup, "untimed runs before timing")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  app.add_option("--iters", opt.iters,
                 "timed runs (fewer than 100 is not a benchmark)")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_flag("--no-reference", noReference,
               "no cuBLAS at all: check only that every element of C was "
               "written (for ncu and compute-sanitizer runs)");
  app.add_option("--device", opt.device, "GPU ordinal")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  app.add_option("--json", opt.jsonPath,
                 "also write every figure as JSON to this file");
  app.add_option("--input", opt.inputs,
                 "A=FILE, B=FILE or C=FILE (C += A * B only): run on this "
                 ".npy matrix instead of a random one (repeatable)");
  app.add_option("--output", opt.outputPath,
                 "write C after the check run to this .npy file");
  app.set_version_flag("--version", "tile-run " TILERUN_VERSION);
  app.footer("exit codes: 0 pass, 1 check failed, 2 bad usage or artifact, "
             "3 CUDA error, 77 no CUDA driver or GPU");
  app.failure_message([](const CLI::App *, const CLI::Error &e) {
    return "tile-run: error: " + std::string(e.what()) +
           "\nusage: tile-run [OPTIONS] DIR (--help lists the options)\n";
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    // --help and --version exit 0, a usage error exits kExitUsage.
    return app.exit(e) == 0 ? kExitPass : kExitUsage;
  }
  opt.reference = !noReference;
  opt.bench = benchGiven;
  // --output writes the check run's C.
  opt.check = checkGiven || !benchGiven || !opt.outputPath.empty();
  return runArtifact(opt);
}
