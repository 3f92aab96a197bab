"""The shape matrix at the default configs: table.md and vs_cublas.png from
tile-run's JSON records here (python3 plot.py, in this directory).

Each shape's record is default/NAME.json, or for the small cubes, whose
default changed after that run, final/NAME.json (the final rule's
configs). "before": the default before split-K, where measured
(explore/*_def.json, small/ for the small cubes).
"""
import json
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# (name, record now, record before or None)
SHAPES = [
    ("sq_256", "final/sq_256.json", "small/sq_256.json"),
    ("sq_512", "final/sq_512.json", "small/sq_512.json"),
    ("sq_768", "final/sq_768.json", "small/sq_768.json"),
    ("sq_2560", "default/sq_2560.json", None),
    ("sq_3072", "default/sq_3072.json", None),
    ("sq_3072_acc", "default/sq_3072_acc.json", None),
    ("sq_6144", "default/sq_6144.json", None),
    ("sq_8192", "default/sq_8192.json", None),
    ("sk_16x4096", "default/sk_16x4096.json", "explore/k16_4096_4096_def.json"),
    ("sk_64x8192", "default/sk_64x8192.json", None),
    ("sk_256x4096", "default/sk_256x4096.json", "explore/k256_4096_8192_def.json"),
    ("sk_4096x16", "default/sk_4096x16.json", "explore/k4096_16_4096_def.json"),
    ("sk_8192x64", "default/sk_8192x64.json", None),
    ("vec_1x8192", "default/vec_1x8192.json", "explore/k1_8192_8192_def.json"),
    ("vec_8192x1", "default/vec_8192x1.json", "explore/k8192_1_8192_def.json"),
    ("dk_256", "default/dk_256.json", "explore/k256_256_32768_def.json"),
    ("dk_256_acc", "default/dk_256_acc.json", None),
    ("dk_768", "default/dk_768.json", "explore/k768_768_16384_def.json"),
    ("dk_64", "default/dk_64.json", "explore/k64_64_65536_def.json"),
    ("shk_8192", "default/shk_8192.json", None),
    ("shk_16384", "default/shk_16384.json", None),
    ("shk_4096", "default/shk_4096.json", None),
    ("rg_999", "default/rg_999.json", "explore/k999_def.json"),
    ("rg_999_acc", "default/rg_999_acc.json", None),
    ("rg_3001", "default/rg_3001.json", None),
    ("rg_4095", "default/rg_4095.json", None),
    ("rg_1023", "default/rg_1023.json", None),
    ("ly_8192", "default/ly_8192.json", None),
    ("ly_512", "default/ly_512.json", None),
    ("ly_4096", "default/ly_4096.json", None),
]


def load(path):
    if not path or not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)["results"][0]


def main():
    rows = []
    for name, now, before in SHAPES:
        r, b = load(now), load(before)
        if r is None:
            continue
        p, c, bench = r["problem"], r["check"], r["bench"]
        cfg = r["config"]
        rows.append({
            "name": name,
            "shape": f"{p['m']}x{p['n']}x{p['k']}" + (" C+=" if p["accumulate"] else ""),
            "config": f"{cfg['block'][0]}x{cfg['block'][1]} {cfg['copy']} "
                      f"{cfg.get('blocks_per_sm', 0)}/SM {r['config']['attribute'].split('scheduler = ')[-1].split('>')[0] if 'scheduler' in r['config']['attribute'] else 'data_parallel'}",
            "ms": bench["kernel"]["median_ms"],
            "tflops": bench["kernel"]["gflops"] / 1000,
            "ratio": bench["ratio_to_cublas"],
            "before": b["bench"]["ratio_to_cublas"] if b else None,
            "err": c["kernel_vs_fp64"]["max_abs"],
            "rel": c["kernel_vs_fp64"]["max_rel_to_max_ref"],
            "pass": c["pass"],
        })
    geo = math.exp(sum(math.log(x["ratio"]) for x in rows) / len(rows))
    with open("table.md", "w") as f:
        f.write("| shape | M×N×K | config (tile, copy, blocks/SM, scheduler) | ms | TFLOP/s | × cuBLAS | before | max abs err | err/max\\|ref\\| | check |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|\n")
        for x in rows:
            before = f"{x['before']:.3f}" if x["before"] is not None else "-"
            f.write(f"| {x['name']} | {x['shape']} | {x['config']} | {x['ms']:.4f} | {x['tflops']:.2f} | {x['ratio']:.3f} | {before} | {x['err']:.2e} | {x['rel']:.2e} | {'PASS' if x['pass'] else 'FAIL'} |\n")
        f.write(f"\nGeometric mean × cuBLAS over {len(rows)} shapes: {geo:.3f}\n")
    fig, ax = plt.subplots(figsize=(12, 4.5))
    xs = range(len(rows))
    ax.bar([i - 0.2 for i in xs], [x["ratio"] for x in rows], 0.4, label="default with split-K")
    ax.bar([i + 0.2 for i in xs], [x["before"] or 0 for x in rows], 0.4, label="default before (where measured)")
    ax.axhline(1.0, color="k", lw=0.8)
    ax.axhline(0.9, color="r", lw=0.8, ls="--", label="issue 24: every shape >= 0.9")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([x["name"] for x in rows], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("x cuBLAS SGEMM (same process)")
    ax.set_title(f"f32 default configs, H100, 2026-12-06 (geomean {geo:.3f})")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig("vs_cublas.png", dpi=110)
    print(f"{len(rows)} shapes, geomean {geo:.3f}")


if __name__ == "__main__":
    main()
