"""tileopt tune: the tuning file from a sweep's results, and tile-opt
reading it back."""
import json
import os
import subprocess

import pytest

from tileopt import __main__ as cli, mlir, tune

TILE_OPT = os.path.join(os.path.dirname(__file__), "..", "..", "build", "bin",
                        "tile-opt")


def test_fastest_checked_config_per_problem(sweep_dir):
    entries = {(e["m"], e["n"], e["k"]): e for e in tune.winners(sweep_dir)}
    assert sorted(entries) == [(2048, 2048, 2048), (2053, 2039, 2048)]
    e = entries[(2048, 2048, 2048)]
    assert (e["job"], e["chip"], e["type"], e["c_type"], e["accumulate"]) == \
        ("default_2048x2048x2048", "sm_90", "f32", "f32", False)
    assert e["config"].startswith("#tile.config<tiled, block = [128, 128, 16]")
    assert e["tflops"] == pytest.approx(42.43)


def test_a_failed_check_is_never_picked(sweep_dir):
    path = os.path.join(sweep_dir, "runs", "default_2048x2048x2048.json")
    with open(path) as f:
        run = json.load(f)
    run["results"][0]["check"]["pass"] = False
    with open(path, "w") as f:
        json.dump(run, f)
    picked = [e["job"] for e in tune.winners(sweep_dir) if e["m"] == 2048]
    assert picked and picked[0] != "default_2048x2048x2048"


def test_command_writes_the_file(sweep_dir, capsys):
    assert cli.main(["tune", "--out", sweep_dir]) == 0
    with open(os.path.join(sweep_dir, "tuning.json")) as f:
        written = json.load(f)
    assert written["version"] == 1 and len(written["entries"]) == 2
    assert "tuning file:" in capsys.readouterr().out


@pytest.mark.skipif(not os.access(TILE_OPT, os.X_OK), reason="needs build/bin/tile-opt")
def test_tile_opt_reads_what_tune_writes(sweep_dir, tmp_path):
    # The fixture's configs predate today's syntax: give the 2048^3 entry a
    # current one, keep every other field (job, tflops and ratio included,
    # which tile-opt ignores) as tune wrote it.
    path = str(tmp_path / "tuning.json")
    entries = tune.write(sweep_dir, path)
    tuned = "#tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [2, 2]>>"
    for e in entries:
        e["config"] = tuned
    with open(path, "w") as f:
        json.dump({"version": tune.VERSION, "entries": entries}, f)
    source = tmp_path / "in.mlir"
    source.write_text(mlir.matmul_module(2048, 2048, 2048))
    out = subprocess.run([TILE_OPT, str(source),
                          f"--tile-configure=tuning-file={path}"],
                         capture_output=True, text=True, check=True)
    assert f"tile.config = {tuned}" in out.stdout
    assert "warning" not in out.stderr


def test_one_entry_per_precision(tmp_path):
    # The same problem in three precisions: each keeps its own fastest, so
    # that a TF32 kernel never stands in for an IEEE one.
    rows = []
    for name, precision, gflops in (("ieee_a", "ieee", 40000.0),
                                    ("ieee_b", "ieee", 45000.0),
                                    ("tf32", "tf32", 250000.0),
                                    ("x3", "tf32x3", 100000.0)):
        kernel = {"target": {"chip": "sm_90a"},
                  "problem": {"m": 256, "n": 256, "k": 256, "a_type": "f32",
                              "c_type": "f32", "accumulate": False,
                              "precision": precision},
                  "config": {"attribute": f"#tile.config<{name}>"}}
        os.makedirs(tmp_path / "artifacts" / name)
        with open(tmp_path / "artifacts" / name / "manifest.json", "w") as f:
            json.dump({"kernels": [kernel]}, f)
        rows.append({"name": name, "status": "ok", "check_pass": True,
                     "gflops": gflops})
    picked = sorted(e["job"] for e in tune.winners(str(tmp_path), rows))
    assert picked == ["ieee_b", "tf32", "x3"]
