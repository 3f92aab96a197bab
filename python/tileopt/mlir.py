"""The one generator of matmul input files: every tool that writes a
`linalg.matmul` for tile-opt (gpu-artifacts.sh through `python3 -m tileopt
matmul-mlir`, the sweeps, the fuzzer, the lit config sweep) calls
`matmul_module`.
"""

from __future__ import annotations


def matmul_module(m: int, n: int, k: int, *, accumulate: bool = False,
                  form: str = "tensor", name: str = "matmul",
                  element: str = "f32", header: str = "") -> str:
    """A function `@name` computing C = A * B (a zero `linalg.fill` of C
    before the matmul) or, with `accumulate`, C += A * B on M x K and K x N
    operands of `element`, in tensor form (C returned) or memref form (C an
    argument). `header` (one line, without `//`) goes first as a comment."""
    if form not in ("tensor", "memref"):
        raise ValueError(f"form must be 'tensor' or 'memref', got {form!r}")
    kind = "tensor" if form == "tensor" else "memref"
    a, b, c = (f"{kind}<{m}x{k}x{element}>", f"{kind}<{k}x{n}x{element}>",
               f"{kind}<{m}x{n}x{element}>")
    lines = [f"// {header}"] if header else []
    if form == "tensor":
        args = f"%A: {a}, %B: {b}" + (f", %C: {c}" if accumulate else "")
        lines.append(f"func.func @{name}({args}) -> {c} {{")
        if not accumulate:
            lines += [f"  %zero = arith.constant 0.0 : {element}",
                      f"  %e = tensor.empty() : {c}",
                      f"  %C = linalg.fill ins(%zero : {element}) outs(%e : {c}) -> {c}"]
        lines += [f"  %D = linalg.matmul ins(%A, %B : {a}, {b}) outs(%C : {c}) -> {c}",
                  f"  return %D : {c}"]
    else:
        lines.append(f"func.func @{name}(%A: {a}, %B: {b}, %C: {c}) {{")
        if not accumulate:
            lines += [f"  %zero = arith.constant 0.0 : {element}",
                      f"  linalg.fill ins(%zero : {element}) outs(%C : {c})"]
        lines += [f"  linalg.matmul ins(%A, %B : {a}, {b}) outs(%C : {c})",
                  "  return"]
    lines.append("}")
    return "\n".join(lines) + "\n"
