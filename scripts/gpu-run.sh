#!/usr/bin/env bash
# On the GPU machine (CUDA, CMake, ninja; no MLIR): builds tile-run alone and
# runs the GPU tests (check, benchmark, compute-sanitizer memcheck) over the
# artifacts compiled here by scripts/gpu-artifacts.sh.
#
#   scripts/gpu-run.sh ARTIFACTS [LOGDIR] [SANITIZE-REGEX]
#
# Logs and JSON results go to LOGDIR (default ./gpu-logs), with the SM clock
# and power sampled during the tests (clocks.csv, clocks.txt). compute-sanitizer
# (memcheck, racecheck, synccheck) runs on the artifacts whose name matches
# SANITIZE-REGEX (default: all).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
artifacts="$(cd "${1:?usage: gpu-run.sh ARTIFACTS [LOGDIR]}" && pwd)"
logs="${2:-$root/gpu-logs}"
mkdir -p "$logs"
build="$root/build-gpu"
# CLI11's and nlohmann/json's headers from a carried copy where the image
# has no package (scripts/gpu-headers.sh).
headers=()
[ -d "$root/third-party/CLI" ] && headers=(-DTILEOPT_THIRD_PARTY_HEADERS="$root/third-party")
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DTILEOPT_ENABLE_COMPILER=OFF -DTILEOPT_ENABLE_RUNTIME=ON \
    -DTILEOPT_GPU_ARTIFACTS="$artifacts" -DTILEOPT_GPU_SANITIZE="${3:-.*}" \
    "${headers[@]}" >/dev/null &&
  ninja -C "$build" tile-run
} 2>&1 | tee "$logs/build.log"
# The SM clock and board power every 200 ms while the tests run (the
# tensor-core kernels' results are read against them), summarised below.
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu \
  --format=csv,noheader,nounits -lms 200 > "$logs/clocks.csv" 2>/dev/null &
sampler=$!
ctest --test-dir "$build" -L gpu -V > "$logs/ctest.log" 2>&1
kill "$sampler" 2>/dev/null
wait "$sampler" 2>/dev/null
grep -E "Test +#|tests passed|tests failed" "$logs/ctest.log"
python3 - "$logs/clocks.csv" <<'PY' | tee "$logs/clocks.txt"
import statistics, sys
rows = []
for line in open(sys.argv[1]):
    parts = [p.strip() for p in line.split(",")]
    try:
        rows.append((float(parts[1]), float(parts[2]), float(parts[3])))
    except (IndexError, ValueError):
        pass
if rows:
    clocks, power, temp = zip(*rows)
    busy = [r for r in rows if r[1] > 150] or rows  # samples under load
    print(f"clocks during the tests ({len(rows)} samples, {len(busy)} over "
          f"150 W): SM {min(c for c, _, _ in busy):.0f}-{max(c for c, _, _ in busy):.0f} MHz "
          f"(median {statistics.median(c for c, _, _ in busy):.0f}), power max "
          f"{max(power):.0f} W, temperature max {max(temp):.0f} C")
else:
    print("clocks during the tests: no samples (nvidia-smi not available)")
PY
tar -C "$build/gpu-results" -czf "$logs/gpu-results.tar.gz" . 2>/dev/null || true
PYTHONPATH="$root/python" python3 -m tileopt summarize "$build"/gpu-results/*.bench.json | tee "$logs/summary.txt"
