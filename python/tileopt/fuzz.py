"""A seeded fuzzer of tile-opt and tile-run.

Each case is one of: a generated input (random shapes, function names,
forms, memory spaces, aliasing, nesting, explicit #tile.config attributes)
compiled with random pipeline options into a random kind of artifact
directory; a byte- or token-level mutation of a valid input; or a mutation of
a valid manifest run through tile-run. Every run happens in a private
sandbox that also holds files of a "user" (a folder, a file, a link), and is
classified:

  rejected   non-zero exit with an `error:` diagnostic, nothing written
  artifact   exit 0 and, where an artifact was asked for, a complete one
             that tile-run accepts (exit 0, or 77 without a GPU)
  crash      a signal, a crash report, or an exit code that is neither
  hang       no exit within the time limit
  partial    a failed run that left an artifact or a staging directory
  unclear    a failed run that printed no `error:` diagnostic
  touched    a file outside the artifact changed, appeared or vanished
  refused    tile-run refused an artifact tile-opt wrote (exit 2)
  bad-exit   tile-run on a mutated manifest crashed, hung, or exited with a
             code it does not document

The first two are fine; every other class is a finding, saved with the
command that reproduces it.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

from .mlir import EPILOGUE_OPS, config_attr, matmul_module

GOOD = ("rejected", "artifact")

NAMES = ["f", "matmul", "my-kernel", "a b", "x/y", "ns::k", "9lives", "k.v",
         "caf\u00e9", "f_matmul_0", "_", "$x", "a" * 300, "entry", "ret", "\u00e9"]
SIZES = [1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128,
         129, 255, 256, 1000, 1023, 1024, 2039, 2048, 2053, 4095, 4096, 65535,
         65536, 1 << 20, 2147483647, 2147483648, 1 << 40, 1 << 62]
TYPES = ["f32", "f32", "f32", "f32", "f16", "bf16", "f64", "i8", "i32"]
CHIPS = ["sm_90", "sm_90a", "sm_80", "sm_42", "gfx942", ""]
STRATEGIES = ["naive", "tiled", "tiled", "tiled", "wgmma"]
COPIES = ["registers", "async", "tma", "tma", "dma"]


def _size(rng: random.Random, small: bool) -> int:
    if small or rng.random() < 0.7:
        return rng.choice(SIZES[:30])
    return rng.choice(SIZES)


def _tile(rng: random.Random) -> int:
    return rng.choice([0, 1, 2, 3, 4, 8, 16, 32, 64, 96, 128, 256, 512, 4096,
                       4097, 1 << 31, 1 << 62, -1])


@dataclass
class Case:
    kind: str
    args: list[str] = field(default_factory=list)
    input: str = ""
    artifact: str | None = None


def _symbol(name: str) -> str:
    return '@"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _matmul_function(rng: random.Random, name: str, m: int, n: int, k: int,
                     elem: str) -> str:
    """One function with a matmul in a random form."""
    space = rng.choice(["", "", "", "", ", 3", ", 5", ", #gpu.address_space<workgroup>"])
    a, b, c = (f"memref<{m}x{k}x{elem}{space}>", f"memref<{k}x{n}x{elem}>",
               f"memref<{m}x{n}x{elem}>")
    form = rng.choice(["memref", "memref", "tensor", "alias", "fill", "launch"])
    if form == "tensor":
        ta, tb, tc = (f"tensor<{m}x{k}x{elem}>", f"tensor<{k}x{n}x{elem}>",
                      f"tensor<{m}x{n}x{elem}>")
        fill = rng.random() < 0.5
        body = (f"  %z = arith.constant 0.0 : {elem}\n"
                f"  %e = tensor.empty() : {tc}\n"
                f"  %f = linalg.fill ins(%z : {elem}) outs(%e : {tc}) -> {tc}\n"
                if fill else "")
        out = "%f" if fill else "%C"
        return (f"func.func {_symbol(name)}(%A: {ta}, %B: {tb}, %C: {tc}) -> {tc} {{\n"
                + body +
                f"  %r = linalg.matmul ins(%A, %B : {ta}, {tb}) outs({out} : {tc}) -> {tc}\n"
                f"  return %r : {tc}\n}}\n")
    config = ""
    if rng.random() < 0.3:
        config = " {tile.config = " + _config_attr(rng) + "}"
    matmul = (f"  linalg.matmul{config} ins(%A, %B : {a}, {b}) outs(%C : {c})\n")
    if form == "alias":
        matmul = matmul.replace("outs(%C", "outs(%A").replace(f"outs(%A : {c}", f"outs(%A : {a}")
    if form == "fill":
        matmul = (f"  %z = arith.constant 0.0 : {elem}\n"
                  f"  linalg.fill ins(%z : {elem}) outs(%C : {c})\n" + matmul)
    if form == "launch":
        matmul = ("  %one = arith.constant 1 : index\n"
                  "  gpu.launch blocks(%bx, %by, %bz) in (%x = %one, %y = %one, %z = %one)"
                  " threads(%tx, %ty, %tz) in (%p = %one, %q = %one, %r = %one) {\n"
                  + matmul + "    gpu.terminator\n  }\n")
    return (f"func.func {_symbol(name)}(%A: {a}, %B: {b}, %C: {c}) {{\n"
            + matmul + "  return\n}\n")


def _config_fields(rng: random.Random) -> dict:
    """Random #tile.config fields, some of them out of range or misspelt."""
    fields = {"strategy": rng.choice(STRATEGIES),
              "block": [_tile(rng) for _ in range(rng.choice([3, 3, 3, 2, 4]))],
              "thread": [rng.choice([1, 2, 4, 8, 16, 300, 0]) for _ in range(2)]}
    if rng.random() < 0.4:
        fields["warp"] = [_tile(rng), _tile(rng)]
    for key, values in (("stages", [1, 2, 3, 4, 33, 1 << 40, 0, -1]),
                        ("pad", [0, 1, 4, 257, -1]), ("copy", COPIES),
                        ("blocks_per_sm", [1, 2, 65, 1 << 33]),
                        ("a", ["direct", "restaged", "both"]),
                        ("b", ["direct", "row_groups", "packed", "restaged", "true"]),
                        ("scheduler", ["data_parallel", "stream_k", "persistent",
                                       "split_tail", "greedy"]),
                        ("order", ["rows", "columns", "spiral"]),
                        ("wgmma", [(64, 128, 16), (64, 256, 16), (64, 96, 16),
                                   (128, 64, 16), (64, 64), (64, 128, 8)]),
                        ("precision", ["ieee", "tf32", "tf32x3", "tf16"]),
                        ("registers", ["a", "b", "c"]),
                        ("truncated", ["none", "b", "a"]),
                        ("producer", ["none", "warpgroup", "both"]),
                        ("tile_order", ["along_n", "along_m", "diagonal"]),
                        ("cluster", [1, 2, 3, 0, 1 << 40]),
                        ("group", [0, 1, 2, 8, 5, -1, 1 << 40])):
        if rng.random() < 0.25:
            fields[key] = rng.choice(values)
    return fields


def _config_attr(rng: random.Random) -> str:
    return config_attr(**_config_fields(rng))


def _generated_input(rng: random.Random) -> str:
    pieces = []
    small = rng.random() < 0.8
    for i in range(rng.choice([1, 1, 1, 2, 3])):
        m, n, k = (_size(rng, small) for _ in range(3))
        elem = rng.choice(TYPES)
        pieces.append(_matmul_function(rng, rng.choice(NAMES), m, n, k, elem))
    # Duplicate function names are invalid MLIR: keep the parser's error for
    # them rare by renaming repeats.
    text = ""
    seen: set[str] = set()
    for p in pieces:
        head = p.split("(")[0]
        if head in seen:
            p = p.replace(head, head[:-1] + "_" + str(len(seen)) + '"', 1)
        seen.add(p.split("(")[0])
        text += p
    extra = rng.random()
    if extra < 0.1:
        text = "module @inner {\n" + text + "}\n"
    elif extra < 0.2:
        text = ("module attributes {gpu.container_module} {\n"
                "gpu.module @f_matmul_0_module {\n"
                "  gpu.func @f_matmul_0() kernel { gpu.return }\n}\n" + text + "}\n")
    elif extra < 0.3:
        text += ("func.func @plain(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                 "  return %x : tensor<4xf32>\n}\n")
    elif extra < 0.35:
        text += ("func.func @bmm(%A: memref<2x4x4xf32>, %B: memref<2x4x4xf32>, %C: memref<2x4x4xf32>) {\n"
                 "  linalg.batch_matmul ins(%A, %B : memref<2x4x4xf32>, memref<2x4x4xf32>)"
                 " outs(%C : memref<2x4x4xf32>)\n  return\n}\n")
    return text


def _mutated_input(rng: random.Random, seed_text: str) -> str:
    text = seed_text
    for _ in range(rng.randint(1, 4)):
        if not text:
            break
        i = rng.randrange(len(text))
        op = rng.random()
        if op < 0.3:  # replace a number
            j = i
            while j < len(text) and not text[j].isdigit():
                j += 1
            e = j
            while e < len(text) and text[e].isdigit():
                e += 1
            if j < e:
                text = text[:j] + str(rng.choice(SIZES + [0])) + text[e:]
        elif op < 0.5:
            text = text[:i] + text[i + rng.randint(1, 20):]
        elif op < 0.7:
            j = rng.randrange(len(text))
            text = text[:i] + text[j:j + rng.randint(1, 40)] + text[i:]
        elif op < 0.85:
            text = text.replace("f32", rng.choice(TYPES), 1)
        else:
            text = text[:i] + chr(rng.randrange(32, 127)) + text[i + 1:]
    return text


def _pipeline_options(rng: random.Random) -> list[str]:
    opts = []
    if rng.random() < 0.8:
        opts.append("chip=" + rng.choice(CHIPS[:3] * 4 + CHIPS))
    # config= or strategy= (rarely both, which is an error).
    strategy = rng.random() < 0.4
    if strategy:
        opts.append("strategy=" + rng.choice(STRATEGIES))
    if (not strategy and rng.random() < 0.9) or rng.random() < 0.05:
        quote = rng.choice(["'", "'", "{", ""])
        attr = _config_attr(rng)
        if not quote:
            attr = attr.replace(" ", "")
        opts.append("config=" + (quote + attr + quote if quote != "{" else "{" + attr + "}"))
    elif rng.random() < 0.1:
        opts.append("config=" + rng.choice(["foo", "'#tile.copy<>'", "''",
                                            "'#tile.config<tiled'"]))
    if rng.random() < 0.05 and opts:
        opts.append(rng.choice(opts))  # a duplicated option
    if rng.random() < 0.03:
        opts.append("bogus=1")
    return opts


def _snapshot(root: str, skip: str | None) -> dict[str, str]:
    """Path -> content hash (or link target) of everything under root."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        if skip and os.path.abspath(dirpath) == os.path.abspath(skip):
            dirnames[:] = []
            continue
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if skip and os.path.abspath(path) == os.path.abspath(skip):
                continue
            if os.path.islink(path):
                out[rel] = "link:" + os.readlink(path)
            elif os.path.isdir(path):
                out[rel] = "dir"
            else:
                with open(path, "rb") as f:
                    out[rel] = hashlib.sha1(f.read()).hexdigest()
        dirnames[:] = [d for d in dirnames
                       if not os.path.islink(os.path.join(dirpath, d))]
    return out


def _make_sandbox(root: str) -> None:
    os.makedirs(os.path.join(root, "work"))
    os.makedirs(os.path.join(root, "mine", "deep"))
    with open(os.path.join(root, "mine", "notes.txt"), "w") as f:
        f.write("the user's notes\n")
    with open(os.path.join(root, "mine", "deep", "data.bin"), "wb") as f:
        f.write(b"\x00\x01\x02")
    with open(os.path.join(root, "file.txt"), "w") as f:
        f.write("a file\n")
    os.symlink(os.path.join(root, "mine"), os.path.join(root, "link"))
    with open(os.path.join(root, "work", "keep.txt"), "w") as f:
        f.write("in the working directory\n")


def _fresh_artifact_dir(root: str) -> tuple[str, str]:
    path = os.path.join(root, "out", "art")
    return path, path


def _artifact_dir(rng: random.Random, root: str) -> tuple[str, str | None]:
    """(the artifact-dir option as written, the directory it may change)."""
    if rng.random() < 0.55:
        return _fresh_artifact_dir(root)
    options = [".", "..", "../mine", os.path.join(root, "mine"),
               os.path.join(root, "link"), os.path.join(root, "file.txt"),
               os.path.join(root, "file.txt", "art"), root, "/",
               os.path.join(root, "mine", "deep")]
    return rng.choice(options), None


@dataclass
class Outcome:
    verdict: str
    detail: str
    seconds: float


class ToolError(Exception):
    """tile-opt or tile-run cannot be run at all (missing, not executable,
    or failing the base example): the fuzzer's setup, not a finding."""


def _run(cmd: list[str], cwd: str, timeout: float) -> tuple[int | None, str]:
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True,
                           text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.stderr or ""
        return None, out if isinstance(out, str) else out.decode(errors="replace")
    except OSError as e:
        raise ToolError(f"cannot run {cmd[0]}: {e.strerror or e}") from e
    return p.returncode, p.stderr


def _check_artifact(tile_run: str, art: str, cwd: str, timeout: float) -> str | None:
    """Why the artifact at `art` is incomplete or refused, or None."""
    manifest = os.path.join(art, "manifest.json")
    if not os.path.isfile(manifest):
        return "no manifest.json"
    with open(manifest) as f:
        data = json.load(f)
    kernels = data.get("kernels", [])
    for k in kernels:
        for key in ("ptx", "cubin"):
            name = k.get(key)
            if name and not os.path.isfile(os.path.join(art, name)):
                return f"missing {name}"
        if k.get("cubin") is None and shutil.which("ptxas", path="/usr/local/cuda/bin"):
            return f"kernel {k.get('name')}: no cubin although ptxas is there"
    if not kernels:
        return None  # Nothing compiled (no matmul): the manifest lists none.
    # Without a GPU tile-run validates the manifest and exits 77; with one it
    # also checks every kernel against cuBLAS (exit 1: a wrong kernel).
    rc, err = _run([tile_run, art, "--check"], cwd, timeout)
    if rc in (0, 77) or (rc == 3 and "not enough device memory" in err):
        return None
    return f"tile-run exit {rc}: {err.strip()[-400:]}"


def _plausible_case(rng: random.Random) -> Case:
    """A config drawn from sizes the kernels are built for, on a small ragged
    problem: most compile, so that the artifacts exercise the emitter (and,
    kept, can be checked on a GPU)."""
    m, n, k = (rng.choice([rng.randint(1, 300), rng.randint(1, 1100),
                           rng.choice([64, 128, 256, 512, 1024])])
               for _ in range(3))
    opts = ["chip=" + rng.choice(["sm_90", "sm_90", "sm_90a", "sm_80"])]
    if rng.random() < 0.15:
        block = (rng.choice([8, 16, 32]), rng.choice([8, 16, 32]), 1)
        opts.append(f"config='{config_attr('naive', block)}'")
    elif rng.random() < 0.25:
        opts.append("strategy=tiled")  # the default config for the shape
    elif rng.random() < 0.3:
        # The wgmma tile (16-bit operands below; sm_90a mostly), mostly
        # on rows of 16-byte multiples (K and N multiples of 8).
        if rng.random() < 0.8:
            n, k = -(-n // 8) * 8, -(-k // 8) * 8
        n_inst = rng.choice([64, 128, 256])
        wm, wn = rng.choice([64, 128]), n_inst * rng.choice([1, 1, 2])
        bm, bn = wm * rng.choice([1, 2]), wn * rng.choice([1, 2])
        fields = {"block": (bm, bn, rng.choice([64, 64, 128, 32])),
                  "warp": (wm, wn), "wgmma": (64, n_inst, 16), "copy": "tma",
                  "stages": rng.choice([2, 3, 4, 5])}
        if rng.random() < 0.4:
            fields["producer"] = "warpgroup"
        if rng.random() < 0.4:
            fields["tile_order"] = "along_m"
        if rng.random() < 0.3:
            fields["scheduler"] = rng.choice(["persistent", "stream_k",
                                              "split_tail"])
            fields["blocks_per_sm"] = 1
            if rng.random() < 0.3:
                # Tiles that fill whole waves of sm_90a's 132 SMs (no
                # tail for split_tail, which once crashed the pass).
                rows = rng.choice([1, 2, 3, 4, 6, 11, 12])
                m = bm * rows - rng.randint(0, bm - 1)
                n = bn * (132 // rows) - rng.randint(0, 7) * 8
        elif rng.random() < 0.3:
            fields["cluster"] = 2
        if rng.random() < 0.3 and fields.get("scheduler") != "stream_k":
            fields["group"] = rng.choice([2, 4, 8, 16])
        opts[0] = "chip=" + rng.choice(["sm_90a", "sm_90a", "sm_90a", "sm_90"])
        # f32 on the TF32 tensor cores: K = 8, BK of 32-column atoms, the
        # copies' grid barrier (one block per SM), any shape.
        element = rng.choice(["f16", "bf16", "f32"])
        c_element = rng.choice([None, "f32"])
        if element == "f32":
            fields.update(wgmma=(64, n_inst, 8), blocks_per_sm=1,
                          precision=rng.choice(["tf32", "tf32x3"]))
            fields["block"] = (bm, bn, rng.choice([32, 32, 64]))
            # B from registers: the instructions' 64 along C's columns.
            if fields["precision"] == "tf32" and rng.random() < 0.4:
                fields.update(registers="b", warp=(wn, wm))
                fields["block"] = (bn, bm, fields["block"][2])
            elif fields["precision"] == "tf32" and rng.random() < 0.3:
                # B read as stored (N x K when transposed), truncated.
                fields["truncated"] = "b"
            fields.pop("cluster", None)
            c_element = None
        opts.append(f"config='{config_attr(**fields)}'")
        # Stored transposes (TF32 refuses them with a diagnostic).
        text = _plausible_input(rng, m, n, k, rng.random() < 0.3, element,
                                c_element, transpose_a=rng.random() < 0.2,
                                transpose_b=rng.random() < 0.3)
        return Case(kind="plausible", args=opts, input=text, artifact="pipeline")
    else:
        tm, tn = rng.choice([1, 2, 4, 8]), rng.choice([1, 2, 4, 8])
        bm = tm * rng.choice([4, 8, 16, 32])
        bn = tn * rng.choice([4, 8, 16, 32])
        bk = rng.choice([4, 8, 16, 32])
        fields = {"block": (bm, bn, bk), "thread": (tm, tn)}
        lanes = [(wm, wn) for wm in (1, 2, 4, 8, 16, 32) for wn in (1, 2, 4, 8, 16, 32)
                 if wm * wn == 32 and bm % (wm * tm) == 0 and bn % (wn * tn) == 0]
        if lanes and rng.random() < 0.6:
            wm, wn = rng.choice(lanes)
            fields["warp"] = (wm * tm, wn * tn)
        copy = rng.choice(["registers", "async", "tma"])
        fields["copy"] = copy
        fields["stages"] = rng.choice([1, 2]) if copy == "registers" else rng.choice([2, 3, 4])
        if copy != "tma" and rng.random() < 0.5:
            fields["pad"] = rng.choice([1, 4])
        if rng.random() < 0.4:
            fields["blocks_per_sm"] = rng.choice([1, 2])
        if rng.random() < 0.3:
            fields["order"] = "columns"
        if copy == "tma":
            if rng.random() < 0.3:
                fields["a"] = "restaged"
            fields["b"] = rng.choice(["direct", "direct", "row_groups", "packed"])
            if rng.random() < 0.3:
                fields["scheduler"] = rng.choice(["stream_k", "split_tail"])
        opts.append(f"config='{config_attr(**fields)}'")
    fill = rng.random() < 0.7
    # Stored transposes: the fma tile reads A stored K x M as stored (or
    # copied, a = restaged) and B through its copy or re-staged boxes, or
    # refuses the config with a diagnostic.
    text = _plausible_input(rng, m, n, k, not fill,
                            transpose_a=rng.random() < 0.2,
                            transpose_b=rng.random() < 0.1)
    return Case(kind="plausible", args=opts, input=text, artifact="pipeline")


def _epilogue(rng: random.Random, batch: int) -> list[str]:
    """A chain of 1 to 3 epilogue ops, or none (most cases); inputs one
    per batch (`_b` ops) only after a batch."""
    if rng.random() < 0.7:
        return []
    names = [name for name, (index, _) in EPILOGUE_OPS.items()
             if batch or not (index or "").startswith("b")]
    names += ["scale:0.5", "cast:" + rng.choice(["f32", "f16", "bf16"])]
    return [rng.choice(names) for _ in range(rng.randint(1, 3))]


def _plausible_input(rng: random.Random, m: int, n: int, k: int,
                     accumulate: bool, element: str = "f32",
                     c_element: str | None = None, transpose_a: bool = False,
                     transpose_b: bool = False) -> str:
    """The case's matmul: memref form, or (C = A * B) tensor form with an
    epilogue chain now and then; a batch_matmul of 1 to 4 now and then (a
    third of them of one broadcast A or B), and without an epilogue now
    and then operands that are windows of larger buffers (at any
    offset)."""
    batch = rng.randint(1, 4) if rng.random() < 0.15 else 0
    ops = [] if accumulate else _epilogue(rng, batch)
    broadcast = rng.choice("ab") if batch and rng.random() < 0.3 else ""
    broadcast_a = broadcast == "a" and not transpose_a
    broadcast_b = broadcast == "b" and not transpose_b
    window = (tuple(rng.choice([0, 1, 3, 8]) for _ in range(3))
              if not ops and rng.random() < 0.15 else None)
    return matmul_module(m, n, k, accumulate=accumulate,
                         form="tensor" if ops else "memref", element=element,
                         c_element=c_element, transpose_a=transpose_a,
                         transpose_b=transpose_b, epilogue=ops, batch=batch,
                         broadcast_a=broadcast_a, broadcast_b=broadcast_b,
                         window=window)


def _compile_case(rng: random.Random, seeds: list[str]) -> Case:
    if rng.random() < 0.2:
        return _plausible_case(rng)
    opts = _pipeline_options(rng)
    if rng.random() < 0.25 and seeds:
        text = _mutated_input(rng, rng.choice(seeds))
        kind = "mutated-input"
    else:
        text = _generated_input(rng)
        kind = "generated-input"
    flag_form = rng.random()
    return Case(kind=kind, args=opts, input=text,
                artifact="pipeline" if flag_form < 0.8 else
                ("report" if flag_form < 0.9 else "configure"))


def _small_enough(art: str, limit: int = 1 << 24) -> bool:
    """Whether every kernel's A, B and C together have at most `limit`
    elements (worth keeping to check on a GPU)."""
    with open(os.path.join(art, "manifest.json")) as f:
        kernels = json.load(f).get("kernels", [])
    for k in kernels:
        p = k["problem"]
        if p["m"] * p["k"] + p["k"] * p["n"] + p["m"] * p["n"] > limit:
            return False
    return bool(kernels)


def run_compile(case: Case, tile_opt: str, tile_run: str, rng: random.Random,
                timeout: float, keep: str | None = None) -> Outcome:
    start = time.monotonic()
    root = tempfile.mkdtemp(prefix="tileopt-fuzz-")
    try:
        _make_sandbox(root)
        cwd = os.path.join(root, "work")
        with open(os.path.join(cwd, "in.mlir"), "w") as f:
            f.write(case.input)
        allowed = None
        cmd = [tile_opt, "in.mlir", "-o", os.devnull]
        if case.artifact == "pipeline":
            art, allowed = (_fresh_artifact_dir(root) if case.kind == "plausible"
                            else _artifact_dir(rng, root))
            cmd.append("--tile-gpu-pipeline=" + " ".join(case.args + [f"artifact-dir={art}"]))
        elif case.artifact == "report":
            cmd += ["--tile-configure=" + " ".join(case.args), "--tile-report"]
        else:
            cmd.append("--tile-configure=" + " ".join(case.args))
        case.args = cmd[1:]
        before = _snapshot(root, allowed)
        rc, err = _run(cmd, cwd, timeout)
        after = _snapshot(root, allowed)
        # What the run may write: the artifact directory, its parents.
        changed = sorted(set(before.items()) ^ set(after.items()))
        stray = [p for p, _ in changed
                 if not (allowed and os.path.join(root, p) in
                         (os.path.dirname(allowed), allowed))]
        secs = time.monotonic() - start
        if rc is None:
            return Outcome("hang", f"no exit in {timeout:.0f} s", secs)
        if rc < 0 or "PLEASE submit a bug report" in err or "Stack dump" in err:
            return Outcome("crash", f"exit {rc}: {err.strip()[-800:]}", secs)
        if rc not in (0, 1):
            return Outcome("crash", f"exit {rc}: {err.strip()[-800:]}", secs)
        # A staging directory tile-opt left beside the artifact.
        leftovers = [p for p in after if ".tmp" in p or ".old" in p]
        if leftovers:
            return Outcome("partial", f"left behind: {leftovers[:5]}", secs)
        if stray:
            return Outcome("touched", f"changed outside the artifact: {stray[:5]}", secs)
        if rc == 1:
            if "error:" not in err:
                return Outcome("unclear", f"exit 1 without an error: {err.strip()[-400:]}", secs)
            if allowed and os.path.exists(allowed):
                return Outcome("partial", "an artifact after a failed run", secs)
            return Outcome("rejected", err.strip().splitlines()[0][:200] if err.strip() else "", secs)
        if allowed:
            why = _check_artifact(tile_run, allowed, cwd, timeout)
            if why:
                return Outcome("refused", why, secs)
            # (A rerun of a seed keeps its cases again: the same artifact.)
            if keep and _small_enough(allowed):
                shutil.copytree(allowed, keep, dirs_exist_ok=True)
        return Outcome("artifact", "", secs)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _mutate_json(rng: random.Random, value):
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        r = rng.random()
        if r < 0.15:
            del value[key]
        elif r < 0.6:
            value[key] = _mutate_json(rng, value[key])
        else:
            value[key] = rng.choice([None, True, -1, 0, 1 << 31, 1 << 32, 1 << 53,
                                     1e300, -1e300, 0.5, "", "x" * 5000,
                                     "../../etc/passwd", "/dev/zero", [], {},
                                     [1 << 40, 1 << 40, 1 << 40], "sm_" + "9" * 30])
        return value
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        if rng.random() < 0.2:
            value.pop(i)
        else:
            value[i] = _mutate_json(rng, value[i])
        return value
    return rng.choice([None, -1, 0, 1, 65536, 1 << 31, 1 << 62, 1e20, "f16",
                       "tensor_map", "workspace", [0, 0, 0], value])


def run_manifest(base_dir: str, tile_run: str, rng: random.Random,
                 timeout: float) -> Outcome:
    start = time.monotonic()
    root = tempfile.mkdtemp(prefix="tileopt-fuzz-run-")
    try:
        art = os.path.join(root, "art")
        shutil.copytree(base_dir, art)
        with open(os.path.join(art, "manifest.json")) as f:
            data = json.load(f)
        for _ in range(rng.randint(1, 3)):
            data = _mutate_json(rng, data)
        special = rng.random()
        path = os.path.join(art, "manifest.json")
        os.remove(path)
        if special < 0.03:
            os.mkfifo(path)
        elif special < 0.06:
            os.symlink("/dev/zero", path)
        else:
            with open(path, "w") as f:
                json.dump(data, f)
        rc, err = _run([tile_run, art, "--check"], root, timeout)
        secs = time.monotonic() - start
        if rc is None:
            return Outcome("bad-exit", f"hang: no exit in {timeout:.0f} s", secs)
        if rc not in (0, 1, 2, 3, 77):
            return Outcome("bad-exit", f"exit {rc}: {err.strip()[-400:]}", secs)
        return Outcome("rejected" if rc == 2 else "artifact", err.strip()[:200], secs)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def fuzz(seconds: float, seed: int, tile_opt: str, tile_run: str,
         seeds_dir: str | None, out: str | None, timeout: float,
         keep: str | None = None, keep_max: int = 100,
         manifests_of: str | None = None,
         log=lambda line: print(line, flush=True)) -> int:
    """Runs cases until `seconds` pass; returns the number of findings.
    With `keep`, up to `keep_max` small valid artifacts are copied there
    (one directory per case seed), to be checked on a GPU with tile-run.
    With `manifests_of` (an artifact), only manifest cases run, mutating
    that artifact's manifest: no tile-opt needed (a GPU machine)."""
    # Runs happen in sandboxes: tools named by a relative path must still
    # be found.
    tile_opt, tile_run = (os.path.abspath(t) if os.sep in t else t
                          for t in (tile_opt, tile_run))
    rng = random.Random(seed)
    seeds = []
    if seeds_dir and os.path.isdir(seeds_dir):
        for name in sorted(os.listdir(seeds_dir)):
            if name.endswith(".mlir"):
                with open(os.path.join(seeds_dir, name)) as f:
                    seeds.append(f.read())
    base = tempfile.mkdtemp(prefix="tileopt-fuzz-base-")
    counts: dict[str, int] = {}
    findings = 0
    try:
        base_art = os.path.join(base, "art")
        if manifests_of:
            shutil.copytree(manifests_of, base_art)
        example = ("func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, "
                   "%C: memref<33x45xf32>) {\n  linalg.matmul ins(%A, %B : "
                   "memref<33x17xf32>, memref<17x45xf32>) outs(%C : "
                   "memref<33x45xf32>)\n  return\n}\n")
        src = os.path.join(base, "in.mlir")
        with open(src, "w") as f:
            f.write(example)
        if not manifests_of:
            rc, err = _run([tile_opt, src, "-o", os.devnull,
                            f"--tile-gpu-pipeline=strategy=tiled artifact-dir={base_art}"],
                           base, timeout)
            if rc != 0:
                raise ToolError(f"{tile_opt} does not compile the base example "
                                f"(exit {rc}): {err.strip()[:500]}")
        if keep:
            os.makedirs(keep, exist_ok=True)
        deadline = time.monotonic() + seconds
        n = 0
        while time.monotonic() < deadline:
            case_seed = rng.randrange(1 << 30)
            crng = random.Random(case_seed)
            if manifests_of or crng.random() < 0.2:
                case = Case(kind="manifest")
                outcome = run_manifest(base_art, tile_run, crng, timeout)
            else:
                case = _compile_case(crng, seeds)
                kept = (os.path.join(keep, str(case_seed))
                        if keep and len(os.listdir(keep)) < keep_max else None)
                outcome = run_compile(case, tile_opt, tile_run, crng, timeout,
                                      kept)
            n += 1
            counts[outcome.verdict] = counts.get(outcome.verdict, 0) + 1
            if outcome.verdict not in GOOD:
                findings += 1
                log(f"finding: case {case_seed} ({case.kind}): {outcome.verdict}: "
                    f"{outcome.detail}")
                if out:
                    os.makedirs(out, exist_ok=True)
                    with open(os.path.join(out, f"{case_seed}.json"), "w") as f:
                        json.dump({"seed": seed, "case_seed": case_seed,
                                   "kind": case.kind, "verdict": outcome.verdict,
                                   "detail": outcome.detail, "args": case.args,
                                   "input": case.input}, f, indent=2)
        summary = ", ".join(f"{v} {c}" for v, c in sorted(counts.items()))
        log(f"fuzz: seed {seed}: {n} runs in {seconds:.0f} s: {summary}; "
            f"{findings} finding(s)")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return findings
