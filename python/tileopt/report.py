"""The Markdown report and plots of a sweep."""

from __future__ import annotations

import os
from collections import defaultdict


def _fmt(value, spec: str = "", none: str = "–") -> str:
    if value is None:
        return none
    if isinstance(value, float) and spec:
        return format(value, spec)
    return str(value)


def _by_shape(rows: list[dict]) -> dict[str, list[dict]]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        groups[row["shape"]].append(row)
    return dict(groups)


def _cublas(rows: list[dict]) -> float | None:
    values = sorted(r["cublas_gflops"] for r in rows if r.get("cublas_gflops"))
    return values[len(values) // 2] if values else None


def table(rows: list[dict]) -> str:
    head = ("| config | tile | status | median ms | GFLOP/s | % cuBLAS | % peak "
            "| max abs err "
            "| regs | reg-bank extra / FFMA | smem B | occupancy | DRAM MB "
            "| executed/useful | K-step FLOP/B | binding limit | waves |")
    lines = [head, "|" + "|".join("---" for _ in range(head.count("|") - 1)) + "|"]
    for r in rows:
        occ = r.get("achieved_occupancy_pct")
        occ = f"{occ:.0f} % (ncu)" if occ is not None else (
            f"{100 * r['model_occupancy']:.0f} % (model)"
            if r.get("model_occupancy") is not None else "–")
        dram = None
        if r.get("dram_read_bytes") is not None:
            dram = (r["dram_read_bytes"] + (r.get("dram_write_bytes") or 0)) / 1e6
        ratio = r.get("ratio")
        ex = (r["executed_flops"] / r["useful_flops"]
              if r.get("executed_flops") and r.get("useful_flops") else None)
        status = r["status"]
        if r.get("check_pass") is False:
            status = "check failed"
        lines.append(
            f"| {r['config']} | {_fmt(r.get('tile'))} | {status} | "
            f"{_fmt(r.get('median_ms'), '.4f')} | {_fmt(r.get('gflops'), '.0f')} | "
            f"{_fmt(100 * ratio if ratio else None, '.1f')} | "
            f"{_fmt(100 * r['peak_fraction'] if r.get('peak_fraction') else None, '.1f')} | "
            f"{_fmt(r.get('max_abs_err'), '.2e')} | {_fmt(r.get('registers'))} | "
            f"{_fmt(r.get('ffma_bank_extra_per_ffma'), '.3f')} | "
            f"{_fmt(r.get('shared_bytes'))} | {occ} | {_fmt(dram, '.1f')} | "
            f"{_fmt(ex, '.3f')} | {_fmt(r.get('kstep_flop_per_byte'), '.2f')} | "
            f"{_fmt(r.get('binding_limit') or r.get('violations'))} | "
            f"{_fmt(r.get('waves'))} |")
    return "\n".join(lines) + "\n"


def profile_table(rows: list[dict]) -> str:
    """The ncu figures of each measured config (one launch, no references)."""
    head = ("| config | achieved occupancy | DRAM read MB | DRAM write MB "
            "| smem ld bank conflicts | smem st bank conflicts "
            "| stall long scoreboard | stall barrier | stall MIO throttle "
            "| stall short scoreboard |")
    lines = [head, "|" + "|".join("---" for _ in range(head.count("|") - 1)) + "|"]
    mb = lambda v: None if v is None else v / 1e6
    pct = lambda v: None if v is None else f"{v:.1f} %"
    for r in rows:
        if r.get("achieved_occupancy_pct") is None:
            continue
        lines.append(
            f"| {r['config']} | {pct(r.get('achieved_occupancy_pct'))} | "
            f"{_fmt(mb(r.get('dram_read_bytes')), '.1f')} | "
            f"{_fmt(mb(r.get('dram_write_bytes')), '.1f')} | "
            f"{_fmt(r.get('smem_ld_bank_conflicts'), '.0f')} | "
            f"{_fmt(r.get('smem_st_bank_conflicts'), '.0f')} | "
            f"{_fmt(pct(r.get('stall_long_scoreboard_pct')))} | "
            f"{_fmt(pct(r.get('stall_barrier_pct')))} | "
            f"{_fmt(pct(r.get('stall_mio_throttle_pct')))} | "
            f"{_fmt(pct(r.get('stall_short_scoreboard_pct')))} |")
    if len(lines) == 2:
        return ""
    return "\n".join(lines) + "\n"


def reversal(rows: list[dict]) -> tuple[dict, dict | None, str] | None:
    """Where the tile-size gain reverses in one shape's rows: the fastest
    measured tile of the series, the next larger tile (None where the series
    ends there) and why it is not faster, from the data (its compile error;
    the occupancy limit, resident blocks, wave fill or barrier stalls that
    changed). None without a measured series."""
    series = sorted((r for r in rows if r.get("tile") is not None),
                    key=lambda r: r["tile"])
    measured = [r for r in series if r.get("gflops")]
    if not measured:
        return None
    best = max(measured, key=lambda r: r["gflops"])
    after = [r for r in series if r["tile"] > best["tile"]]
    if not after:
        return best, None, ""
    # Of the jobs at the next tile size: the fastest measured one, else one
    # that did not compile (its error is the cause), else the first.
    same = [r for r in after if r["tile"] == after[0]["tile"]]
    nxt = (max((r for r in same if r.get("gflops")), key=lambda r: r["gflops"],
               default=None)
           or next((r for r in same if r["status"] == "compile-failed"), None)
           or same[0])
    if nxt["status"] == "compile-failed":
        reason = (nxt.get("diagnostic") or "").splitlines()
        reason = reason[0].split("error: ", 1)[-1] if reason else "it does not compile"
        return best, nxt, reason
    why = []
    if nxt.get("binding_limit"):
        why.append(f"{nxt['binding_limit']} bind occupancy at "
                   f"{nxt.get('blocks_per_sm')} block(s) per SM")
    if best.get("blocks_per_sm") and nxt.get("blocks_per_sm") \
            and nxt["blocks_per_sm"] < best["blocks_per_sm"]:
        why.append(f"resident blocks per SM fall from "
                   f"{best['blocks_per_sm']} to {nxt['blocks_per_sm']}")
    if nxt.get("wave_efficiency") is not None and nxt["wave_efficiency"] < 0.8:
        why.append(f"the grid fills its waves to only "
                   f"{100 * nxt['wave_efficiency']:.0f} %")
    if nxt.get("stall_barrier_pct") is not None:
        why.append(f"warps stall on barriers "
                   f"{nxt['stall_barrier_pct']:.0f} % of the time (ncu)")
    return best, nxt, "; ".join(why)


def explain(shape: str, rows: list[dict]) -> str:
    """A paragraph, from the data, on where the tile-size gain reverses and
    what limits the kernel there."""
    found = reversal(rows)
    if not found:
        return f"No tile-size series was measured on {shape}."
    best, nxt, cause = found
    measured = sorted((r for r in rows if r.get("tile") is not None
                       and r.get("gflops")), key=lambda r: r["tile"])
    parts = [f"On {shape}, throughput over the tile sizes "
             + ", ".join(f"T={r['tile']}: {r['gflops'] / 1000:.1f} TFLOP/s"
                         for r in measured)
             + f" peaks at T={best['tile']}."]
    if nxt is None:
        parts.append("The gain had not reversed at the largest tile measured.")
    elif nxt["status"] == "compile-failed":
        parts.append(f"T={nxt['tile']} is not possible: {cause}.")
    elif nxt.get("gflops"):
        parts.append(f"At T={nxt['tile']} it drops to "
                     f"{nxt['gflops'] / 1000:.1f} TFLOP/s"
                     + (": " + cause if cause else "") + ".")
    else:
        parts.append(f"T={nxt['tile']} was not measured ({nxt['status']}).")
    others = [r for r in rows if r.get("tile") is None and r.get("gflops")]
    if others:
        top = max(others, key=lambda r: r["gflops"])
        parts.append(f"The fastest config overall is {top['config']} at "
                     f"{top['gflops'] / 1000:.1f} TFLOP/s"
                     + (f" ({100 * top['ratio']:.0f} % of cuBLAS)"
                        if top.get("ratio") else "") + ".")
    return " ".join(parts)


class MissingMatplotlib(RuntimeError):
    """matplotlib is not installed: `tileopt report` cannot plot."""


def plot(rows: list[dict], out_dir: str) -> list[str]:
    """gflops_vs_tile.png and traffic_vs_tile.png; returns their paths.
    Raises MissingMatplotlib where matplotlib is not installed."""
    try:
        import matplotlib
    except ImportError as e:
        raise MissingMatplotlib(
            "plots need matplotlib: apt-get install python3-matplotlib, or "
            "pip install './python[plots]'") from e
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(out_dir, exist_ok=True)
    shapes = _by_shape(rows)
    paths = []

    tiles = sorted({r["tile"] for r in rows if r.get("tile")})

    def save(fig, ax, name: str, ylabel: str, title: str) -> str:
        ax.set_xscale("log", base=2)
        # The tile sizes themselves as ticks (8, 16, 32, 64), not powers of 2
        # in scientific notation.
        ax.set_xticks(tiles, [str(t) for t in tiles])
        ax.minorticks_off()
        ax.set_xlabel("block tile T (T x T x T)")
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)
        return _save(fig, plt, out_dir, name)

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for i, (shape, group) in enumerate(shapes.items()):
        series = sorted((r for r in group if r.get("tile") and r.get("gflops")),
                        key=lambda r: r["tile"])
        color = f"C{i}"
        if series:
            ax.plot([r["tile"] for r in series],
                    [r["gflops"] / 1000 for r in series], "o-", color=color,
                    label=f"{shape} tiled (1 output/thread)")
        _mark_reversal(ax, group, color)
        cublas = _cublas(group)
        if cublas:
            ax.axhline(cublas / 1000, color=color, linestyle="--",
                       label=f"{shape} {_cublas_name(group)}")
        best = [r for r in group if r.get("tile") is None and r.get("gflops")]
        for j, r in enumerate(sorted(best, key=lambda r: -r["gflops"])[:3]):
            ax.axhline(r["gflops"] / 1000, color=color, linestyle=":",
                       alpha=0.8 - 0.2 * j, label=f"{shape} {r['config']}")
    peaks = {r["fp32_peak_gflops"] for r in rows if r.get("fp32_peak_gflops")}
    if len(peaks) == 1:
        ax.axhline(peaks.pop() / 1000, color="black", linewidth=1,
                   label=f"{_peak_name(rows)} peak (the chip's boost clock)")
    paths.append(save(fig, ax, "gflops_vs_tile.png", "TFLOP/s (median of 100 runs)",
                      f"{_peak_name(rows)} GEMM throughput vs tile size"))

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for i, (shape, group) in enumerate(shapes.items()):
        series = sorted((r for r in group if r.get("tile")), key=lambda r: r["tile"])
        model = [(r["tile"], r["model_global_bytes"] / 1e9) for r in series
                 if r.get("model_global_bytes")]
        if model:
            ax.plot(*zip(*model), "o--", color=f"C{i}",
                    label=f"{shape}: model, no cache reuse")
        dram = [(r["tile"], (r["dram_read_bytes"] + (r.get("dram_write_bytes") or 0)) / 1e9)
                for r in series if r.get("dram_read_bytes") is not None]
        if dram:
            ax.plot(*zip(*dram), "s-", color=f"C{i}", label=f"{shape}: DRAM (ncu)")
    ax.set_yscale("log")
    paths.append(save(fig, ax, "traffic_vs_tile.png", "global traffic (GB)",
                      "Global memory traffic vs tile size"))
    paths.extend(_plot_configs(rows, out_dir, plt))
    paths.extend(_plot_vs_cublas(rows, out_dir, plt))
    paths.extend(_plot_lines(rows, out_dir, plt))
    return paths


def _save(fig, plt, out_dir: str, name: str) -> str:
    """Writes `fig` to out_dir/name (120 dpi) and closes it; the path."""
    path = os.path.join(out_dir, name)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _mark_reversal(ax, group: list[dict], color: str) -> None:
    """Marks the tile where the gain reverses on the tile-size plot: an x at
    the next tile after the fastest (at its throughput, or on the axis where
    it did not compile), labelled with why (reversal)."""
    found = reversal(group)
    if not found or found[1] is None:
        return
    best, nxt, cause = found
    y = (nxt.get("gflops") or 0) / 1000
    ax.plot([nxt["tile"]], [y], "x", color=color, markersize=10, mew=2)
    if nxt["status"] == "compile-failed":
        text = f"T={nxt['tile']} does not compile: {cause}"
    elif nxt.get("gflops"):
        text = f"T={nxt['tile']} is slower" + (f": {cause}" if cause else "")
    else:
        text = f"T={nxt['tile']} was not measured ({nxt['status']})"
    ax.annotate("\n".join(text[i:i + 48] for i in range(0, min(len(text), 144), 48)),
                xy=(nxt["tile"], y), xytext=(-10, 18), textcoords="offset points",
                ha="right", fontsize=6, color=color,
                arrowprops={"arrowstyle": "->", "color": color})


def _plot_vs_cublas(rows: list[dict], out_dir: str, plt) -> list[str]:
    """vs_cublas.png: per shape, a bar per measured config in spec order at
    its % of cuBLAS in the same runs, with 100 % drawn; shapes without a
    cuBLAS ratio are left out."""
    shapes = {shape: [r for r in group if r.get("ratio")]
              for shape, group in _by_shape(rows).items()}
    shapes = {shape: group for shape, group in shapes.items() if group}
    if not shapes:
        return []
    fig, axes = plt.subplots(len(shapes), 1, squeeze=False,
                             figsize=(8, 2.8 * len(shapes) + 0.6))
    for ax, (shape, group) in zip(axes[:, 0], shapes.items()):
        values = [100 * r["ratio"] for r in group]
        bars = ax.bar(range(len(group)), values,
                      color=["C2" if v >= 100 else "C0" for v in values])
        ax.bar_label(bars, fmt="%.0f", fontsize=6)
        ax.axhline(100, color="C1", linestyle="--",
                   label=f"{_cublas_name(group)} = 100 %")
        ax.set_xticks(range(len(group)), [r["config"] for r in group],
                      rotation=45, ha="right", fontsize=7)
        ax.set_ylabel("% of cuBLAS")
        ax.set_ylim(0, max(values + [100]) * 1.2)
        ax.set_title(shape, fontsize=9)
        ax.legend(fontsize=7, loc="upper left")
        ax.grid(True, axis="y", alpha=0.3)
    fig.suptitle("Each config against cuBLAS in the same runs (median times)",
                 fontsize=10)
    return [_save(fig, plt, out_dir, "vs_cublas.png")]


def _plot_lines(rows: list[dict], out_dir: str, plt) -> list[str]:
    """lines_<shape>.png for each shape with jobs the spec placed with
    `line=` and `x=`: TFLOP/s against x, one line per label in spec order,
    cuBLAS dashed. x is numeric where every value is a number (a log axis
    where they span more than 8x), else categories in spec order."""
    paths = []
    for shape, group in _by_shape(rows).items():
        placed = [r for r in group if r.get("line") and r.get("x")]
        if not placed:
            continue
        numeric = all(_is_number(r["x"]) for r in placed)
        xs: dict[str, float] = {}
        for r in placed:
            xs.setdefault(r["x"], float(r["x"]) if numeric else float(len(xs)))
        fig, ax = plt.subplots(figsize=(7, 4.5))
        labels = list(dict.fromkeys(r["line"] for r in placed))
        for i, label in enumerate(labels):
            points = sorted((xs[r["x"]], r["gflops"] / 1000) for r in placed
                            if r["line"] == label and r.get("gflops"))
            if points:
                ax.plot(*zip(*points), "o-", color=f"C{i}", label=label)
        cublas = _cublas(group)
        if cublas:
            ax.axhline(cublas / 1000, color="black", linestyle="--",
                       label=_cublas_name(group))
        ticks = sorted(set(xs.values()))
        if numeric and ticks and ticks[0] > 0 and ticks[-1] / ticks[0] > 8:
            ax.set_xscale("log", base=2)
            ax.minorticks_off()
        names = {v: k for k, v in xs.items()}
        ax.set_xticks(ticks, [names[t] for t in ticks])
        ax.set_ylabel("TFLOP/s (median)")
        ax.set_title(f"{shape}: the spec's lines", fontsize=9)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)
        paths.append(_save(fig, plt, out_dir, f"lines_{shape}.png"))
    return paths


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def _plot_configs(rows: list[dict], out_dir: str, plt) -> list[str]:
    """configs_<shape>.png for each shape measured without a tile-size
    series: a bar per job in spec order (TFLOP/s, median), each named with
    its K-step intensity and what binds its occupancy, cuBLAS as a line,
    and the jobs that could not compile with the limit they break."""
    paths = []
    for shape, group in _by_shape(rows).items():
        if any(r.get("tile") for r in group):
            continue
        fig, ax = plt.subplots(figsize=(8, 4.8))
        names = [r["name"] for r in group]
        values = [(r.get("gflops") or 0) / 1000 for r in group]
        ax.bar(range(len(group)), values, color="C0")
        for x, r in enumerate(group):
            if r.get("gflops"):
                text = (f"{r['kstep_flop_per_byte']:.0f} F/B, "
                        f"{r.get('binding_limit') or '?'}"
                        if r.get("kstep_flop_per_byte") else "")
            else:
                text = (r.get("diagnostic") or r["status"]).split("error: ")[-1]
                text = text.replace("'linalg.matmul' op ", "")[:60]
            ax.text(x, max(values) * 0.02 + (values[x] or 0), text,
                    rotation=90, ha="center", va="bottom", fontsize=6)
        cublas = _cublas(group)
        if cublas:
            ax.axhline(cublas / 1000, color="C1", linestyle="--",
                       label=_cublas_name(group))
        ax.set_xticks(range(len(group)))
        ax.set_xticklabels(names, rotation=45, ha="right", fontsize=7)
        ax.set_ylabel("TFLOP/s (median)")
        ax.set_ylim(0, max(values + [cublas / 1000 if cublas else 0]) * 1.45)
        ax.set_title(f"{shape}: throughput per config (labels: K-step "
                     "FLOP/byte, occupancy limit)", fontsize=9)
        ax.legend(fontsize=7, loc="upper left")
        ax.grid(True, axis="y", alpha=0.3)
        paths.append(_save(fig, plt, out_dir, f"configs_{shape}.png"))
    return paths


def _peak_name(rows: list[dict]) -> str:
    """The instruction whose peak the rows' "% peak" is of ("FP32" FMA, or
    "wgmma f16" on the tensor cores)."""
    names = {r.get("peak_instruction") for r in rows if r.get("fp32_peak_gflops")}
    name = names.pop() if len(names) == 1 else None
    return "FP32" if name in (None, "fma f32") else name


def _cublas_name(rows: list[dict]) -> str:
    """The cuBLAS calls the rows were compared with, the faster of each
    run's two: SGEMM or cuBLASLt for f32 operands, GemmEx or cuBLASLt with
    f32 compute for 16-bit ones (tile-run's references); cuBLAS TF32 for
    precision tf32 (docs/precision.md)."""
    lt = " / cuBLASLt" if any(r.get("cublaslt_timed") for r in rows) else ""
    if any(r.get("element_type") in ("f16", "bf16") for r in rows):
        return f"cuBLAS GemmEx{lt} (f32 compute, tensor cores)"
    if rows and all(r.get("precision") == "tf32" for r in rows):
        return "cuBLAS TF32 (CUBLAS_COMPUTE_32F_FAST_TF32)"
    return f"cuBLAS SGEMM{lt} (TF32 off)"


def markdown(rows: list[dict], title: str, plots: list[str], header: str = "") -> str:
    parts = [f"# {title}\n"]
    if header:
        parts.append(header.rstrip() + "\n")
    for shape, group in _by_shape(rows).items():
        cublas = _cublas(group)
        parts.append(f"## {shape}\n")
        if cublas:
            parts.append(f"{_cublas_name(group)}, same runs: {cublas / 1000:.2f} TFLOP/s.\n")
        parts.append(table(group))
        profile = profile_table(group)
        if profile:
            parts.append("Profiler (Nsight Compute, one launch; stalls as a "
                         "share of active warp cycles):\n")
            parts.append(profile)
        parts.append(explain(shape, group) + "\n")
    for p in plots:
        parts.append(f"![{os.path.basename(p)}]({os.path.basename(p)})\n")
    failed = [r for r in rows if r["status"] not in ("ok",)]
    if failed:
        parts.append("## Not measured\n")
        for r in failed:
            why = (r.get("diagnostic") or "").strip().splitlines()
            parts.append(f"- {r['name']}: {r['status']}"
                         + (f": `{why[0]}`" if why else ""))
        parts.append("")
    return "\n".join(parts)
