"""Nsight Compute: the metrics the report uses, how to ask for them, and how
to read `ncu --csv` output."""

from __future__ import annotations

import csv
import io

# name in the results -> ncu metric
METRICS = {
    "achieved_occupancy_pct": "sm__warps_active.avg.pct_of_peak_sustained_active",
    "dram_read_bytes": "dram__bytes_read.sum",
    "dram_write_bytes": "dram__bytes_write.sum",
    "smem_ld_bank_conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "smem_st_bank_conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "stall_long_scoreboard_pct": "smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct",
    "stall_barrier_pct": "smsp__warp_issue_stalled_barrier_per_warp_active.pct",
    "stall_mio_throttle_pct": "smsp__warp_issue_stalled_mio_throttle_per_warp_active.pct",
    "stall_short_scoreboard_pct": "smsp__warp_issue_stalled_short_scoreboard_per_warp_active.pct",
    "duration_ns": "gpu__time_duration.sum",
}

UNIT_SCALE = {
    "byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9,
    "nsecond": 1, "usecond": 1e3, "msecond": 1e6, "second": 1e9,
}


def command(tile_run: str, artifact: str, ncu: str = "ncu") -> list[str]:
    """ncu over one launch of the artifact's kernels (no references)."""
    return [ncu, "--csv", "--clock-control", "none",
            "--metrics", ",".join(METRICS.values()),
            tile_run, artifact, "--no-reference"]


def _number(text: str) -> float | None:
    text = text.strip().replace(",", "")
    if not text or text.lower() in ("n/a", "nan"):
        return None
    try:
        return float(text)
    except ValueError:
        return None


def parse(text: str, kernel: str | None = None) -> dict[str, float]:
    """Reads `ncu --csv` output (one row per metric) into {result name:
    value}, bytes and nanoseconds in base units. Lines before the CSV header
    (ncu's ==PROF== log, the program's own output) are skipped. With several
    launches of the kernel, the last one counts."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines)
                  if line.startswith('"ID"')), None)
    if start is None:
        raise ValueError("no ncu CSV header (\"ID\",...) in the output")
    by_metric = {v: k for k, v in METRICS.items()}
    values: dict[str, float] = {}
    for row in csv.DictReader(io.StringIO("\n".join(lines[start:]))):
        if kernel and kernel not in row.get("Kernel Name", ""):
            continue
        name = by_metric.get(row.get("Metric Name", ""))
        value = _number(row.get("Metric Value", ""))
        if name is None or value is None:
            continue
        values[name] = value * UNIT_SCALE.get(row.get("Metric Unit", "").strip(), 1)
    return values
