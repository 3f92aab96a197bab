//===- tile-run.cpp - Run, check and time a tile-opt kernel artifact -----===//
//
//   tile-run DIR [--check] [--bench] [--kernel NAME] [--seed N]
//                [--warmup N] [--iters N] [--no-reference] [--device N]
//                [--json FILE]
//
// Loads DIR/manifest.json, runs each kernel on the GPU, checks it against
// cuBLAS (FP32, TF32 off) and an FP64 reference, and with --bench times it
// beside cuBLAS SGEMM. See docs/runtime.md.
//
//===----------------------------------------------------------------------===//
#include "Runner.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <new>
#include <string>

using namespace tilerun;

static const char *kUsage =
    "usage: tile-run DIR [options]\n"
    "  Runs the kernels of the tile-opt artifact in DIR (DIR/manifest.json).\n"
    "  --check          check against cuBLAS FP32 and FP64 (default when\n"
    "                   --bench is not given)\n"
    "  --bench          time the kernel and cuBLAS SGEMM (CUDA events)\n"
    "  --kernel NAME    run only kernel NAME\n"
    "  --seed N         seed of the input generator (default 1)\n"
    "  --warmup N       untimed runs before timing (default 10)\n"
    "  --iters N        timed runs (default 100; fewer is not a benchmark)\n"
    "  --no-reference   no cuBLAS at all: check only that every element of C\n"
    "                   was written (for ncu / compute-sanitizer runs)\n"
    "  --device N       GPU ordinal (default 0)\n"
    "  --json FILE      also write every figure as JSON to FILE\n"
    "exit codes: 0 pass, 1 check failed, 2 bad usage or artifact, 3 CUDA\n"
    "error, 77 no CUDA driver or GPU\n";

static bool parseInt(const char *flag, const char *text, long long min,
                     long long max, long long &out) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(text, &end, 10);
  if (errno || !end || end == text || *end || v < min || v > max) {
    std::fprintf(stderr,
                 "tile-run: error: %s expects an integer in [%lld, "
                 "%lld], got '%s'\n",
                 flag, min, max, text);
    return false;
  }
  out = v;
  return true;
}

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
  bool checkGiven = false, benchGiven = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char *flag) -> const char * {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "tile-run: error: %s needs a value\n", flag);
        return nullptr;
      }
      return argv[++i];
    };
    long long n;
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return kExitPass;
    } else if (arg == "--check") {
      checkGiven = true;
    } else if (arg == "--bench") {
      benchGiven = true;
    } else if (arg == "--no-reference") {
      opt.reference = false;
    } else if (arg == "--kernel" || arg == "--json") {
      const char *v = value(arg.c_str());
      if (!v)
        return kExitUsage;
      (arg == "--kernel" ? opt.kernel : opt.jsonPath) = v;
    } else if (arg == "--seed" || arg == "--warmup" || arg == "--iters" ||
               arg == "--device") {
      const char *v = value(arg.c_str());
      long long max = arg == "--seed" ? std::numeric_limits<long long>::max()
                      : arg == "--device" ? 1024
                                          : 1000000;
      if (!v || !parseInt(arg.c_str(), v, arg == "--iters" ? 1 : 0, max, n))
        return kExitUsage;
      if (arg == "--seed")
        opt.seed = static_cast<uint64_t>(n);
      else if (arg == "--warmup")
        opt.warmup = static_cast<int>(n);
      else if (arg == "--iters")
        opt.iters = static_cast<int>(n);
      else
        opt.device = static_cast<int>(n);
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "tile-run: error: unknown option '%s'\n%s",
                   arg.c_str(), kUsage);
      return kExitUsage;
    } else if (opt.dir.empty()) {
      opt.dir = arg;
    } else {
      std::fprintf(stderr, "tile-run: error: more than one artifact "
                           "directory ('%s', '%s')\n",
                   opt.dir.c_str(), arg.c_str());
      return kExitUsage;
    }
  }
  if (opt.dir.empty()) {
    std::fputs(kUsage, stderr);
    return kExitUsage;
  }
  opt.bench = benchGiven;
  opt.check = checkGiven || !benchGiven;
  return runArtifact(opt);
}
