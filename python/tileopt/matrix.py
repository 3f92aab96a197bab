"""A results page's shape matrix: table.md and vs_cublas.png from
tile-run's JSON records (one per shape), each shape's ratio to cuBLAS
beside the same shape's ratio before the page's change."""

from __future__ import annotations

import json
import math
import os


# Issue 24's shape matrix, as the results pages' specs name its jobs.
ISSUE24_NAMES = [
    "sq_256", "sq_512", "sq_768", "sq_2560", "sq_3072", "sq_3072_acc",
    "sq_6144", "sq_8192", "sk_16x4096", "sk_64x8192", "sk_256x4096",
    "sk_4096x16", "sk_8192x64", "vec_1x8192", "vec_8192x1", "dk_256",
    "dk_256_acc", "dk_768", "dk_64", "shk_8192", "shk_16384", "shk_4096",
    "rg_999", "rg_999_acc", "rg_3001", "rg_4095", "rg_1023", "ly_8192",
    "ly_512", "ly_4096",
]


def load(path):
    """A tile-run record's first result, or None where there is none."""
    if not path or not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)["results"][0]


def describe(r):
    """The config in brief: tile, copy (A copied where its rows are not
    16-byte multiples, B packed, a producer warpgroup), blocks per SM and
    scheduler."""
    cfg = r["config"]
    attr = cfg["attribute"]
    scheduler = (attr.split("scheduler = ")[-1].split(">")[0].split(",")[0]
                 if "scheduler" in attr else "data_parallel")
    elem = 2 if r["problem"].get("element_type") in ("f16", "bf16") else 4
    extra = (" A copied" if cfg["copy"] == "tma"
             and r["problem"]["k"] * elem % 16 else "")
    extra += " b packed" if "b = packed" in attr else ""
    extra += " producer" if "producer = warpgroup" in attr else ""
    return (f"{cfg['block'][0]}x{cfg['block'][1]} {cfg['copy']}{extra} "
            f"{cfg.get('blocks_per_sm', 0)}/SM {scheduler}")


def tabulate(shapes, title, now_label, before_label, ylabel):
    """Writes table.md and vs_cublas.png here for `shapes`, a list of
    (name, record, record before or None); returns the geometric means
    (now, before)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = []
    for name, r, b in shapes:
        p, c, bench = r["problem"], r["check"], r["bench"]
        rows.append({
            "name": name,
            "shape": f"{p['m']}x{p['n']}x{p['k']}" + (" C+=" if p["accumulate"] else ""),
            "config": describe(r),
            "ms": bench["kernel"]["median_ms"],
            "tflops": bench["kernel"]["gflops"] / 1000,
            "ratio": bench["ratio_to_cublas"],
            "before": b["bench"]["ratio_to_cublas"] if b else None,
            "err": c["kernel_vs_fp64"]["max_abs"],
            "rel": c["kernel_vs_fp64"]["max_rel_to_max_ref"],
            "pass": c["pass"],
        })
    geo = math.exp(sum(math.log(x["ratio"]) for x in rows) / len(rows))
    olds = [x["before"] for x in rows if x["before"]]
    geo_before = math.exp(sum(math.log(x) for x in olds) / len(olds))
    with open("table.md", "w") as f:
        f.write("| shape | M×N×K | config (tile, copy, blocks/SM, scheduler) | ms | TFLOP/s | × cuBLAS | before | max abs err | err/max\\|ref\\| | check |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|\n")
        for x in rows:
            old = f"{x['before']:.3f}" if x["before"] is not None else "-"
            f.write(f"| {x['name']} | {x['shape']} | {x['config']} | {x['ms']:.4f} | {x['tflops']:.2f} | {x['ratio']:.3f} | {old} | {x['err']:.2e} | {x['rel']:.2e} | {'PASS' if x['pass'] else 'FAIL'} |\n")
        f.write(f"\nGeometric mean × cuBLAS over {len(rows)} shapes: {geo:.3f} "
                f"(before, over the {len(olds)} measured: {geo_before:.3f}); "
                f"under 0.9: {sum(x['ratio'] < 0.9 for x in rows)}\n")
    fig, ax = plt.subplots(figsize=(12, 4.5))
    xs = range(len(rows))
    ax.bar([i - 0.2 for i in xs], [x["ratio"] for x in rows], 0.4, label=now_label)
    ax.bar([i + 0.2 for i in xs], [x["before"] or 0 for x in rows], 0.4, label=before_label)
    ax.axhline(1.0, color="k", lw=0.8)
    ax.axhline(0.9, color="r", lw=0.8, ls="--", label="issue 24: every shape >= 0.9")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([x["name"] for x in rows], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(f"{title} (geomean {geo:.3f})")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig("vs_cublas.png", dpi=110)
    print(f"{len(rows)} shapes, geomean {geo:.3f}, before {geo_before:.3f}")
    return geo, geo_before
