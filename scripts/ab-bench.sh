#!/usr/bin/env bash
# On the GPU machine: alternating benchmarks of artifacts, ROUNDS rounds of
# each in turn (ITERS timed launches each), to compare kernels measured
# under the same conditions; prints kernel and cuBLAS medians per run.
# AB_SLEEP (seconds, default 0) idles the GPU before each run, so that each
# starts from the same power state.
#   scripts/ab-bench.sh TILE-RUN ROUNDS ITERS ARTIFACT...
set -uo pipefail
run="${1:?usage: ab-bench.sh TILE-RUN ROUNDS ITERS ARTIFACT...}"
rounds="${2:?}"
iters="${3:?}"
shift 3
for ((i = 1; i <= rounds; ++i)); do
  for a in "$@"; do
    sleep "${AB_SLEEP:-0}"
    "$run" "$a" --bench --iters "$iters" 2>&1 |
      awk -v a="$(basename "$a")" -v i="$i" '
        $1 == "kernel" && $2 ~ /^[0-9.]+$/ { k = $2 }
        $1 == "cuBLAS" && $2 ~ /^[0-9.]+$/ { c = $2 }
        $1 == "cuBLAS" && $2 == "TF32" && $3 ~ /^[0-9.]+$/ { t = $3 }
        # tf32 kernels are compared with cuBLAS TF32 (no line follows);
        # tf32x3 with SGEMM (the line after it).
        /cuBLAS TF32 throughput:/ { r = $6; sub(/;$/, "", r); tf = 1; next }
        /throughput:/ { r = $NF; tf = 0 }
        END {
          if (tf) c = t " (TF32)"
          printf "round %d %-12s kernel %s ms  cuBLAS %s ms  %s\n", i, a, k, c, r
        }'
  done
done
