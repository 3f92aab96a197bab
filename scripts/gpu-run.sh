#!/usr/bin/env bash
# On the GPU machine (CUDA, CMake, ninja; no MLIR): builds tile-run alone and
# runs the GPU tests (check, benchmark, compute-sanitizer memcheck) over the
# artifacts compiled here by scripts/gpu-artifacts.sh.
#
#   scripts/gpu-run.sh ARTIFACTS [LOGDIR] [SANITIZE-REGEX]
#
# Logs and JSON results go to LOGDIR (default ./gpu-logs). compute-sanitizer
# (memcheck, racecheck, synccheck) runs on the artifacts whose name matches
# SANITIZE-REGEX (default: all).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
artifacts="$(cd "${1:?usage: gpu-run.sh ARTIFACTS [LOGDIR]}" && pwd)"
logs="${2:-$root/gpu-logs}"
mkdir -p "$logs"
build="$root/build-gpu"
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DTILEOPT_ENABLE_COMPILER=OFF -DTILEOPT_ENABLE_RUNTIME=ON \
    -DTILEOPT_GPU_ARTIFACTS="$artifacts" -DTILEOPT_GPU_SANITIZE="${3:-.*}" >/dev/null &&
  ninja -C "$build" tile-run
} 2>&1 | tee "$logs/build.log"
ctest --test-dir "$build" -L gpu -V > "$logs/ctest.log" 2>&1
grep -E "Test +#|tests passed|tests failed" "$logs/ctest.log"
tar -C "$build/gpu-results" -czf "$logs/gpu-results.tar.gz" . 2>/dev/null || true
PYTHONPATH="$root/python" python3 -m tileopt summarize "$build"/gpu-results/*.bench.json | tee "$logs/summary.txt"
