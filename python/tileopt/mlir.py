"""The one generator of matmul input files and of `#tile.config` text: every
tool that writes a `linalg.matmul` for tile-opt (gpu-artifacts.sh through
`python3 -m tileopt matmul-mlir`, the sweeps, the fuzzer, the lit config
sweep) calls `matmul_module`, and every one that writes a config calls
`config_attr`.
"""

from __future__ import annotations


# linalg.matmul's indexing maps for A stored K x M and B stored N x K.
_MAPS = ("affine_map<({d}) -> ({a})>, affine_map<({d}) -> ({b})>, "
         "affine_map<({d}) -> ({c})>")


# The epilogue ops `matmul_module` chains after the matmul (docs/design.md,
# "Fused epilogues"): name -> (extra input's shape, body) where the body
# computes %r from %x (the value so far) and %v (the input's element) in
# type T. `scale:S` multiplies by S, `cast:T` converts to T. After a
# batch_matmul, `bias_n`, `bias_m` and `residual` are one input for every
# batch, the `_b` forms one per batch.
EPILOGUE_OPS = {
    "bias_n": ("n", ["%r = arith.addf %x, %v : T"]),
    "bias_m": ("m", ["%r = arith.addf %x, %v : T"]),
    "residual": ("mn", ["%r = arith.addf %x, %v : T"]),
    "bias_bn": ("bn", ["%r = arith.addf %x, %v : T"]),
    "bias_bm": ("bm", ["%r = arith.addf %x, %v : T"]),
    "residual_b": ("bmn", ["%r = arith.addf %x, %v : T"]),
    "relu": (None, ["%z = arith.constant 0.0 : T",
                    "%r = arith.maximumf %x, %z : T"]),
    "gelu_erf": (None, ["%h = arith.constant 0.5 : T",
                        "%one = arith.constant 1.0 : T",
                        "%s = arith.constant 0.70710678118654752 : T",
                        "%xs = arith.mulf %x, %s : T",
                        "%er = math.erf %xs : T",
                        "%p = arith.addf %er, %one : T",
                        "%hx = arith.mulf %x, %h : T",
                        "%r = arith.mulf %hx, %p : T"]),
    "gelu_tanh": (None, ["%h = arith.constant 0.5 : T",
                         "%one = arith.constant 1.0 : T",
                         "%c = arith.constant 0.044715 : T",
                         "%s = arith.constant 0.79788456080286536 : T",
                         "%x2 = arith.mulf %x, %x : T",
                         "%x3 = arith.mulf %x2, %x : T",
                         "%cx3 = arith.mulf %x3, %c : T",
                         "%in = arith.addf %x, %cx3 : T",
                         "%u = arith.mulf %in, %s : T",
                         "%t = math.tanh %u : T",
                         "%p = arith.addf %t, %one : T",
                         "%hx = arith.mulf %x, %h : T",
                         "%r = arith.mulf %hx, %p : T"]),
    "silu": (None, ["%one = arith.constant 1.0 : T",
                    "%nx = arith.negf %x : T",
                    "%ex = math.exp %nx : T",
                    "%d = arith.addf %ex, %one : T",
                    "%r = arith.divf %x, %d : T"]),
}


def epilogue_ops(words: str) -> list[str]:
    """The ops of an `epilogue=` value (comma-separated EPILOGUE_OPS names,
    `scale:S`, `cast:T`), checked."""
    ops = [w for w in words.split(",") if w]
    for op in ops:
        key, _, value = op.partition(":")
        if key == "scale":
            float(value)
        elif key == "cast":
            if value not in ("f32", "f16", "bf16"):
                raise ValueError(f"cast:{value}: not f32, f16 or bf16")
        elif op not in EPILOGUE_OPS:
            raise ValueError(f"unknown epilogue op '{op}' (known: "
                             f"{', '.join(EPILOGUE_OPS)}, scale:S, cast:T)")
    return ops


def _epilogue(ops: list[str], m: int, n: int, c_element: str,
              batch: int = 0):
    """Tensor-form linalg.generic ops chaining `ops` after %D (of `batch`
    M x N matrices where `batch` > 0): (extra arguments, lines, the
    result's name and type)."""
    args, lines = [], []
    value, t = "%D", c_element
    lead, dims = (f"{batch}x", "b, m, n") if batch else ("", "m, n")
    iterators = ", ".join(['"parallel"'] * (3 if batch else 2))
    for i, op in enumerate(ops):
        key, _, arg = op.partition(":")
        out_t = arg if key == "cast" else t
        index, body = EPILOGUE_OPS.get(op, (None, []))
        if key == "scale":
            body = [f"%f = arith.constant {float(arg)!r} : T",
                    "%r = arith.mulf %x, %f : T"]
        elif key == "cast":
            # f16 <-> bf16 through f32 (neither holds the other).
            if arg == t:
                body = []
            elif arg == "f32":
                body = [f"%r = arith.extf %x : {t} to f32"]
            elif t == "f32":
                body = [f"%r = arith.truncf %x : f32 to {arg}"]
            else:
                body = [f"%w = arith.extf %x : {t} to f32",
                        f"%r = arith.truncf %w : f32 to {arg}"]
        maps = [f"affine_map<({dims}) -> ({dims})>"]
        ins = [f"{value} : tensor<{lead}{m}x{n}x{t}>"]
        block = [f"%x: {t}"]
        if index:
            if index.startswith("b") and not batch:
                raise ValueError(f"{op} reads one input per batch: it "
                                 "needs a batch")
            shape = {"mn": f"{m}x{n}", "n": f"{n}", "m": f"{m}",
                     "bmn": f"{batch}x{m}x{n}", "bn": f"{batch}x{n}",
                     "bm": f"{batch}x{m}"}[index]
            arg_name = f"%E{len(args) + 1}"
            args.append(f"{arg_name}: tensor<{shape}x{t}>")
            maps.append(f"affine_map<({dims}) -> ({', '.join(index)})>")
            ins.append(f"{arg_name} : tensor<{shape}x{t}>")
            block.append(f"%v: {t}")
        maps.append(f"affine_map<({dims}) -> ({dims})>")
        result = f"%Y{i}"
        out = f"tensor<{lead}{m}x{n}x{out_t}>"
        body_lines = [line.replace(" : T", f" : {t}") for line in body]
        yielded = "%r" if body_lines else "%x"
        lines += [f"  %o{i} = tensor.empty() : {out}",
                  f"  {result} = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
                  f"iterator_types = [{iterators}]}}",
                  f"      ins({', '.join(v.split(' : ')[0] for v in ins)} : "
                  f"{', '.join(v.split(' : ')[1] for v in ins)}) outs(%o{i} : {out}) {{",
                  f"  ^bb0({', '.join(block)}, %out: {out_t}):"]
        lines += [f"    {line}" for line in body_lines]
        lines += [f"    linalg.yield {yielded} : {out_t}", f"  }} -> {out}"]
        value, t = result, out_t
    return args, lines, value, f"tensor<{lead}{m}x{n}x{t}>"


def matmul_module(m: int, n: int, k: int, *, accumulate: bool = False,
                  form: str = "tensor", name: str = "matmul",
                  element: str = "f32", c_element: str | None = None,
                  transpose_a: bool = False, transpose_b: bool = False,
                  epilogue: list[str] | None = None,
                  batch: int = 0, broadcast_a: bool = False,
                  broadcast_b: bool = False, window=None,
                  header: str = "") -> str:
    """A function `@name` computing C = A * B (a zero `linalg.fill` of C
    before the matmul) or, with `accumulate`, C += A * B on M x K and K x N
    operands of `element` into C of `c_element` (default: `element`), in
    tensor form (C returned) or memref form (C an argument). With
    `transpose_a` A is stored K x M, with `transpose_b` B N x K (PyTorch's
    Linear weight), through the matmul's indexing_maps. `epilogue` (tensor
    form): EPILOGUE_OPS names applied in order, each a linalg.generic on the
    result (their inputs E1, E2, ... arguments after A and B), the last one
    returned. `batch` > 0: a linalg.batch_matmul of `batch` such products
    (operands B x M x K or B x K x M, B x K x N or B x N x K, B x M x N),
    its epilogue over (b, m, n); with `broadcast_a`, A is one M x K matrix that
    every batch reads (map `(b, m, n, k) -> (m, k)`), with `broadcast_b` B
    one K x N matrix (`-> (k, n)`). `window` = (R0, C0, P) (memref form):
    each operand is a window (a `memref.subview`) of a larger argument,
    rows + R0 by cols + C0 + P elements per matrix (the width rounded up
    to a multiple of 8), starting at row R0, column C0. `header` (one line, without `//`) goes first as a comment."""
    if window is not None and (len(window) != 3 or min(window) < 0):
        raise ValueError("a window is (R0, C0, P) of non-negative sizes")
    if form not in ("tensor", "memref"):
        raise ValueError(f"form must be 'tensor' or 'memref', got {form!r}")
    if epilogue and form != "tensor":
        raise ValueError("an epilogue is generated in tensor form only")
    if broadcast_a and (not batch or transpose_a):
        raise ValueError("a broadcast A needs a batch and is not transposed")
    if broadcast_b and (not batch or transpose_b or broadcast_a):
        raise ValueError("a broadcast B needs a batch, is not transposed "
                         "and A is not broadcast")
    kind = "tensor" if form == "tensor" else "memref"
    lead = f"{batch}x" if batch else ""
    op = "linalg.batch_matmul" if batch else "linalg.matmul"
    a_shape = ("" if broadcast_a else lead) + (
        f"{k}x{m}" if transpose_a else f"{m}x{k}")
    b_shape = ("" if broadcast_b else lead) + (
        f"{n}x{k}" if transpose_b else f"{k}x{n}")
    a, b = f"{kind}<{a_shape}x{element}>", f"{kind}<{b_shape}x{element}>"
    maps = ""
    if transpose_a or transpose_b or broadcast_a or broadcast_b:
        b_ = "b, " if batch else ""
        maps = " indexing_maps = [" + _MAPS.format(
            d=b_ + "m, n, k", c=b_ + "m, n",
            a=("" if broadcast_a else b_) + ("k, m" if transpose_a else "m, k"),
            b=("" if broadcast_b else b_) + ("n, k" if transpose_b else "k, n")) + "]"
    c_element = c_element or element
    c = f"{kind}<{lead}{m}x{n}x{c_element}>"
    lines = [f"// {header}"] if header else []
    if form == "tensor":
        extra, chain, result, result_type = _epilogue(epilogue or [], m, n,
                                                      c_element, batch)
        params, views = [f"%A: {a}", f"%B: {b}"], []
        if window:  # A and B windows of larger tensors; C returned whole
            for i, (operand, shape) in enumerate((("A", a_shape),
                                                   ("B", b_shape))):
                params[i], line, _ = _window(operand, shape, element, window,
                                             "tensor")
                views.append(line)
        args = ", ".join(params + extra + ([f"%C: {c}"] if accumulate else []))
        lines.append(f"func.func @{name}({args}) -> {result_type} {{")
        lines += views
        if not accumulate:
            lines += [f"  %zero = arith.constant 0.0 : {c_element}",
                      f"  %e = tensor.empty() : {c}",
                      f"  %C = linalg.fill ins(%zero : {c_element}) outs(%e : {c}) -> {c}"]
        lines += [f"  %D = {op}{maps} ins(%A, %B : {a}, {b}) outs(%C : {c}) -> {c}"]
        lines += chain + [f"  return {result} : {result_type}"]
    else:
        params, views = [f"%A: {a}", f"%B: {b}", f"%C: {c}"], []
        if window:  # the arguments are the buffers, the matmul's their windows
            types = []
            for i, (operand, shape, element_type) in enumerate((
                    ("A", a_shape, element), ("B", b_shape, element),
                    ("C", f"{lead}{m}x{n}", c_element))):
                params[i], line, view = _window(operand, shape, element_type,
                                                window, "memref")
                views.append(line)
                types.append(view)
            a, b, c = types
        lines.append(f"func.func @{name}({', '.join(params)}) {{")
        lines += views
        if not accumulate:
            lines += [f"  %zero = arith.constant 0.0 : {c_element}",
                      f"  linalg.fill ins(%zero : {c_element}) outs(%C : {c})"]
        lines += [f"  {op}{maps} ins(%A, %B : {a}, {b}) outs(%C : {c})",
                  "  return"]
    lines.append("}")
    return "\n".join(lines) + "\n"


def _window(operand: str, shape: str, element: str, window, kind: str):
    """Operand `operand` (stored `shape`, "RxC" or "BxRxC") as a window of
    a larger `kind` argument `%{operand}buf` (matmul_module's `window`):
    the parameter, the line that views it (`%{operand}`), its type."""
    dims = [int(d) for d in shape.split("x")]
    rows, cols = dims[-2:]
    r0, c0, pad = window
    ld, height = -(-(cols + c0 + pad) // 8) * 8, rows + r0
    buffer = f"{kind}<{'x'.join(map(str, dims[:-2] + [height, ld]))}x{element}>"
    at = (f"%{operand}buf{_sizes([0] * (len(dims) - 2) + [r0, c0])} "
          f"{_sizes(dims)} {_sizes([1] * len(dims))}")
    if kind == "tensor":
        view = f"tensor<{shape}x{element}>"
        line = f"  %{operand} = tensor.extract_slice {at} : {buffer} to {view}"
    else:
        strides = [height * ld] * (len(dims) - 2) + [ld, 1]
        view = (f"memref<{shape}x{element}, strided<{_sizes(strides)}, "
                f"offset: {r0 * ld + c0}>>")
        line = f"  %{operand} = memref.subview {at} : {buffer} to {view}"
    return f"%{operand}buf: {buffer}", line, view


def _sizes(values) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def config_attr(strategy: str = "tiled", block=(16, 16, 1), thread=(1, 1),
                warp=None, *, order: str = "rows", copy: str = "registers",
                pad=0, a: str = "direct", b: str = "direct", stages=1,
                blocks_per_sm=0, scheduler: str = "data_parallel",
                wgmma=None, precision: str = "ieee", registers: str = "a",
                truncated: str = "none", producer: str = "none",
                tile_order: str = "along_n", cluster=1, group=0) -> str:
    """The `#tile.config` of these fields (docs/dialect.md), the nested
    attributes left out where every field is at its default, as tile-opt
    prints it; `wgmma` (the instruction shape) makes the tile
    `#tile.wgmma<...>` (with its `precision`, `registers` and
    `truncated`) instead of `#tile.fma<thread, order>`. Values are written as given, so that the
    fuzzers can ask for invalid ones."""
    tile = f"thread = {_sizes(thread)}" + (f", order = {order}" if order != "rows" else "")
    parts = [strategy, f"block = {_sizes(block)}"]
    if warp:
        parts.append(f"warp = {_sizes(warp)}")
    wgmma_fields = f"shape = {_sizes(wgmma)}" if wgmma else ""
    if wgmma and precision != "ieee":
        wgmma_fields += f", precision = {precision}"
    if wgmma and registers != "a":
        wgmma_fields += f", registers = {registers}"
    if wgmma and truncated != "none":
        wgmma_fields += f", truncated = {truncated}"
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
