#!/usr/bin/env bash
# On the GPU machine, after scripts/gpu-run.sh built tile-run: Nsight Compute
# profiles of one launch of each named artifact (speed of light, occupancy,
# warp state with every issue-stall reason, scheduler, memory tables).
#
#   scripts/gpu-profile.sh ARTIFACTS LOGDIR NAME...
#
# Writes LOGDIR/ncu-NAME.txt per artifact. With NCU_METRICS set (a comma-
# separated metric list), collects only those metrics, at ncu's default
# (base) clock control, instead of the sections.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
artifacts="${1:?usage: gpu-profile.sh ARTIFACTS LOGDIR NAME...}"
logs="${2:?usage: gpu-profile.sh ARTIFACTS LOGDIR NAME...}"
shift 2
mkdir -p "$logs"
tile_run="$root/build-gpu/bin/tile-run"
for name in "$@"; do
  if [ -n "${NCU_METRICS:-}" ]; then
    ncu --metrics "$NCU_METRICS" "$tile_run" "$artifacts/$name" \
      --no-reference > "$logs/ncu-$name.txt" 2>&1
    echo "ncu $name: exit $?"
    continue
  fi
  ncu --clock-control none \
    --section SpeedOfLight --section Occupancy --section LaunchStats \
    --section WarpStateStats --section SchedulerStats \
    --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
    --section MemoryWorkloadAnalysis_Tables \
    --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' \
    "$tile_run" "$artifacts/$name" --no-reference > "$logs/ncu-$name.txt" 2>&1
  echo "ncu $name: exit $?"
done
