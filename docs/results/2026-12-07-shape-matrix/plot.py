"""Issue 24's shape matrix at the default at b09f345 (f32 and f16, one run
on an H100, 2026-12-07): f32/ and f16/ each get table.md and
vs_cublas.png from tile-run's records there (python3 plot.py, in this
directory). "before": the same shape's default on the previous pages, on
the same H100 model (f32: ../2026-12-06-ragged-k/default/; f16: the
records ../2026-12-06-targets/plot.py takes).
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "../../../python"))
from tileopt import matrix  # noqa: E402


def f16_before(name):
    path = f"../../2026-12-06-targets/run2/{name}.bench.json"
    return matrix.load(path if os.path.exists(path) else
                       f"../../2026-12-06-wgmma-split-k/default/{name}.json")


if __name__ == "__main__":
    for kind, before, anchor in [
            ("f32", lambda n: matrix.load(
                f"../../2026-12-06-ragged-k/default/{n}.json"),
             "x cuBLAS SGEMM (same process)"),
            ("f16", f16_before,
             "x cuBLAS GemmEx / cuBLASLt (same process)")]:
        os.chdir(os.path.join(here, kind))
        matrix.tabulate(
            [(n, matrix.load(f"{n}.json"), before(n))
             for n in matrix.ISSUE24_NAMES],
            f"{kind} default configs, H100, 2026-12-07", "default (b09f345)",
            "default before (previous pages)", anchor)
