import os

import pytest

from tileopt import report, results


def test_collect_merges_compile_run_manifest_and_ncu(sweep_dir):
    rows = {r["name"]: r for r in results.collect(sweep_dir)}
    assert len(rows) == 16
    t32 = rows["T32_2048x2048x2048"]
    assert t32["status"] == "ok" and t32["check_pass"] is True
    assert t32["not_written"] == 0
    assert t32["gflops"] == pytest.approx(9012.1, rel=1e-3)
    assert 0 < t32["ratio"] < 1
    assert t32["shared_bytes"] == 8192 and t32["threads"] == 1024
    assert t32["kstep_flop_per_byte"] == pytest.approx(8.0)
    assert rows["T16_2048x2048x2048"]["achieved_occupancy_pct"] == pytest.approx(97.53)
    failed = rows["T64-1out_2053x2039x2048"]
    assert failed["status"] == "compile-failed"
    assert "4096 threads per block" in failed["diagnostic"]
    assert rows["T64_2048x2048x2048"]["status"] == "not-run"
    json_path, csv_path = results.write(list(rows.values()), sweep_dir)
    header = open(csv_path).readline().strip().split(",")
    assert header == results.COLUMNS


def test_report_tables_paragraph_and_plots(sweep_dir):
    rows = results.collect(sweep_dir)
    out = os.path.join(sweep_dir, "report")
    plots = report.plot(rows, out)
    assert [os.path.basename(p) for p in plots] == ["gflops_vs_tile.png",
                                                    "traffic_vs_tile.png",
                                                    "vs_cublas.png"]
    import matplotlib.image as mpimg
    for path in plots:
        assert os.path.getsize(path) > 10_000
        image = mpimg.imread(path)
        # Not a blank canvas: many distinct colours.
        assert len({tuple(px) for px in image.reshape(-1, image.shape[-1])[::37]}) > 20
    text = report.markdown(rows, "Seeds sweep", plots)
    assert "## 2048x2048x2048" in text and "## 2053x2039x2048" in text
    assert "| T32 | 32 | ok |" in text
    assert "cuBLAS SGEMM (TF32 off), same runs:" in text
    # The profiler table lists the ncu figures of the configs ncu measured.
    assert "Profiler (Nsight Compute" in text
    assert "| T16 | 97.5 % |" in text
    paragraph = report.explain("2048x2048x2048",
                               [r for r in rows if r["shape"] == "2048x2048x2048"])
    # From the data: T = 32 is the fastest measured tile; T = 64 was not run.
    assert "peaks at T=32" in paragraph
    assert "T=8: 4.7 TFLOP/s" in paragraph
    assert "T=64 was not measured (not-run)" in paragraph
    assert "fastest config overall is default" in paragraph
    assert "T64-1out_2048x2048x2048: compile-failed" in text
    assert "4096 threads per block" in text


def test_explain_names_the_failing_next_tile():
    rows = [
        {"shape": "s", "tile": 16, "gflops": 8000.0, "status": "ok"},
        {"shape": "s", "tile": 32, "gflops": 9000.0, "status": "ok",
         "blocks_per_sm": 2},
        {"shape": "s", "tile": 64, "gflops": None, "status": "compile-failed",
         "diagnostic": "x.mlir:6:8: error: 'linalg.matmul' op config needs 4096 "
                       "threads per block (64 x 64), but sm_90 allows at most 1024"},
    ]
    text = report.explain("s", rows)
    assert "peaks at T=32" in text
    assert "T=64 is not possible: 'linalg.matmul' op config needs 4096 threads" in text


def test_peak_fraction_from_the_report_floors():
    job = {"name": "j", "shape": "2048x2048x2048", "m": 2048, "n": 2048,
           "k": 2048, "config": "c", "options": ""}
    manifest = {"kernels": [{"report": {
        "occupancy": None, "waves": None, "k_step": {"flop_per_byte": 25.6},
        "kernel": {"flop_per_byte": 25.0, "global_bytes_without_reuse": 1.0},
        "resources": {"threads": 256},
        "floors": {"fp32_peak_flop_per_s": 66908160000000}}}]}
    run = {"results": [{"bench": {"kernel": {"median_ms": 0.34,
                                             "gflops": 50530.0}}}]}
    row = results.row_from_run(job, run, manifest, "ok")
    assert row["fp32_peak_gflops"] == pytest.approx(66908.16)
    assert row["peak_fraction"] == pytest.approx(50530.0 / 66908.16)
    assert "| 75.5 |" in report.table([row])
    # Without floors (f16, unknown chip, older manifests): no fraction.
    del manifest["kernels"][0]["report"]["floors"]
    row = results.row_from_run(job, run, manifest, "ok")
    assert row["fp32_peak_gflops"] is None and row["peak_fraction"] is None


def test_reversal_is_the_next_tile_and_its_cause():
    rows = [
        {"shape": "s", "tile": 16, "gflops": 8000.0, "status": "ok"},
        {"shape": "s", "tile": 32, "gflops": 9000.0, "status": "ok",
         "blocks_per_sm": 2},
        {"shape": "s", "tile": 64, "gflops": 5000.0, "status": "ok",
         "blocks_per_sm": 1, "binding_limit": "threads",
         "wave_efficiency": 0.5},
    ]
    best, nxt, cause = report.reversal(rows)
    assert (best["tile"], nxt["tile"]) == (32, 64)
    assert cause == ("threads bind occupancy at 1 block(s) per SM; resident "
                     "blocks per SM fall from 2 to 1; the grid fills its "
                     "waves to only 50 %")
    assert report.reversal(rows[:2])[1] is None
    assert report.reversal([{"shape": "s", "tile": None, "gflops": 1.0}]) is None


def _not_blank(path):
    import matplotlib.image as mpimg
    image = mpimg.imread(path)
    return len({tuple(px) for px in image.reshape(-1, image.shape[-1])[::37]}) > 20


def test_lines_the_spec_chose_and_bars_against_cublas(tmp_path):
    rows = []
    for label, scale in (("4 stages", 1.0), ("3 stages", 0.9)):
        for x in ("64", "128", "256"):
            rows.append({"shape": "s", "name": f"{label}-{x}", "config": f"{label}-{x}",
                         "tile": None, "line": label, "x": x, "status": "ok",
                         "gflops": scale * 1000.0 * int(x), "ratio": scale * int(x) / 256,
                         "cublas_gflops": 256000.0})
    plots = [os.path.basename(p) for p in report.plot(rows, str(tmp_path))]
    assert "lines_s.png" in plots and "vs_cublas.png" in plots
    assert _not_blank(tmp_path / "lines_s.png")
    assert _not_blank(tmp_path / "vs_cublas.png")
    # Categories where an x is not a number.
    rows[0]["x"] = rows[3]["x"] = "small"
    assert "lines_s.png" in [os.path.basename(p)
                             for p in report.plot(rows, str(tmp_path / "c"))]
