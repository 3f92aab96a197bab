"""Issue 24's f32 shape matrix at the default after 289d80b: table.md and
vs_cublas.png from tile-run's records in default/ (python3 plot.py, in this
directory). "before": the same shape's default on the previous pages
(2026-12-06-skinny/ for the vector and 16-wide shapes, else
2026-12-06-split-k/), all on the same H100 model.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "../../../python"))
from tileopt import matrix  # noqa: E402

SKINNY = {"sk_16x4096": "s1_4096", "sk_4096x16": "s2_4096",
          "vec_1x8192": "v1_8192", "vec_8192x1": "v2_8192"}


def before(name):
    if name in SKINNY:
        return matrix.load(
            f"../2026-12-06-skinny/default/{SKINNY[name]}.bench.json")
    return (matrix.load(f"../2026-12-06-split-k/final/{name}.json")
            or matrix.load(f"../2026-12-06-split-k/default/{name}.json"))


if __name__ == "__main__":
    matrix.tabulate(
        [(n, matrix.load(f"default/{n}.json"), before(n))
         for n in matrix.ISSUE24_NAMES],
        "f32 default configs, H100, 2026-12-06", "default (289d80b)",
        "default before (previous pages)", "x cuBLAS SGEMM (same process)")
