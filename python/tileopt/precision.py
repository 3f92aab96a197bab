"""The accuracy study of the precisions (docs/precision.md): error against
FP64 as K grows, per precision and for cuBLAS SGEMM and cuBLAS TF32 on the
same inputs, from a sweep of scripts/specs/precision.spec (each job's
`line=` its precision, `x=` its K)."""

from __future__ import annotations

import os

from . import report, results

PRECISIONS = ("ieee", "tf32", "tf32x3")


def _series(rows: list[dict]) -> dict[str, dict[int, tuple]]:
    """(max, median) |error| against FP64 per K, for each precision's
    kernel and for cuBLAS SGEMM and TF32 (taken from the tf32 jobs, whose
    check runs both on the same inputs)."""
    series: dict[str, dict[int, tuple]] = {}
    for r in rows:
        if r.get("max_abs_err") is None or r.get("line") not in PRECISIONS:
            continue
        k = int(r["k"])
        series.setdefault(r["line"], {})[k] = (r["max_abs_err"],
                                               r.get("median_abs_err"))
        for name, key in (("cuBLAS SGEMM", "cublas_fp32"),
                          ("cuBLAS TF32", "cublas_tf32")):
            if r.get(f"{key}_max_err") is not None:
                series.setdefault(name, {}).setdefault(
                    k, (r[f"{key}_max_err"], r.get(f"{key}_median_err")))
    return series


def table(rows: list[dict]) -> str:
    """A Markdown table: per K, max and median |error| of each series."""
    series = _series(rows)
    names = [n for n in (*PRECISIONS, "cuBLAS SGEMM", "cuBLAS TF32")
             if n in series]
    ks = sorted({k for s in series.values() for k in s})
    head = "| K | " + " | ".join(f"{n} max / median" for n in names) + " |"
    lines = [head, "|" + "---|" * (len(names) + 1)]
    for k in ks:
        cells = []
        for n in names:
            v = series[n].get(k)
            cells.append("–" if v is None else
                         f"{report._fmt(v[0], '.2e')} / {report._fmt(v[1], '.2e')}")
        lines.append(f"| {k} | " + " | ".join(cells) + " |")
    failed = [r["name"] for r in rows if r.get("check_pass") is False]
    if failed:
        lines.append("")
        lines.append("Checks that failed: " + ", ".join(failed) + ".")
    return "\n".join(lines) + "\n"


def plot(rows: list[dict], out_dir: str) -> str | None:
    """accuracy.png: max |error| against FP64 over K, log-log; None
    without matplotlib or data."""
    series = _series(rows)
    if not series:
        return None
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for name, points in series.items():
        ks = sorted(points)
        ax.plot(ks, [points[k][0] for k in ks], marker="o", label=name)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("K")
    ax.set_ylabel("max |C - C_fp64|")
    ax.set_title("Error against FP64 as K grows (inputs uniform in [-1, 1])")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    os.makedirs(out_dir, exist_ok=True)
    return report._save(fig, plt, out_dir, "accuracy.png")


def study(out: str, dest: str) -> str:
    """Writes dest/README.md (the table) and dest/accuracy.png from the
    sweep in `out`; the README's path."""
    rows = results.collect(out)
    os.makedirs(dest, exist_ok=True)
    png = plot(rows, dest)
    text = ("# Accuracy of the precisions against FP64\n\n" + table(rows)
            + (f"\n![max error over K]({os.path.basename(png)})\n" if png else ""))
    path = os.path.join(dest, "README.md")
    with open(path, "w") as f:
        f.write(text)
    return path
