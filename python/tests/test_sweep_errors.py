import json
import os
import stat

from tileopt import spec, sweep
from tileopt.mlir import config_attr


def _script(path, body):
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def test_a_failed_compile_is_recorded_and_the_others_go_on(tmp_path):
    # A stand-in tile-opt: fails for 64 x 64 x 64 blocks, else writes a
    # manifest.
    tool = _script(tmp_path / "tile-opt", """
case "$2" in
  *"block = [64, 64, 64]"*) echo "in.mlir:1:1: error: config needs 4096 threads" >&2; exit 1;;
esac
dir=$(echo "$2" | sed 's/.*artifact-dir=//')
mkdir -p "$dir" && echo '{"kernels": []}' > "$dir/manifest.json"
""")
    jobs = spec.parse(
        f"ok_8x8x8 8x8x8 config='{config_attr('tiled', (8, 8, 8))}'\n"
        f"bad_8x8x8 8x8x8 config='{config_attr('tiled', (64, 64, 64))}'\n")
    out = str(tmp_path / "sweep")
    records = sweep.compile_jobs(jobs, out, tool, parallel=2)
    assert [r["status"] for r in records] == ["ok", "failed"]
    assert "4096 threads" in records[1]["diagnostic"]
    assert json.load(open(os.path.join(out, "compile.json")))[1]["status"] == "failed"
    # Resumable: a second compile does not run tile-opt again for the done job.
    again = sweep.compile_jobs(jobs, out, tool, parallel=1)
    assert again[0].get("resumed") is True and again[1]["status"] == "failed"


def test_a_failed_run_is_recorded_and_the_others_go_on(tmp_path):
    jobs = spec.parse("a_8x8x8 8x8x8 strategy=naive\nb_8x8x8 8x8x8 strategy=naive\n")
    out = tmp_path / "sweep"
    (out / "artifacts" / "a_8x8x8").mkdir(parents=True)
    (out / "artifacts" / "b_8x8x8").mkdir(parents=True)
    (out / "compile.json").write_text(json.dumps(
        [{"job": j.to_dict(), "status": "ok"} for j in jobs]))
    run = _script(tmp_path / "tile-run", """
case "$1" in
  *a_8x8x8) echo '{"results": []}' > "$5"; exit 0;;
  *) echo "tile-run: error: kernel 'k' failed: CUDA_ERROR_ILLEGAL_ADDRESS" >&2; exit 3;;
esac
""")
    records = sweep.run_jobs(jobs, str(out), run)
    assert [r["status"] for r in records] == ["ok", "run-failed"]
    assert "CUDA_ERROR_ILLEGAL_ADDRESS" in records[1]["error"]
    again = sweep.run_jobs(jobs, str(out), run)
    assert again[0]["status"] == "ok"
