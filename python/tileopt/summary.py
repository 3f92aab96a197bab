"""One table row per tile-run JSON result file: check errors and benchmark
figures (kernel, the faster of cuBLAS GemmEx/SGEMM and cuBLASLt in the same
run, ratio, and the SM clock each one's timed runs ended at, where tile-run
measured it); with --markdown, a Markdown
table (registers, shared memory and spills from ptxas as the manifest
records them) for docs/results pages.

    python3 -m tileopt summarize [--markdown] RESULTS.json...
"""

from __future__ import annotations

import json

from .results import fastest_reference


def summarize(paths, markdown=False):
    """Prints the table (or, with `markdown`, the Markdown table)."""
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
                "cublas_err": c.get("cublas_fp32_vs_fp64", {}).get("max_abs"),
                "res": r.get("resources") or {},
            }
            if b:
                row.update(ms=b["kernel"]["median_ms"], gf=b["kernel"]["gflops"],
                           cms=fastest_reference(b).get("median_ms"),
                           cgf=fastest_reference(b).get("gflops"),
                           ratio=b.get("ratio_to_cublas"),
                           mhz=b["kernel"].get("sm_clock_mhz"),
                           cmhz=fastest_reference(b).get("sm_clock_mhz"))
            rows.append(row)
    if markdown:
        print_markdown(rows)
        return
    print(f"device: {device}")
    print(f"{'result':28} {'shape':16} {'check':5} {'max|err|':>9} {'err/max':>9} "
          f"{'unwr':>4} {'median ms':>9} {'GFLOP/s':>8} {'cuBLAS ms':>9} {'cuBLAS GF':>9} {'ratio':>6} {'MHz':>5} {'cMHz':>5}  config")
    for r in rows:
        f = lambda v, fmt: format(v, fmt) if isinstance(v, (int, float)) else "-"
        print(f"{r['file']:28} {r['shape']:16} {str(r['pass']):5} {f(r['err'], '9.2e')} "
              f"{f(r['rel'], '9.2e')} {f(r['nw'], '4d')} {f(r.get('ms'), '9.4f')} "
              f"{f(r.get('gf'), '8.0f')} {f(r.get('cms'), '9.4f')} {f(r.get('cgf'), '9.0f')} "
              f"{f(r.get('ratio'), '6.3f')} {f(r.get('mhz'), '5.0f')} "
              f"{f(r.get('cmhz'), '5.0f')}  {r['config']}")


def print_markdown(rows):
    f = lambda v, fmt: format(v, fmt) if isinstance(v, (int, float)) else "–"
    print("| artifact | M×N×K | config | regs | smem B | spill B | median ms "
          "| TFLOP/s | cuBLAS ms | cuBLAS TFLOP/s | ratio | SM MHz (kernel / cuBLAS) "
          "| max abs err vs FP64 | err/max\\|ref\\| | cuBLAS FP32 err | unwritten |")
    print("|" + "---|" * 16)
    for r in rows:
        res = r["res"]
        smem = res.get("shared_bytes")
        print(f"| {r['file'].split('.')[0]} | {r['shape'].replace('x', '×')} | "
              f"{r['config']} | {f(res.get('registers'), 'd')} | {f(smem, 'd')} | "
              f"{f(res.get('spill_store_bytes'), 'd')} | {f(r.get('ms'), '.4f')} | "
              f"{f(r.get('gf') and r['gf'] / 1000, '.2f')} | {f(r.get('cms'), '.4f')} | "
              f"{f(r.get('cgf') and r['cgf'] / 1000, '.2f')} | **{f(r.get('ratio'), '.3f')}** | "
              f"{f(r.get('mhz'), '.0f')} / {f(r.get('cmhz'), '.0f')} | "
              f"{f(r['err'], '.2e')} | {f(r['rel'], '.2e')} | {f(r['cublas_err'], '.2e')} | "
              f"{f(r['nw'], 'd')} |")
