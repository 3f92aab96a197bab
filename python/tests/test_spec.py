import json

import pytest

from tileopt import spec


def test_seeds_preset_expands_to_every_shape_and_config():
    jobs = spec.expand(spec.seeds_preset())
    assert len(jobs) == 2 * 9
    assert [j.shape for j in jobs[:9]] == ["2048x2048x2048"] * 9
    assert {j.shape for j in jobs[9:]} == {"2053x2039x2048"}
    t = {j.config: j for j in jobs if j.shape == "2053x2039x2048"}
    a = {j.config: j for j in jobs if j.shape == "2048x2048x2048"}
    # The default tile of each shape, with one stage and with cp.async.
    assert "block-tile=64,256,16" in a["rt-s1"].options
    assert "block-tile=64,128,16" in t["rt-s1"].options
    assert t["async-s3"].options.endswith("stages=3 copy=async blocks-per-sm=3")
    assert t["T32"].options == "strategy=tiled block-tile=32,32,32"
    assert t["T32"].tile == 32
    assert t["T64"].options == "strategy=tiled block-tile=64,64,64"
    assert t["T64"].tile == 64
    assert t["T64-4x4"].options.endswith("thread-tile=4,4")
    assert t["T64-4x4"].tile is None
    assert (t["T8"].m, t["T8"].n, t["T8"].k) == (2053, 2039, 2048)
    assert len({j.name for j in jobs}) == len(jobs)


def test_config_restricted_to_shapes():
    jobs = spec.expand({"shapes": ["8x8x8", "16x16x16"],
                        "configs": [{"name": "a", "options": "strategy=naive"},
                                    {"name": "b", "options": "strategy=tiled",
                                     "shapes": ["16x16x16"]}]})
    assert [j.name for j in jobs] == ["a_8x8x8", "a_16x16x16", "b_16x16x16"]


@pytest.mark.parametrize("bad, message", [
    ({"shapes": [], "configs": [{"name": "a", "options": ""}]}, "non-empty 'shapes'"),
    ({"shapes": ["8x8"], "configs": [{"name": "a", "options": ""}]}, "is not MxNxK"),
    ({"shapes": ["0x8x8"], "configs": [{"name": "a", "options": ""}]}, "empty dimension"),
    ({"shapes": ["8x8x8"], "configs": [{"options": ""}]}, "needs 'name' and 'options'"),
    ({"shapes": ["8x8x8"], "configs": [{"name": "a", "options": ""},
                                       {"name": "a", "options": "x"}]}, "two jobs"),
    ([], "a JSON object"),
])
def test_bad_specs_are_rejected_with_a_reason(bad, message):
    with pytest.raises(spec.SpecError, match=message):
        spec.expand(bad)


def test_load_preset_file_and_errors(tmp_path):
    assert spec.load("seeds")["name"] == "seeds"
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"shapes": ["8x8x8"],
                                "configs": [{"name": "a", "options": "strategy=naive"}]}))
    assert len(spec.expand(spec.load(str(path)))) == 1
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(spec.SpecError, match="is not JSON"):
        spec.load(str(tmp_path / "bad.json"))
    with pytest.raises(spec.SpecError, match="cannot read spec"):
        spec.load(str(tmp_path / "missing.json"))
