"""Issue 24's f32 shape matrix at the default after 289d80b: table.md and
vs_cublas.png from tile-run's records in default/ (python3 plot.py, in this
directory). "before": the same shape's default on the previous pages
(2026-12-06-skinny/ for the vector and 16-wide shapes, else
2026-12-06-split-k/), all on the same H100 model.
"""
import json
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

NAMES = [
    "sq_256", "sq_512", "sq_768", "sq_2560", "sq_3072", "sq_3072_acc",
    "sq_6144", "sq_8192", "sk_16x4096", "sk_64x8192", "sk_256x4096",
    "sk_4096x16", "sk_8192x64", "vec_1x8192", "vec_8192x1", "dk_256",
    "dk_256_acc", "dk_768", "dk_64", "shk_8192", "shk_16384", "shk_4096",
    "rg_999", "rg_999_acc", "rg_3001", "rg_4095", "rg_1023", "ly_8192",
    "ly_512", "ly_4096",
]
SKINNY = {"sk_16x4096": "s1_4096", "sk_4096x16": "s2_4096",
          "vec_1x8192": "v1_8192", "vec_8192x1": "v2_8192"}


def load(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)["results"][0]


def before(name):
    if name in SKINNY:
        return load(f"../2026-12-06-skinny/default/{SKINNY[name]}.bench.json")
    return (load(f"../2026-12-06-split-k/final/{name}.json")
            or load(f"../2026-12-06-split-k/default/{name}.json"))


def describe(r):
    cfg = r["config"]
    attr = cfg["attribute"]
    scheduler = (attr.split("scheduler = ")[-1].split(">")[0].split(",")[0]
                 if "scheduler" in attr else "data_parallel")
    extra = (" A copied" if cfg["copy"] == "tma" and r["problem"]["k"] % 4
             else "") + (" b packed" if "b = packed" in attr else "")
    return (f"{cfg['block'][0]}x{cfg['block'][1]} {cfg['copy']}{extra} "
            f"{cfg.get('blocks_per_sm', 0)}/SM {scheduler}")


def main():
    rows = []
    for name in NAMES:
        r, b = load(f"default/{name}.json"), before(name)
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
    ax.bar([i - 0.2 for i in xs], [x["ratio"] for x in rows], 0.4, label="default (289d80b)")
    ax.bar([i + 0.2 for i in xs], [x["before"] or 0 for x in rows], 0.4, label="default before (previous pages)")
    ax.axhline(1.0, color="k", lw=0.8)
    ax.axhline(0.9, color="r", lw=0.8, ls="--", label="issue 24: every shape >= 0.9")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([x["name"] for x in rows], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("x cuBLAS SGEMM (same process)")
    ax.set_title(f"f32 default configs, H100, 2026-12-06 (geomean {geo:.3f})")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig("vs_cublas.png", dpi=110)
    print(f"{len(rows)} shapes, geomean {geo:.3f}, before {geo_before:.3f}")


if __name__ == "__main__":
    main()
