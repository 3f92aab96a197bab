#!/usr/bin/env bash
# On the GPU machine: one ncu-profiled launch (no reference) per artifact,
# with the counters the results pages quote.
#   scripts/ncu-metrics.sh TILE-RUN OUTDIR ARTIFACT...
set -uo pipefail
run="${1:?usage: ncu-metrics.sh TILE-RUN OUTDIR ARTIFACT...}"
out="${2:?}"
shift 2
mkdir -p "$out"
metrics=gpu__time_duration.sum,sm__cycles_active.avg.pct_of_peak_sustained_elapsed,sm__inst_issued.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio
for a in "$@"; do
  ncu --metrics "$metrics" "$run" "$a" --no-reference > "$out/ncu-$(basename "$a").txt" 2>&1
done
