"""The fuzzer's verdicts, from stand-ins for tile-opt that misbehave."""

import os
import random
import stat
import subprocess
import sys

from tileopt import fuzz


def _tool(tmp_path, name, body):
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def _verdict(tmp_path, monkeypatch, body, artifact_dir="fresh"):
    tile_opt = _tool(tmp_path, "tile-opt", body)
    tile_run = _tool(tmp_path, "tile-run", "exit 77")

    def choose(rng, root):
        if artifact_dir == "fresh":
            path = os.path.join(root, "out", "art")
            return path, path
        return os.path.join(root, "mine"), None

    monkeypatch.setattr(fuzz, "_artifact_dir", choose)
    case = fuzz.Case(kind="generated-input", args=["strategy=tiled"],
                     input="func.func @f() { return }\n", artifact="pipeline")
    return fuzz.run_compile(case, tile_opt, tile_run, random.Random(0),
                            timeout=2).verdict


# The stand-in finds artifact-dir=... among its arguments.
ART = 'dir=$(echo "$@" | sed -n "s/.*artifact-dir=\\([^ ]*\\).*/\\1/p")'


def test_a_clean_rejection(tmp_path, monkeypatch):
    assert _verdict(tmp_path, monkeypatch,
                    'echo "in.mlir:1:1: error: no" >&2; exit 1') == "rejected"


def test_a_crash(tmp_path, monkeypatch):
    assert _verdict(tmp_path, monkeypatch, "kill -SEGV $$") == "crash"
    assert _verdict(tmp_path, monkeypatch,
                    'echo "PLEASE submit a bug report" >&2; exit 1') == "crash"


def test_a_hang(tmp_path, monkeypatch):
    assert _verdict(tmp_path, monkeypatch, "sleep 30") == "hang"


def test_a_failure_without_an_error(tmp_path, monkeypatch):
    assert _verdict(tmp_path, monkeypatch, "exit 1") == "unclear"


def test_a_partial_artifact(tmp_path, monkeypatch):
    body = ART + '; mkdir -p "$dir"; echo "error: late" >&2; exit 1'
    assert _verdict(tmp_path, monkeypatch, body) == "partial"
    body = ART + '; mkdir -p "$dir.tmp-1"; echo "error: late" >&2; exit 1'
    assert _verdict(tmp_path, monkeypatch, body) == "partial"


def test_a_user_file_touched(tmp_path, monkeypatch):
    body = 'rm -f ../mine/notes.txt; echo "error: no" >&2; exit 1'
    assert _verdict(tmp_path, monkeypatch, body) == "touched"
    # Replacing a user's folder named as the artifact directory.
    body = 'rm -rf ../mine; mkdir ../mine; exit 0'
    assert _verdict(tmp_path, monkeypatch, body, artifact_dir="user") == "touched"


def test_an_artifact_and_one_tile_run_refuses(tmp_path, monkeypatch):
    manifest = ('{"schema": "tile-opt-kernel-manifest", "kernels": '
                '[{"name": "k", "ptx": "k.ptx", "cubin": null, '
                '"problem": {"m": 1, "n": 1, "k": 1}}]}')
    body = (ART + '; mkdir -p "$dir"; touch "$dir/k.ptx"; echo \'' + manifest
            + '\' > "$dir/manifest.json"; exit 0')
    verdict = _verdict(tmp_path, monkeypatch, body)
    # Without ptxas the stand-in's artifact is complete; with it, the missing
    # cubin is a finding.
    assert verdict in ("artifact", "refused")
    # A kernel whose PTX the manifest names but that is not there.
    body = (ART + '; mkdir -p "$dir"; echo \'' + manifest
            + '\' > "$dir/manifest.json"; exit 0')
    assert _verdict(tmp_path, monkeypatch, body) == "refused"


def test_a_kept_artifact_kept_again(tmp_path, monkeypatch):
    """A rerun with the same seed keeps its cases' artifacts again, into
    the directories of the first run (it stopped with FileExistsError)."""
    manifest = ('{"kernels": [{"name": "k", "ptx": "k.ptx", "cubin": "k.cubin", '
                '"problem": {"m": 1, "n": 1, "k": 1}}]}')
    body = (ART + '; mkdir -p "$dir"; touch "$dir/k.ptx" "$dir/k.cubin"; echo \''
            + manifest + '\' > "$dir/manifest.json"; exit 0')
    tile_opt = _tool(tmp_path, "tile-opt", body)
    tile_run = _tool(tmp_path, "tile-run", "exit 77")
    monkeypatch.setattr(fuzz, "_artifact_dir", lambda rng, root: (
        os.path.join(root, "out", "art"), os.path.join(root, "out", "art")))
    case = fuzz.Case(kind="generated-input", args=["strategy=tiled"],
                     input="func.func @f() { return }\n", artifact="pipeline")
    keep = str(tmp_path / "keep" / "7")
    for _ in range(2):
        outcome = fuzz.run_compile(case, tile_opt, tile_run, random.Random(0),
                                   timeout=2, keep=keep)
        assert outcome.verdict == "artifact"
    assert sorted(os.listdir(keep)) == ["k.cubin", "k.ptx", "manifest.json"]


def test_a_tool_that_cannot_run_stops_the_fuzzer(tmp_path):
    """A missing, non-executable or broken tile-opt is the setup's error,
    said once (the command exits 2), not a traceback or a finding."""
    tile_run = _tool(tmp_path, "tile-run", "exit 77")
    broken = _tool(tmp_path, "broken", "exit 3")
    locked = _tool(tmp_path, "locked", "exit 0")
    os.chmod(locked, 0o644)
    for tile_opt, said in ((str(tmp_path / "missing"), "cannot run"),
                           (locked, "cannot run"),
                           (broken, "does not compile the base example (exit 3)")):
        try:
            fuzz.fuzz(1, 1, tile_opt, tile_run, None, None, timeout=2,
                      log=lambda line: None)
        except fuzz.ToolError as e:
            assert said in str(e) and tile_opt in str(e)
        else:
            raise AssertionError(f"{tile_opt}: no ToolError")
    done = subprocess.run([sys.executable, "-m", "tileopt", "fuzz", "--seconds", "1",
                           "--seed", "1", "--tile-opt", str(tmp_path / "missing"),
                           "--tile-run", tile_run],
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith("tileopt: error: cannot run") and "Traceback" not in done.stderr
