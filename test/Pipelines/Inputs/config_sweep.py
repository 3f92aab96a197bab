"""Compiles seeded random tile configs on small, ragged and degenerate
shapes through --tile-gpu-pipeline and checks that each one either
compiles to a complete artifact (exit 0, manifest.json written) or is
rejected cleanly (exit 1, an `error:` diagnostic, no artifact directory).
Anything else (a signal, an assertion, a half-written directory) is a
crash. Half the configs are drawn from the whole option space, half are
built to be structurally valid (one warp of lanes, thread tiles dividing
warp tiles), so both the checks and the code generators are exercised.

    python3 config_sweep.py TILE-OPT WORKDIR COUNT [SEED]
"""
import os
import random
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "python"))
from tileopt.mlir import config_attr, matmul_module  # noqa: E402

SHAPES = [(1, 1, 1), (7, 5, 3), (33, 17, 45), (64, 64, 64), (130, 66, 70),
          (261, 259, 301), (1, 300, 5), (300, 1, 7), (96, 128, 40),
          (65, 45, 36), (9, 2039, 12)]


def matmul(m, n, k):
    return matmul_module(m, n, k, accumulate=True, form="memref", name="f")


def any_config(r):
    sizes = [1, 2, 4, 8, 16, 32, 64, 128, 256]
    fields = {"block": (r.choice(sizes), r.choice(sizes), r.choice(sizes[:7])),
              "thread": (r.choice([1, 2, 4, 8, 16]), r.choice([1, 2, 4, 8, 16]))}
    if r.random() < 0.5:
        fields["warp"] = (r.choice([8, 16, 32, 64, 128]), r.choice([8, 16, 32, 64, 128]))
    return fields


def valid_config(r):
    tm, tn = r.choice([1, 2, 4, 8]), r.choice([1, 2, 4, 8])
    ly = r.choice([1, 2, 4, 8, 16, 32])
    wm, wn = ly * tm, (32 // ly) * tn
    bm, bn = wm * r.choice([1, 2, 4]), wn * r.choice([1, 2, 4])
    return {"block": (bm, bn, r.choice([4, 8, 16, 32])), "warp": (wm, wn),
            "thread": (tm, tn)}


def main():
    tile_opt, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    r = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    os.makedirs(work, exist_ok=True)
    source = os.path.join(work, "in.mlir")
    out = os.path.join(work, "artifact")
    compiled = rejected = crashes = 0
    for i in range(count):
        m, n, k = r.choice(SHAPES)
        fields = valid_config(r) if i % 2 else any_config(r)
        fields["stages"] = r.choice([1, 2, 3, 4])
        fields["pad"] = r.choice([0, 1, 4, 8])
        copy = r.random()
        if copy < 0.3:
            fields["copy"] = "async"
        elif copy < 0.5:
            fields["copy"] = "tma"
        if r.random() < 0.2:
            fields["a"] = "restaged"
        if r.random() < 0.3:
            fields["order"] = "columns"
        if r.random() < 0.3:
            fields["b"] = "row_groups"
        if r.random() < 0.3:
            fields["blocks_per_sm"] = r.choice([1, 2, 3, 4, 8])
        opts = [f"config='{config_attr(**fields)}'"]
        with open(source, "w") as f:
            f.write(matmul(m, n, k))
        shutil.rmtree(out, ignore_errors=True)
        options = " ".join(opts + ["ptxas=none", f"artifact-dir={out}"])
        p = subprocess.run([tile_opt, source, f"--tile-gpu-pipeline={options}",
                            "-o", os.devnull], capture_output=True, text=True)
        if p.returncode == 0 and os.path.isfile(os.path.join(out, "manifest.json")):
            compiled += 1
        elif p.returncode == 1 and "error:" in p.stderr and not os.path.exists(out):
            rejected += 1
        else:
            crashes += 1
            tail = p.stderr.strip().splitlines()[-3:]
            print(f"CRASH {m}x{n}x{k} {' '.join(opts)}: exit {p.returncode}: "
                  + " | ".join(tail))
    print(f"configs {count} compiled {compiled} rejected {rejected} crashes {crashes}")


if __name__ == "__main__":
    main()
