"""Compiling and running a sweep; both halves resumable.

Layout of a sweep directory:

    inputs/<shape>.mlir       the matmul of each shape (tensor form)
    artifacts/<job>/          tile-opt's kernel artifact of each job
    artifacts/<job>.job.json  the job it was compiled for (resume check)
    compile.json              per job: ok / failed, tile-opt's diagnostic
    runs/<job>.json           tile-run --json output
    runs/<job>.log            tile-run's table and errors
    ncu/<job>.csv             ncu --csv output (with --ncu)
    runs.json                 per job: exit code, ncu metrics
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

from . import ncu as ncu_tool
from .mlir import epilogue_ops, matmul_module
from .spec import Job



def _write_json(path: str, value) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(value, f, indent=2)
        f.write("\n")
    os.replace(tmp, path)


def _load_json(path: str, default):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, json.JSONDecodeError):
        return default


def _progress(done: int, total: int, text: str) -> None:
    print(f"[{done}/{total}] {text}", file=sys.stderr, flush=True)


def compile_one(job: Job, out: str, tile_opt: str, force: bool = False) -> dict:
    """Compiles one job; returns its compile record."""
    os.makedirs(os.path.join(out, "inputs"), exist_ok=True)
    os.makedirs(os.path.join(out, "artifacts"), exist_ok=True)
    op = "C += A * B" if job.accumulate else "C = A * B"
    c_element = job.c_element or job.element
    types = job.element if c_element == job.element else f"{job.element}-{c_element}"
    layout = (("-ta" if job.transpose_a else "") +
              ("-tb" if job.transpose_b else "") +
              (f"-b{job.batch}" if job.batch else "") +
              ("-bca" if job.broadcast_a else "") +
              ("-bcb" if job.broadcast_b else ""))
    if job.epilogue:
        layout += "-" + re.sub(r"[^A-Za-z0-9_.]", "_", job.epilogue)
    source = os.path.join(out, "inputs", f"{job.shape}-{types}{layout}"
                          f"{'-acc' if job.accumulate else ''}.mlir")
    if not os.path.exists(source):
        tmp = f"{source}.{os.getpid()}.{job.name}.tmp"
        with open(tmp, "w") as f:
            f.write(matmul_module(
                job.m, job.n, job.k, accumulate=job.accumulate,
                element=job.element, c_element=c_element,
                transpose_a=job.transpose_a, transpose_b=job.transpose_b,
                epilogue=epilogue_ops(job.epilogue), batch=job.batch,
                broadcast_a=job.broadcast_a, broadcast_b=job.broadcast_b,
                header=f"{op}, {job.m} x {job.n} x {job.k}, {types} "
                       "(written by tileopt.sweep)"))
        os.replace(tmp, source)
    artifact = os.path.join(out, "artifacts", job.name)
    stamp = artifact + ".job.json"
    if (not force and os.path.exists(os.path.join(artifact, "manifest.json"))
            and _load_json(stamp, None) == job.to_dict()):
        return {"job": job.to_dict(), "status": "ok", "resumed": True}
    options = f"{job.options} artifact-dir={os.path.abspath(artifact)}"
    start = time.monotonic()
    try:
        proc = subprocess.run([tile_opt, source, f"--tile-gpu-pipeline={options}",
                               "-o", os.devnull], capture_output=True, text=True)
        ok, diagnostic = proc.returncode == 0, proc.stderr.strip()
    except OSError as e:
        ok, diagnostic = False, f"cannot run {tile_opt}: {e.strerror}"
    seconds = round(time.monotonic() - start, 3)
    if ok:
        _write_json(stamp, job.to_dict())
    return {"job": job.to_dict(), "status": "ok" if ok else "failed",
            "diagnostic": diagnostic, "seconds": seconds}


def compile_jobs(jobs: list[Job], out: str, tile_opt: str, parallel: int = 0,
                 force: bool = False) -> list[dict]:
    """Compiles every job (in parallel); a failure is recorded with its
    diagnostic and does not stop the others. Writes compile.json."""
    parallel = parallel or os.cpu_count() or 1
    records: dict[str, dict] = {}
    with ThreadPoolExecutor(max_workers=parallel) as pool:
        futures = {pool.submit(compile_one, job, out, tile_opt, force): job
                   for job in jobs}
        for i, future in enumerate(as_completed(futures), 1):
            job = futures[future]
            record = future.result()
            records[job.name] = record
            note = "resumed" if record.get("resumed") else \
                f"{record['status']} ({record.get('seconds', 0):.1f} s)"
            if record["status"] == "failed":
                note += ": " + record["diagnostic"].splitlines()[0] \
                    if record["diagnostic"] else ""
            _progress(i, len(jobs), f"compile {job.name}: {note}")
    ordered = [records[job.name] for job in jobs]
    _write_json(os.path.join(out, "compile.json"), ordered)
    return ordered


def run_jobs(jobs: list[Job], out: str, tile_run: str, ncu: str | None = None,
             force: bool = False, extra_args: list[str] | None = None) -> list[dict]:
    """Runs tile-run --check --bench --json on every compiled artifact (and
    ncu when asked), one at a time; a failed run is recorded, not fatal.
    Already-run jobs are skipped unless `force`. Writes runs.json."""
    compiled = {r["job"]["name"]: r for r in _load_json(
        os.path.join(out, "compile.json"), [])}
    previous = {r["job"]["name"]: r for r in _load_json(
        os.path.join(out, "runs.json"), [])}
    os.makedirs(os.path.join(out, "runs"), exist_ok=True)
    if ncu:
        os.makedirs(os.path.join(out, "ncu"), exist_ok=True)
    records = []
    for i, job in enumerate(jobs, 1):
        artifact = os.path.join(out, "artifacts", job.name)
        result = os.path.join(out, "runs", f"{job.name}.json")
        if compiled.get(job.name, {}).get("status") != "ok":
            records.append({"job": job.to_dict(), "status": "not-compiled"})
            _progress(i, len(jobs), f"run {job.name}: not compiled")
            continue
        if not force and job.name in previous and os.path.exists(result) \
                and (not ncu or previous[job.name].get("ncu") is not None):
            records.append(previous[job.name])
            _progress(i, len(jobs), f"run {job.name}: resumed")
            continue
        cmd = [tile_run, artifact, "--check", "--bench", "--json", result]
        cmd += extra_args or []
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True)
            code, log = proc.returncode, proc.stdout + proc.stderr
        except OSError as e:
            code, log = 127, f"cannot run {tile_run}: {e.strerror}\n"
        with open(os.path.join(out, "runs", f"{job.name}.log"), "w") as f:
            f.write(log)
        record = {"job": job.to_dict(),
                  "status": {0: "ok", 1: "check-failed"}.get(code, "run-failed"),
                  "exit_code": code}
        if code not in (0, 1):
            record["error"] = log.strip().splitlines()[-1] if log.strip() else ""
        if ncu and code in (0, 1):
            try:
                proc = subprocess.run(ncu_tool.command(tile_run, artifact, ncu),
                                      capture_output=True, text=True)
                with open(os.path.join(out, "ncu", f"{job.name}.csv"), "w") as f:
                    f.write(proc.stdout)
                record["ncu"] = ncu_tool.parse(proc.stdout)
            except (OSError, ValueError) as e:
                record["ncu_error"] = str(e)
                record["ncu"] = None
        records.append(record)
        _progress(i, len(jobs), f"run {job.name}: {record['status']}")
    _write_json(os.path.join(out, "runs.json"), records)
    return records
