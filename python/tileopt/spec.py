"""Sweep specs: one job per line, the format of `scripts/specs/*.spec` that
`scripts/gpu-artifacts.sh` reads too.

    # a comment
    NAME  MxNxK  PIPELINE-OPTIONS...

NAME names the job (its artifact directory and its row in the tables); the
options are `--tile-gpu-pipeline` options, e.g.
`config='#tile.config<...>'` or `strategy=tiled`; among them the word
`accumulate` makes the matmul C += A * B, `type=f16` and `c_type=f32`
set A's and B's and C's element types (default f32, and A's), and
`transpose_a` and `transpose_b` store A as K x M and B as N x K, and
`epilogue=OP,OP...` chains elementwise ops after the matmul (bias_n,
gelu_tanh, ...: `tileopt.mlir.EPILOGUE_OPS`), and `batch=B` makes it a
linalg.batch_matmul of B products (`broadcast_a`: of one M x K A,
`broadcast_b`: of one K x N B). A job whose config is a square block
tile T x T x T with one output per thread is the seeds' series: T is the
x-axis of the tile-size plots. The seeds' sweep is `scripts/specs/seeds.spec`,
"seeds" for short.

Lines the spec chooses, as Triton's `perf_report` does: `line=LABEL` puts the
job on the line LABEL and `x=VALUE` at VALUE on the x-axis of the plot
`lines_<shape>.png` (one line per label, cuBLAS beside them). Neither word
reaches the pipeline.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, asdict

from . import mlir

SHAPE = re.compile(r"^(\d+)x(\d+)x(\d+)$")
ELEMENT_TYPES = ("f32", "f16", "bf16")
NAME = re.compile(r"^[A-Za-z0-9_.+-]+$")
# A square block tile with one output per thread and nothing else.
SEEDS_TILE = re.compile(r"config='#tile\.config<tiled, block = \[(\d+), \1, \1\], "
                        r"tile = #tile\.fma<thread = \[1, 1\]>>'")
SPECS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "scripts", "specs")


@dataclass(frozen=True)
class Job:
    """One line of a spec: compiled to one artifact, run once."""
    name: str
    m: int
    n: int
    k: int
    options: str
    accumulate: bool = False
    element: str = "f32"
    c_element: str | None = None
    transpose_a: bool = False
    transpose_b: bool = False
    epilogue: str = ""
    batch: int = 0
    broadcast_a: bool = False
    broadcast_b: bool = False
    line: str | None = None
    x: str | None = None

    @property
    def shape(self) -> str:
        return f"{self.m}x{self.n}x{self.k}"

    @property
    def tile(self) -> int | None:
        match = SEEDS_TILE.search(self.options)
        return int(match.group(1)) if match else None

    def to_dict(self) -> dict:
        d = asdict(self)
        d.update(shape=self.shape, config=self.name, tile=self.tile)
        return d


class SpecError(ValueError):
    pass


def parse_shape(text: str) -> tuple[int, int, int]:
    match = SHAPE.match(text.strip())
    if not match:
        raise SpecError(f"shape '{text}' is not MxNxK")
    m, n, k = (int(x) for x in match.groups())
    if min(m, n, k) < 1:
        raise SpecError(f"shape '{text}' has an empty dimension")
    return m, n, k


def parse(text: str, where: str = "spec") -> list[Job]:
    """The jobs of a spec's text, in order."""
    jobs: list[Job] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split(None, 2)
        if not fields or fields[0].startswith("#"):
            continue
        at = f"{where}:{number}"
        if len(fields) < 2:
            raise SpecError(f"{at}: a job is NAME MxNxK OPTIONS...")
        name, shape = fields[0], fields[1]
        if not NAME.match(name):
            raise SpecError(f"{at}: job name '{name}' is not a plain file name")
        if name in seen:
            raise SpecError(f"{at}: two jobs are named '{name}'")
        seen.add(name)
        try:
            m, n, k = parse_shape(shape)
        except SpecError as e:
            raise SpecError(f"{at}: {e}") from None
        words = fields[2].split(" ") if len(fields) > 2 else []
        problem = {"accumulate": False, "transpose_a": False,
                   "transpose_b": False, "broadcast_a": False,
                   "broadcast_b": False, "type": "f32",
                   "c_type": None, "epilogue": "", "batch": 0}
        plot = {"line": None, "x": None}
        options = []
        for word in words:
            key, _, value = word.partition("=")
            if word in ("accumulate", "transpose_a", "transpose_b",
                        "broadcast_a", "broadcast_b"):
                problem[word] = True
            elif key in ("type", "c_type") and value:
                if value not in ELEMENT_TYPES:
                    raise SpecError(f"{at}: {key} '{value}' is not one of "
                                    f"{', '.join(ELEMENT_TYPES)}")
                problem[key] = value
            elif key == "epilogue" and value:
                try:
                    mlir.epilogue_ops(value)
                except ValueError as e:
                    raise SpecError(f"{at}: epilogue: {e}") from None
                problem["epilogue"] = value
            elif key == "batch" and value:
                if not value.isdigit() or int(value) < 1:
                    raise SpecError(f"{at}: batch '{value}' is not a positive "
                                    "integer")
                problem["batch"] = int(value)
            elif key in plot and value:
                plot[key] = value
            elif word:
                options.append(word)
        if (plot["line"] is None) != (plot["x"] is None):
            raise SpecError(f"{at}: line= and x= go together")
        jobs.append(Job(name=name, m=m, n=n, k=k, options=" ".join(options),
                        accumulate=problem["accumulate"],
                        element=problem["type"], c_element=problem["c_type"],
                        transpose_a=problem["transpose_a"],
                        transpose_b=problem["transpose_b"],
                        epilogue=problem["epilogue"],
                        batch=problem["batch"],
                        broadcast_a=problem["broadcast_a"],
                        broadcast_b=problem["broadcast_b"],
                        line=plot["line"], x=plot["x"]))
    if not jobs:
        raise SpecError(f"{where} has no jobs")
    return jobs


def load(path_or_name: str) -> list[Job]:
    """The jobs of a spec file, or of `scripts/specs/NAME.spec`."""
    path = path_or_name
    if not os.path.exists(path) and NAME.match(path_or_name):
        path = os.path.join(SPECS, path_or_name + ".spec")
    try:
        with open(path) as f:
            return parse(f.read(), path_or_name)
    except OSError as e:
        raise SpecError(f"cannot read spec '{path_or_name}': {e.strerror}") from e
