"""Issue 24's f16 shape matrix at the default with the two new rules:
table.md and vs_cublas.png (python3 plot.py, in this directory). The shapes
whose kernel the rules changed (run2/*.bench.json: sq_256, sq_512,
sq_768, sq_3072, sq_3072_acc) are run 2's; every other shape's kernel is
byte-identical to the one measured at 14f723f
(../2026-12-06-wgmma-split-k/default/), whose record it takes. "before":
that page's default, on the same H100 model.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "../../../python"))
from tileopt import matrix  # noqa: E402

BEFORE = "../2026-12-06-wgmma-split-k/default/{}.json"


def now(name):
    path = f"run2/{name}.bench.json"
    return matrix.load(path if os.path.exists(path) else BEFORE.format(name))


if __name__ == "__main__":
    matrix.tabulate(
        [(n, now(n), matrix.load(BEFORE.format(n)))
         for n in matrix.ISSUE24_NAMES],
        "f16 default configs, H100, 2026-12-06", "default (new rules)",
        "default at 14f723f", "x cuBLAS GemmEx / cuBLASLt (same process)")
