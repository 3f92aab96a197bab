"""The shape matrix at the default configs: table.md and vs_cublas.png from
tile-run's JSON records here (python3 plot.py, in this directory).

Each shape's record is default/NAME.json, or for the small cubes, whose
default changed after that run, final/NAME.json (the final rule's
configs). "before": the default before split-K, where measured
(explore/*_def.json, small/ for the small cubes).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "../../../python"))
from tileopt import matrix  # noqa: E402

# The records of the shapes whose "now" is not default/NAME.json or whose
# "before" was measured.
NOW = {n: f"final/{n}.json" for n in ("sq_256", "sq_512", "sq_768")}
BEFORE = {
    "sq_256": "small/sq_256.json",
    "sq_512": "small/sq_512.json",
    "sq_768": "small/sq_768.json",
    "sk_16x4096": "explore/k16_4096_4096_def.json",
    "sk_256x4096": "explore/k256_4096_8192_def.json",
    "sk_4096x16": "explore/k4096_16_4096_def.json",
    "vec_1x8192": "explore/k1_8192_8192_def.json",
    "vec_8192x1": "explore/k8192_1_8192_def.json",
    "dk_256": "explore/k256_256_32768_def.json",
    "dk_768": "explore/k768_768_16384_def.json",
    "dk_64": "explore/k64_64_65536_def.json",
    "rg_999": "explore/k999_def.json",
}

if __name__ == "__main__":
    matrix.tabulate(
        [(n, matrix.load(NOW.get(n, f"default/{n}.json")),
          matrix.load(BEFORE.get(n)))
         for n in matrix.ISSUE24_NAMES],
        "f32 default configs, H100, 2026-12-06", "default with split-K",
        "default before (where measured)",
        "x cuBLAS SGEMM (same process)")
