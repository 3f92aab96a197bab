"""Collecting a sweep into one table (results.json and results.csv)."""

from __future__ import annotations

import csv
import json
import os

from . import sass

COLUMNS = [
    "name", "shape", "m", "n", "k", "config", "tile", "line", "x", "options",
    "status",
    "diagnostic", "precision", "check_pass", "max_abs_err", "median_abs_err",
    "err_rel", "not_written", "cublas_fp32_max_err", "cublas_fp32_median_err",
    "cublas_tf32_max_err", "cublas_tf32_median_err", "cublas_tf32_gflops",
    "median_ms", "gflops", "cublas_ms", "cublas_gflops", "cublaslt_timed",
    "ratio", "fp32_peak_gflops", "peak_fraction", "peak_instruction",
    "element_type", "registers", "shared_bytes", "spill_bytes", "threads",
    "model_occupancy", "binding_limit", "blocks_per_sm", "waves",
    "wave_efficiency", "useful_flops", "executed_flops", "kstep_flop_per_byte",
    "kernel_flop_per_byte", "model_global_bytes", "ffma_bank_extra_per_ffma",
    "achieved_occupancy_pct",
    "dram_read_bytes", "dram_write_bytes", "smem_ld_bank_conflicts",
    "smem_st_bank_conflicts", "stall_long_scoreboard_pct", "stall_barrier_pct",
    "stall_mio_throttle_pct", "stall_short_scoreboard_pct", "violations",
]


def _load(path, default=None):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, json.JSONDecodeError):
        return default


def fastest_reference(bench: dict) -> dict:
    """The baseline a benchmark's ratio_to_cublas is against: cuBLAS TF32
    where tile-run named it (precision tf32), else the faster of its
    cuBLAS timings (cublasGemmEx or SGEMM, and cuBLASLt's fastest
    algorithm, null where it had none)."""
    if bench.get("reference", "").endswith("(TF32)") and bench.get("cublas_tf32"):
        return bench["cublas_tf32"]
    timings = [bench[key] for key in ("cublas", "cublaslt") if bench.get(key)]
    return max(timings, key=lambda t: t["gflops"], default={})


def row_from_run(job: dict, run_json: dict | None, manifest: dict | None,
                 status: str, diagnostic: str = "",
                 ncu: dict | None = None) -> dict:
    """One table row from a job, its tile-run JSON and its manifest."""
    row = {c: None for c in COLUMNS}
    row.update(name=job["name"], shape=job["shape"], m=job["m"], n=job["n"],
               k=job["k"], config=job["config"], tile=job.get("tile"),
               line=job.get("line"), x=job.get("x"),
               options=job["options"], status=status,
               diagnostic=diagnostic or None)
    kernel = (manifest or {}).get("kernels", [{}])[0] if manifest else {}
    row["element_type"] = (kernel.get("problem") or {}).get("a_type")
    row["precision"] = (kernel.get("problem") or {}).get("precision")
    report = kernel.get("report") or {}
    if report:
        occ = report.get("occupancy") or {}
        waves = report.get("waves") or {}
        row.update(model_occupancy=occ.get("occupancy"),
                   binding_limit=occ.get("binding_limit"),
                   blocks_per_sm=occ.get("blocks_per_sm"),
                   waves=waves.get("waves"),
                   wave_efficiency=waves.get("efficiency"),
                   kstep_flop_per_byte=report["k_step"]["flop_per_byte"],
                   kernel_flop_per_byte=report["kernel"]["flop_per_byte"],
                   model_global_bytes=report["kernel"]["global_bytes_without_reuse"],
                   threads=report["resources"]["threads"],
                   violations="; ".join(report.get("violations", [])) or None)
        floors = report.get("floors") or {}
        if floors.get("fp32_peak_flop_per_s"):
            # The peak of the kernel's instruction tile (FP32 FMA, or the
            # tensor cores' for wgmma: `peak_instruction`).
            row["fp32_peak_gflops"] = floors["fp32_peak_flop_per_s"] / 1e9
            row["peak_instruction"] = floors.get("peak_instruction", "fma f32")
    res = kernel.get("resources")
    if res:
        row.update(registers=res["registers"], shared_bytes=res["shared_bytes"],
                   spill_bytes=res["spill_store_bytes"] + res["spill_load_bytes"])
    flops = kernel.get("flops") or {}
    row.update(useful_flops=flops.get("useful"), executed_flops=flops.get("executed"))
    result = (run_json or {}).get("results", [None])[0] if run_json else None
    if result:
        check = result.get("check") or {}
        err = check.get("kernel_vs_fp64") or {}
        fp32 = check.get("cublas_fp32_vs_fp64") or {}
        tf32 = check.get("cublas_tf32_vs_fp64") or {}
        row.update(check_pass=check.get("pass"), max_abs_err=err.get("max_abs"),
                   median_abs_err=err.get("median_abs"),
                   err_rel=err.get("max_rel_to_max_ref"),
                   not_written=err.get("not_written", check.get("not_written")),
                   cublas_fp32_max_err=fp32.get("max_abs"),
                   cublas_fp32_median_err=fp32.get("median_abs"),
                   cublas_tf32_max_err=tf32.get("max_abs"),
                   cublas_tf32_median_err=tf32.get("median_abs"))
        bench = result.get("bench") or {}
        if bench:
            row.update(median_ms=bench["kernel"]["median_ms"],
                       gflops=bench["kernel"]["gflops"])
            if "cublas" in bench:
                ref = fastest_reference(bench)
                row.update(cublas_ms=ref["median_ms"],
                           cublas_gflops=ref["gflops"],
                           cublaslt_timed=bool(bench.get("cublaslt")),
                           ratio=bench.get("ratio_to_cublas"))
            if bench.get("cublas_tf32"):
                row["cublas_tf32_gflops"] = bench["cublas_tf32"]["gflops"]
        if not res and result.get("resources"):
            r = result["resources"]
            row.update(registers=r["registers"], shared_bytes=r["shared_bytes"],
                       spill_bytes=r["spill_store_bytes"] + r["spill_load_bytes"])
    if row["gflops"] and row["fp32_peak_gflops"]:
        row["peak_fraction"] = row["gflops"] / row["fp32_peak_gflops"]
    for key, value in (ncu or {}).items():
        if key in row:
            row[key] = value
    return row


def _bank_estimate(artifact: str) -> float | None:
    """Extra register-file read cycles per FFMA of the artifact's kernel
    (`sass.summarize`), or None without a readable cubin or FFMAs."""
    try:
        summaries = list(sass.analyze(artifact).values())
    except (OSError, ValueError):
        return None
    return summaries[0]["extra_cycles_per_ffma"] if summaries else None


def collect(out: str) -> list[dict]:
    """Rows for every job of the sweep in `out`, compiled or not, run or not."""
    compiled = _load(os.path.join(out, "compile.json"), [])
    runs = {r["job"]["name"]: r for r in _load(os.path.join(out, "runs.json"), [])}
    rows = []
    for record in compiled:
        job = record["job"]
        name = job["name"]
        manifest = _load(os.path.join(out, "artifacts", name, "manifest.json"))
        run = runs.get(name, {})
        run_json = _load(os.path.join(out, "runs", f"{name}.json"))
        if record["status"] != "ok":
            status, diagnostic = "compile-failed", record.get("diagnostic", "")
        else:
            status = run.get("status", "not-run")
            diagnostic = run.get("error", "")
        row = row_from_run(job, run_json, manifest, status, diagnostic,
                           run.get("ncu"))
        row["ffma_bank_extra_per_ffma"] = _bank_estimate(
            os.path.join(out, "artifacts", name))
        rows.append(row)
    return rows


def write(rows: list[dict], out: str) -> tuple[str, str]:
    """Writes results.json and results.csv into `out`."""
    json_path = os.path.join(out, "results.json")
    csv_path = os.path.join(out, "results.csv")
    with open(json_path, "w") as f:
        json.dump(rows, f, indent=2)
        f.write("\n")
    with open(csv_path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow(row)
    return json_path, csv_path
