#!/usr/bin/env python3
"""Prints one table row per tile-run JSON result file: check errors and
benchmark figures (kernel, cuBLAS in the same run, ratio).

    scripts/summarize-results.py RESULTS.json...
"""
import json
import sys


def main(paths):
    rows = []
    for path in sorted(paths):
        with open(path) as f:
            doc = json.load(f)
        device = doc.get("device", {}).get("name", "?")
        for r in doc.get("results", []):
            p, c, b = r["problem"], r.get("check", {}), r.get("bench")
            k = c.get("kernel_vs_fp64", {})
            cfg = r.get("config", {}).get("attribute", "?")
            row = {
                "file": path.rsplit("/", 1)[-1],
                "shape": f"{p['m']}x{p['n']}x{p['k']}",
                "config": cfg.replace("#tile.config<", "").rstrip(">"),
                "pass": c.get("pass"),
                "err": k.get("max_abs"),
                "rel": k.get("max_rel_to_max_ref"),
                "nw": k.get("not_written", c.get("not_written")),
            }
            if b:
                row.update(ms=b["kernel"]["median_ms"], gf=b["kernel"]["gflops"],
                           cms=b.get("cublas", {}).get("median_ms"),
                           cgf=b.get("cublas", {}).get("gflops"),
                           ratio=b.get("ratio_to_cublas"))
            rows.append(row)
    print(f"device: {device}")
    print(f"{'result':28} {'shape':16} {'check':5} {'max|err|':>9} {'err/max':>9} "
          f"{'unwr':>4} {'median ms':>9} {'GFLOP/s':>8} {'cuBLAS ms':>9} {'cuBLAS GF':>9} {'ratio':>6}  config")
    for r in rows:
        f = lambda v, fmt: format(v, fmt) if isinstance(v, (int, float)) else "-"
        print(f"{r['file']:28} {r['shape']:16} {str(r['pass']):5} {f(r['err'], '9.2e')} "
              f"{f(r['rel'], '9.2e')} {f(r['nw'], '4d')} {f(r.get('ms'), '9.4f')} "
              f"{f(r.get('gf'), '8.0f')} {f(r.get('cms'), '9.4f')} {f(r.get('cgf'), '9.0f')} "
              f"{f(r.get('ratio'), '6.3f')}  {r['config']}")


if __name__ == "__main__":
    main(sys.argv[1:])
