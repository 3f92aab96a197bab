"""tileopt.matrix: the config in brief and the matrix's table."""

import json

from tileopt import matrix


def record(m, n, k, element_type, attribute, ratio, block=(128, 128)):
    return {"results": [{
        "problem": {"m": m, "n": n, "k": k, "element_type": element_type,
                    "accumulate": False},
        "config": {"attribute": attribute, "block": list(block),
                   "copy": "tma", "blocks_per_sm": 1},
        "check": {"pass": True, "kernel_vs_fp64": {
            "max_abs": 1e-3, "max_rel_to_max_ref": 1e-4}},
        "bench": {"kernel": {"median_ms": 0.5, "gflops": 1000.0},
                  "ratio_to_cublas": ratio},
    }]}


def test_describe_names_copies_producer_and_scheduler():
    r = record(999, 1001, 1003, "f16",
               "#tile.config<..., copy = #tile.copy<kind = tma, b = packed>,"
               " schedule = #tile.schedule<stages = 4, blocks_per_sm = 1,"
               " scheduler = split_tail, producer = warpgroup>>", 1.0)
    assert matrix.describe(r["results"][0]) == (
        "128x128 tma A copied b packed producer 1/SM split_tail")
    # f32 rows of 1004 elements are 16-byte multiples; f16's 1004 are not.
    r = record(64, 64, 1004, "f32", "#tile.config<...>", 1.0)
    assert matrix.describe(r["results"][0]) == "128x128 tma 1/SM data_parallel"
    r = record(64, 64, 1004, "f16", "#tile.config<...>", 1.0)
    assert "A copied" in matrix.describe(r["results"][0])


def test_tabulate_writes_geomeans_and_counts(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, ratio in (("a", 0.5), ("b", 2.0)):
        (tmp_path / f"{name}.json").write_text(
            json.dumps(record(8, 8, 8, "f16", "#tile.config<...>", ratio)))
    shapes = [(n, matrix.load(f"{n}.json"), matrix.load("missing.json")
               if n == "a" else matrix.load("a.json")) for n in ("a", "b")]
    geo, before = matrix.tabulate(shapes, "t", "now", "before", "x")
    assert abs(geo - 1.0) < 1e-9 and abs(before - 0.5) < 1e-9
    table = (tmp_path / "table.md").read_text()
    assert "| a | 8x8x8 |" in table and "| 0.500 | - |" in table
    assert "under 0.9: 1" in table
    assert (tmp_path / "vs_cublas.png").stat().st_size > 0
