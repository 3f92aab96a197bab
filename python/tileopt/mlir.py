"""The one generator of matmul input files and of `#tile.config` text: every
tool that writes a `linalg.matmul` for tile-opt (gpu-artifacts.sh through
`python3 -m tileopt matmul-mlir`, the sweeps, the fuzzer, the lit config
sweep) calls `matmul_module`, and every one that writes a config calls
`config_attr`.
"""

from __future__ import annotations


# linalg.matmul's indexing maps for A stored K x M and B stored N x K.
_MAPS = ("affine_map<(m, n, k) -> ({a})>, affine_map<(m, n, k) -> ({b})>, "
         "affine_map<(m, n, k) -> (m, n)>")


def matmul_module(m: int, n: int, k: int, *, accumulate: bool = False,
                  form: str = "tensor", name: str = "matmul",
                  element: str = "f32", c_element: str | None = None,
                  transpose_a: bool = False, transpose_b: bool = False,
                  header: str = "") -> str:
    """A function `@name` computing C = A * B (a zero `linalg.fill` of C
    before the matmul) or, with `accumulate`, C += A * B on M x K and K x N
    operands of `element` into C of `c_element` (default: `element`), in
    tensor form (C returned) or memref form (C an argument). With
    `transpose_a` A is stored K x M, with `transpose_b` B N x K (PyTorch's
    Linear weight), through the matmul's indexing_maps. `header` (one line,
    without `//`) goes first as a comment."""
    if form not in ("tensor", "memref"):
        raise ValueError(f"form must be 'tensor' or 'memref', got {form!r}")
    kind = "tensor" if form == "tensor" else "memref"
    a_shape = f"{k}x{m}" if transpose_a else f"{m}x{k}"
    b_shape = f"{n}x{k}" if transpose_b else f"{k}x{n}"
    a, b = f"{kind}<{a_shape}x{element}>", f"{kind}<{b_shape}x{element}>"
    maps = ""
    if transpose_a or transpose_b:
        maps = " indexing_maps = [" + _MAPS.format(
            a="k, m" if transpose_a else "m, k",
            b="n, k" if transpose_b else "k, n") + "]"
    c_element = c_element or element
    c = f"{kind}<{m}x{n}x{c_element}>"
    lines = [f"// {header}"] if header else []
    if form == "tensor":
        args = f"%A: {a}, %B: {b}" + (f", %C: {c}" if accumulate else "")
        lines.append(f"func.func @{name}({args}) -> {c} {{")
        if not accumulate:
            lines += [f"  %zero = arith.constant 0.0 : {c_element}",
                      f"  %e = tensor.empty() : {c}",
                      f"  %C = linalg.fill ins(%zero : {c_element}) outs(%e : {c}) -> {c}"]
        lines += [f"  %D = linalg.matmul{maps} ins(%A, %B : {a}, {b}) outs(%C : {c}) -> {c}",
                  f"  return %D : {c}"]
    else:
        lines.append(f"func.func @{name}(%A: {a}, %B: {b}, %C: {c}) {{")
        if not accumulate:
            lines += [f"  %zero = arith.constant 0.0 : {c_element}",
                      f"  linalg.fill ins(%zero : {c_element}) outs(%C : {c})"]
        lines += [f"  linalg.matmul{maps} ins(%A, %B : {a}, {b}) outs(%C : {c})",
                  "  return"]
    lines.append("}")
    return "\n".join(lines) + "\n"


def _sizes(values) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def config_attr(strategy: str = "tiled", block=(16, 16, 1), thread=(1, 1),
                warp=None, *, order: str = "rows", copy: str = "registers",
                pad=0, a: str = "direct", b: str = "direct", stages=1,
                blocks_per_sm=0, scheduler: str = "data_parallel",
                wgmma=None, precision: str = "ieee", producer: str = "none",
                tile_order: str = "along_n", cluster=1, group=0) -> str:
    """The `#tile.config` of these fields (docs/dialect.md), the nested
    attributes left out where every field is at its default, as tile-opt
    prints it; `wgmma` (the instruction shape) makes the tile
    `#tile.wgmma<...>` (with its `precision`) instead of
    `#tile.fma<thread, order>`. Values are written as given, so that the
    fuzzers can ask for invalid ones."""
    tile = f"thread = {_sizes(thread)}" + (f", order = {order}" if order != "rows" else "")
    parts = [strategy, f"block = {_sizes(block)}"]
    if warp:
        parts.append(f"warp = {_sizes(warp)}")
    wgmma_fields = f"shape = {_sizes(wgmma)}" if wgmma else ""
    if wgmma and precision != "ieee":
        wgmma_fields += f", precision = {precision}"
    parts.append(f"tile = #tile.wgmma<{wgmma_fields}>" if wgmma
                 else f"tile = #tile.fma<{tile}>")
    copy_fields = [f"{key} = {value}" for key, value, default in (
        ("kind", copy, "registers"), ("pad", pad, 0), ("a", a, "direct"),
        ("b", b, "direct")) if value != default]
    if copy_fields:
        parts.append(f"copy = #tile.copy<{', '.join(copy_fields)}>")
    schedule_fields = [f"{key} = {value}" for key, value, default in (
        ("stages", stages, 1), ("blocks_per_sm", blocks_per_sm, 0),
        ("scheduler", scheduler, "data_parallel"), ("producer", producer, "none"),
        ("order", tile_order, "along_n"), ("cluster", cluster, 1),
        ("group", group, 0))
        if value != default]
    if schedule_fields:
        parts.append(f"schedule = #tile.schedule<{', '.join(schedule_fields)}>")
    return "#tile.config<" + ", ".join(parts) + ">"
