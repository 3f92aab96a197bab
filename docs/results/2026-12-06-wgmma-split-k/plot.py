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

NAMES = [
    "sq_256", "sq_512", "sq_768", "sq_2560", "sq_3072", "sq_3072_acc",
    "sq_6144", "sq_8192", "sk_16x4096", "sk_64x8192", "sk_256x4096",
    "sk_4096x16", "sk_8192x64", "vec_1x8192", "vec_8192x1", "dk_256",
    "dk_256_acc", "dk_768", "dk_64", "shk_8192", "shk_16384", "shk_4096",
    "rg_999", "rg_999_acc", "rg_3001", "rg_4095", "rg_1023", "ly_8192",
    "ly_512", "ly_4096",
]

if __name__ == "__main__":
    matrix.tabulate(
        [(n, matrix.load(f"default/{n}.json"),
          matrix.load(f"../2026-12-06-ragged-k/f16/{n}.json")) for n in NAMES],
        "f16 default configs, H100, 2026-12-06", "default (14f723f)",
        "default at bb38a82", "x cuBLAS GemmEx / cuBLASLt (same process)")
