"""Sweep specs: shapes x configs, expanded to jobs.

A spec is JSON:

    {"name": "my-sweep",
     "shapes": ["2048x2048x2048", "2053x2039x2048"],
     "configs": [{"name": "T32", "options": "strategy=tiled block-tile=32,32,32",
                  "tile": 32}, ...]}

Each config is compiled for each shape; `options` are `--tile-gpu-pipeline`
options; `tile` (optional) is the x-axis of the tile-size plots. A config may
restrict itself to some shapes with "shapes": [...]. The seeds' sweep is
built in as the preset "seeds".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, asdict

SHAPE = re.compile(r"^(\d+)x(\d+)x(\d+)$")


@dataclass(frozen=True)
class Job:
    """One (shape, config) pair: compiled to one artifact, run once."""
    name: str
    m: int
    n: int
    k: int
    config: str
    options: str
    tile: int | None = None

    @property
    def shape(self) -> str:
        return f"{self.m}x{self.n}x{self.k}"

    def to_dict(self) -> dict:
        d = asdict(self)
        d["shape"] = self.shape
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


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")


def expand(spec: dict) -> list[Job]:
    """Expands a spec into jobs, in spec order (shapes outer, configs inner)."""
    if not isinstance(spec, dict):
        raise SpecError("a spec is a JSON object")
    shapes = spec.get("shapes")
    configs = spec.get("configs")
    if not shapes or not isinstance(shapes, list):
        raise SpecError("spec needs a non-empty 'shapes' list")
    if not configs or not isinstance(configs, list):
        raise SpecError("spec needs a non-empty 'configs' list")
    jobs: list[Job] = []
    seen: set[str] = set()
    for shape in shapes:
        m, n, k = parse_shape(shape)
        for config in configs:
            if not isinstance(config, dict) or "name" not in config or "options" not in config:
                raise SpecError(f"config {config!r} needs 'name' and 'options'")
            only = config.get("shapes")
            if only is not None and shape not in only:
                continue
            name = _slug(f"{config['name']}_{shape}")
            if name in seen:
                raise SpecError(f"two jobs are named '{name}'")
            seen.add(name)
            jobs.append(Job(name=name, m=m, n=n, k=k, config=config["name"],
                            options=config["options"], tile=config.get("tile")))
    return jobs


def seeds_preset() -> dict:
    """The seeds' sweep: square block tiles T = 8, 16, 32, 64 with one output
    per thread on 2048^3 and 2053x2039x2048 (T = 64 does not fit in 1024
    threads; T64-4x4 is the same tile with a 4 x 4 thread tile), beside the
    naive kernel, the default config (register-tiled,
    register-staged 2-stage K loop), the same tile with one stage, and with
    the 3-stage cp.async pipeline."""
    t = lambda size, extra="": {
        "name": f"T{size}", "tile": size,
        "options": f"strategy=tiled block-tile={size},{size},{size}{extra}"}
    wide = ("strategy=tiled block-tile=64,256,16 warp-tile=32,64 "
            "thread-tile=8,8 smem-pad=4 blocks-per-sm=2")
    narrow = ("strategy=tiled block-tile=64,128,16 warp-tile=32,64 "
              "thread-tile=8,8 smem-pad=4")
    aligned, ragged = ["2048x2048x2048"], ["2053x2039x2048"]
    return {
        "name": "seeds",
        "shapes": ["2048x2048x2048", "2053x2039x2048"],
        "configs": [
            {"name": "naive", "options": "strategy=naive"},
            # The seeds' series, one output per thread. T = 64 needs 4096
            # threads: it stays in the sweep so that the report shows why
            # it is missing.
            t(8), t(16), t(32), t(64),
            # T = 64 made possible by a 4 x 4 thread tile (256 threads).
            {"name": "T64-4x4",
             "options": "strategy=tiled block-tile=64,64,64 thread-tile=4,4"},
            {"name": "default", "options": "strategy=tiled"},
            # The default tiles of the two shapes (64 x 256 and 64 x 128),
            # with one stage and with cp.async.
            {"name": "rt-s1", "shapes": aligned, "options": wide + " stages=1"},
            {"name": "rt-s1", "shapes": ragged,
             "options": narrow + " stages=1 blocks-per-sm=4"},
            {"name": "async-s3", "shapes": aligned,
             "options": wide + " stages=3 copy=async"},
            {"name": "async-s3", "shapes": ragged,
             "options": narrow + " stages=3 copy=async blocks-per-sm=3"},
        ],
    }


PRESETS = {"seeds": seeds_preset}


def load(text_or_preset: str) -> dict:
    """A preset name, or a path to a JSON spec."""
    if text_or_preset in PRESETS:
        return PRESETS[text_or_preset]()
    try:
        with open(text_or_preset) as f:
            return json.load(f)
    except OSError as e:
        raise SpecError(f"cannot read spec '{text_or_preset}': {e.strerror}") from e
    except json.JSONDecodeError as e:
        raise SpecError(f"spec '{text_or_preset}' is not JSON: {e}") from e
