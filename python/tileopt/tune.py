"""Tuning files (docs/tuning.md) from a sweep's measurements.

A sweep compiles candidate configs with tile-opt (`sweep --compile`, where
MLIR is) and runs them with tile-run (`sweep --run`, on the GPU); `tune`
then picks, per problem and chip, the fastest candidate that passed its
check, and writes the tuning file that `tile-opt ...
--tile-gpu-pipeline=tuning-file=FILE` reads. Candidates that did not
compile, were not run or failed their check are never picked.
"""

from __future__ import annotations

import json
import os

from . import results

VERSION = 1


def _kernel(out_dir: str, name: str) -> dict | None:
    path = os.path.join(out_dir, "artifacts", name, "manifest.json")
    try:
        with open(path) as f:
            kernels = json.load(f).get("kernels") or []
    except (OSError, ValueError):
        return None
    return kernels[0] if len(kernels) == 1 else None


def winners(out_dir: str, rows: list[dict] | None = None) -> list[dict]:
    """The fastest checked candidate per problem, chip and precision (a
    TF32 kernel never stands in for an IEEE one: tile-opt takes an entry
    only for the precision asked), as tuning-file entries with the
    candidate's name, TFLOP/s and ratio to cuBLAS beside them (`job`,
    `tflops`, `ratio`: not read by tile-opt)."""
    rows = results.collect(out_dir) if rows is None else rows
    best: dict[tuple, tuple[float, dict]] = {}
    for row in rows:
        if row["status"] != "ok" or row.get("check_pass") is not True \
                or not row.get("gflops"):
            continue
        kernel = _kernel(out_dir, row["name"])
        if not kernel:
            continue
        problem, config = kernel["problem"], kernel.get("config") or {}
        if not config.get("attribute"):
            continue
        entry = {"chip": kernel["target"]["chip"], "m": problem["m"],
                 "n": problem["n"], "k": problem["k"],
                 "type": problem["a_type"], "c_type": problem["c_type"],
                 "accumulate": problem["accumulate"],
                 "config": config["attribute"], "job": row["name"],
                 "tflops": round(row["gflops"] / 1000, 3),
                 "ratio": row.get("ratio")}
        key = tuple(entry[k] for k in ("chip", "m", "n", "k", "type",
                                       "c_type", "accumulate")) + \
            (problem.get("precision", "ieee"),)
        if key not in best or row["gflops"] > best[key][0]:
            best[key] = (row["gflops"], entry)
    return [entry for _, entry in best.values()]


def write(out_dir: str, path: str) -> list[dict]:
    """Writes the tuning file of the sweep in `out_dir` to `path`; returns
    its entries."""
    entries = winners(out_dir)
    with open(path, "w") as f:
        json.dump({"version": VERSION, "entries": entries}, f, indent=2)
        f.write("\n")
    return entries
