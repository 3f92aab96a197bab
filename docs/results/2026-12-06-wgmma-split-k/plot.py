"""Issue 24's f16 shape matrix at the default at 14f723f: table.md and
vs_cublas.png from tile-run's records in default/ (python3 plot.py, in this
directory). "before": the same shape's default at bb38a82
(../2026-12-06-ragged-k/f16/), on the same H100 model.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "../../../python"))
from tileopt import matrix  # noqa: E402

if __name__ == "__main__":
    matrix.tabulate(
        [(n, matrix.load(f"default/{n}.json"),
          matrix.load(f"../2026-12-06-ragged-k/f16/{n}.json"))
         for n in matrix.ISSUE24_NAMES],
        "f16 default configs, H100, 2026-12-06", "default (14f723f)",
        "default at bb38a82", "x cuBLAS GemmEx / cuBLASLt (same process)")
