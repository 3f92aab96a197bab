import glob
import os

import pytest

from tileopt import spec
from tileopt.mlir import config_attr


def test_seeds_spec_has_every_shape_and_config():
    jobs = spec.load("seeds")
    assert len(jobs) == 2 * 9
    assert [j.shape for j in jobs[:9]] == ["2048x2048x2048"] * 9
    assert {j.shape for j in jobs[9:]} == {"2053x2039x2048"}
    a = {j.name: j for j in jobs}
    # The default tile of each shape, with one stage and with cp.async.
    assert "block = [64, 256, 16]" in a["rt-s1_2048"].options
    assert "block = [64, 128, 16]" in a["rt-s1_2053"].options
    assert "kind = async" in a["async-s3_2053"].options
    assert "stages = 3, blocks_per_sm = 3" in a["async-s3_2053"].options
    # The seeds' series: square tiles with one output per thread.
    assert a["T32_2053"].options == f"config='{config_attr('tiled', (32, 32, 32))}'"
    assert [a[f"T{t}_2053"].tile for t in (8, 16, 32, 64)] == [8, 16, 32, 64]
    assert a["T64-4x4_2053"].tile is None and a["default_2053"].tile is None
    assert (a["T8_2053"].m, a["T8_2053"].n, a["T8_2053"].k) == (2053, 2039, 2048)
    assert a["T8_2053"].to_dict()["config"] == "T8_2053"


def test_every_spec_in_the_tree_parses():
    paths = glob.glob(os.path.join(spec.SPECS, "*.spec"))
    assert len(paths) >= 10
    for path in paths:
        assert spec.load(path)


def test_lines_comments_and_accumulate():
    jobs = spec.parse("# head\n\n a  8x8x8  strategy=naive\n"
                      "b 16x16x16 strategy=tiled accumulate  # no\n".replace("  # no", ""))
    assert [(j.name, j.shape, j.options, j.accumulate) for j in jobs] == [
        ("a", "8x8x8", "strategy=naive", False),
        ("b", "16x16x16", "strategy=tiled", True)]


def test_element_types():
    (job,) = spec.parse("h 8x8x8 strategy=naive type=f16 c_type=f32 accumulate\n")
    assert (job.element, job.c_element, job.accumulate, job.options) == (
        "f16", "f32", True, "strategy=naive")
    with pytest.raises(spec.SpecError, match="spec:1: type 'f64' is not one of f32, f16, bf16"):
        spec.parse("h 8x8x8 type=f64\n")


def test_batch():
    (job,) = spec.parse("b 8x8x8 type=f16 batch=64\n")
    assert (job.batch, job.element, job.options) == (64, "f16", "")
    (plain,) = spec.parse("p 8x8x8\n")
    assert plain.batch == 0
    for bad in ("0", "-2", "x"):
        with pytest.raises(spec.SpecError,
                           match=f"spec:1: batch '{bad}' is not a positive integer"):
            spec.parse(f"h 8x8x8 batch={bad}\n")


@pytest.mark.parametrize("bad, message", [
    ("", "has no jobs"),
    ("a\n", "NAME MxNxK"),
    ("a 8x8 strategy=naive\n", "spec:1: shape '8x8' is not MxNxK"),
    ("a 0x8x8\n", "empty dimension"),
    ("a/b 8x8x8\n", "not a plain file name"),
    ("a 8x8x8\na 8x8x8\n", "spec:2: two jobs are named 'a'"),
])
def test_bad_specs_are_rejected_with_a_reason(bad, message):
    with pytest.raises(spec.SpecError, match=message):
        spec.parse(bad)


def test_load_file_and_errors(tmp_path):
    path = tmp_path / "s.spec"
    path.write_text("a 8x8x8 strategy=naive\n")
    assert len(spec.load(str(path))) == 1
    with pytest.raises(spec.SpecError, match="cannot read spec"):
        spec.load(str(tmp_path / "missing.spec"))
    with pytest.raises(spec.SpecError, match="cannot read spec 'nonesuch'"):
        spec.load("nonesuch")


def test_line_and_x_place_a_job_and_stay_out_of_the_pipeline():
    jobs = spec.parse("a 64x64x64 strategy=tiled line=tiled x=64\n"
                      "b 64x64x64 strategy=naive\n")
    assert (jobs[0].line, jobs[0].x, jobs[0].options) == ("tiled", "64", "strategy=tiled")
    assert (jobs[1].line, jobs[1].x) == (None, None)
    assert jobs[0].to_dict()["line"] == "tiled"
    with pytest.raises(spec.SpecError, match="line= and x= go together"):
        spec.parse("a 64x64x64 line=tiled\n")


def test_transposed_operands_are_problem_words():
    """`transpose_a` and `transpose_b` set how A and B are stored and stay
    out of the pipeline's options."""
    job = spec.parse("t 7x5x3 transpose_b strategy=naive transpose_a")[0]
    assert job.transpose_a and job.transpose_b
    assert job.options == "strategy=naive"
    plain = spec.parse("p 7x5x3 strategy=naive")[0]
    assert not plain.transpose_a and not plain.transpose_b


def test_epilogue_is_a_problem_word():
    """`epilogue=OPS` chains ops after the matmul and stays out of the
    pipeline's options; an unknown op is an error at its line."""
    job = spec.parse("e 7x5x3 type=f16 epilogue=bias_n,gelu_tanh strategy=naive")[0]
    assert job.epilogue == "bias_n,gelu_tanh"
    assert job.options == "strategy=naive"
    with pytest.raises(spec.SpecError, match="epilogue: unknown epilogue op 'tanh'"):
        spec.parse("e 7x5x3 epilogue=tanh")


def test_config_attr_writes_the_wgmma_fields_as_tile_opt_prints_them():
    # (tile-opt's printed form: test/Transforms/tile-configure-precision.)
    text = config_attr("tiled", (128, 256, 32), warp=(64, 256), copy="tma",
                       wgmma=(64, 256, 8), precision="tf32", truncated="b",
                       stages=4, blocks_per_sm=1)
    assert ("tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, "
            "truncated = b>") in text
    assert "registers" not in text and "truncated" not in config_attr(
        "tiled", (128, 256, 32), wgmma=(64, 256, 8), precision="tf32")
