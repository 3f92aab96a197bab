"""tileopt precision-study: the accuracy table and plot from a sweep of
scripts/specs/precision.spec, and what results.py reads of a TF32 run."""
import os

from tileopt import precision, report, results


def _row(name, line, k, max_err, median_err, fp32=None, tf32=None,
         passed=True):
    row = {c: None for c in results.COLUMNS}
    row.update(name=name, line=line, k=k, max_abs_err=max_err,
               median_abs_err=median_err, check_pass=passed)
    if fp32:
        row.update(cublas_fp32_max_err=fp32[0], cublas_fp32_median_err=fp32[1])
    if tf32:
        row.update(cublas_tf32_max_err=tf32[0], cublas_tf32_median_err=tf32[1])
    return row


ROWS = [
    _row("ieee_k256", "ieee", 256, 1e-6, 1e-7, fp32=(2e-6, 2e-7)),
    _row("tf32_k256", "tf32", 256, 3e-3, 4e-4, fp32=(2e-6, 2e-7),
         tf32=(2.5e-3, 3e-4)),
    _row("tf32x3_k256", "tf32x3", 256, 2e-6, 2e-7, fp32=(2e-6, 2e-7),
         tf32=(2.5e-3, 3e-4)),
    _row("tf32_k512", "tf32", 512, 5e-3, 6e-4, tf32=(4e-3, 5e-4),
         passed=False),
]


def test_table_has_each_series_per_k():
    text = precision.table(ROWS)
    lines = text.splitlines()
    assert lines[0] == ("| K | ieee max / median | tf32 max / median | "
                        "tf32x3 max / median | cuBLAS SGEMM max / median | "
                        "cuBLAS TF32 max / median |")
    assert lines[2] == ("| 256 | 1.00e-06 / 1.00e-07 | 3.00e-03 / 4.00e-04 | "
                        "2.00e-06 / 2.00e-07 | 2.00e-06 / 2.00e-07 | "
                        "2.50e-03 / 3.00e-04 |")
    # K = 512 has no ieee, tf32x3 or SGEMM run: dashes, not zeros.
    assert lines[3] == "| 512 | – | 5.00e-03 / 6.00e-04 | – | – | 4.00e-03 / 5.00e-04 |"
    # A failed check is named, never hidden in the table.
    assert lines[-1] == "Checks that failed: tf32_k512."


def test_plot_writes_the_figure(tmp_path):
    path = precision.plot(ROWS, str(tmp_path))
    assert path == os.path.join(str(tmp_path), "accuracy.png")
    assert os.path.getsize(path) > 0


def test_row_reads_a_tf32_run():
    job = {"name": "tf32_k256", "shape": "2048x2048x256", "m": 2048,
           "n": 2048, "k": 256, "config": None, "options": "precision=tf32"}
    manifest = {"kernels": [{"problem": {"a_type": "f32",
                                         "precision": "tf32"}}]}
    run = {"results": [{
        "check": {"pass": True,
                  "kernel_vs_fp64": {"max_abs": 3e-3, "median_abs": 4e-4},
                  "cublas_fp32_vs_fp64": {"max_abs": 2e-6, "median_abs": 2e-7},
                  "cublas_tf32_vs_fp64": {"max_abs": 2.5e-3,
                                          "median_abs": 3e-4}},
        "bench": {"kernel": {"median_ms": 0.1, "gflops": 300000.0},
                  "cublas": {"median_ms": 0.5, "gflops": 60000.0},
                  "cublas_tf32": {"median_ms": 0.2, "gflops": 150000.0},
                  "reference": "cublasGemmEx (TF32)",
                  "ratio_to_cublas": 2.0}}]}
    row = results.row_from_run(job, run, manifest, "ok")
    assert row["precision"] == "tf32"
    assert (row["max_abs_err"], row["median_abs_err"]) == (3e-3, 4e-4)
    assert row["cublas_tf32_max_err"] == 2.5e-3
    # The baseline is the one the ratio is against: cuBLAS TF32.
    assert (row["cublas_gflops"], row["ratio"]) == (150000.0, 2.0)
    assert row["cublas_tf32_gflops"] == 150000.0


def test_report_names_cublas_tf32_for_tf32_rows():
    rows = [dict(element_type="f32", precision="tf32", cublaslt_timed=True)]
    assert report._cublas_name(rows) == \
        "cuBLAS TF32 (CUBLAS_COMPUTE_32F_FAST_TF32)"
    # tf32x3 is compared with FP32 cuBLAS, whose accuracy it promises.
    rows[0]["precision"] = "tf32x3"
    assert report._cublas_name(rows) == "cuBLAS SGEMM / cuBLASLt (TF32 off)"
