"""The FFMA decoder and the register-bank estimate (tileopt.sass)."""

import os
import re
import struct
import subprocess
import sys

import pytest

from conftest import FIXTURES
from tileopt import sass

SASS = os.path.join(FIXTURES, "sass")
CUBIN = os.path.join(SASS, "tma_64x128x16.cubin")


def _code():
    with open(CUBIN, "rb") as f:
        sections = sass.text_sections(f.read())
    assert list(sections) == ["matmul_matmul_0"]
    return sections["matmul_matmul_0"]


def test_decoder_matches_cuobjdump():
    """Every FFMA of the recorded kernel: offset, four registers and reuse
    flags as cuobjdump printed them."""
    line = re.compile(r"/\*([0-9a-f]{4})\*/\s+FFMA\s+R(\d+),\s*R(\d+)(\.reuse)?,"
                      r"\s*R(\d+)(\.reuse)?,\s*R(\d+)(\.reuse)?\s*;")
    expected = []
    with open(os.path.join(SASS, "tma_64x128x16.ffma.txt")) as f:
        for text in f:
            m = line.search(text)
            assert m, text
            reuse = sum(1 << s for s, g in enumerate((4, 6, 8)) if m.group(g))
            expected.append(sass.Ffma(int(m.group(1), 16), int(m.group(2)),
                                      (int(m.group(3)), int(m.group(5)),
                                       int(m.group(7))), reuse))
    decoded = [i for i in sass.decode(_code()) if i is not None]
    assert len(expected) == 1024
    assert decoded == expected


def test_summary_of_recorded_kernel():
    s = sass.summarize(_code())
    assert s["ffma"] == 1024
    assert s["extra_cycles"] == 417
    assert s["conflicting_ffma"] == 393
    assert s["three_fresh_ffma"] == 241


def _ffma(rd, ra, rb, rc, reuse=0):
    lo = sass.FFMA_OPCODE | 0x7000 | rd << 16 | ra << 24 | rb << 32
    hi = rc | reuse << 58
    return struct.pack("<QQ", lo, hi)


NOP = struct.pack("<QQ", 0x7918, 0)


def test_conflict_rules():
    code = b"".join([
        _ffma(10, 1, 3, 5),              # 3 odd registers: 2 extra cycles
        _ffma(10, 2, 3, 5),              # R3 and R5 share a bank: 1
        _ffma(10, 2, 3, 4, reuse=0b001),  # banks 0, 1, 0: 1; keeps R2
        _ffma(12, 2, 5, 7),              # R2 cached; R5 and R7 share: 1
        _ffma(12, 2, 5, 6),              # R2 no longer cached: R2, R6: 1
        _ffma(14, 3, 4, 255, reuse=0b010),  # RZ is no read: R3, R4: 0
        NOP,                             # clears the reuse cache
        _ffma(16, 3, 4, 6),              # R4 read again, with R6: 1
    ])
    rows = sass.conflicts(sass.decode(code))
    assert [(fresh, extra) for _, fresh, extra in rows] == [
        (3, 2), (3, 1), (3, 1), (2, 1), (3, 1), (2, 0), (3, 1)]
    s = sass.summarize(code)
    assert (s["ffma"], s["extra_cycles"], s["conflicting_ffma"]) == (7, 7, 6)


def test_ncu_join_by_class():
    with open(os.path.join(SASS, "tma_64x128x16.ncu-source.csv")) as f:
        classes = sass.samples_by_class(f.read(), _code())
    assert {k: v["ffma"] for k, v in classes.items()} == {0: 631, 1: 369, 2: 24}
    # The recorded evidence: an FFMA with a conflict holds twice the samples.
    assert classes[0]["samples_per_ffma"] == pytest.approx(16.32, abs=0.01)
    assert classes[1]["samples_per_ffma"] == pytest.approx(33.51, abs=0.01)
    assert classes[2]["samples_per_ffma"] == pytest.approx(68.58, abs=0.01)


def test_bad_input(tmp_path):
    with pytest.raises(ValueError, match="not a 64-bit ELF"):
        sass.text_sections(b"PTX text")
    with pytest.raises(ValueError, match="malformed ELF"):
        sass.text_sections(b"\x7fELF\x02" + b"\xff" * 80)
    with pytest.raises(ValueError, match="no \"Address\" header"):
        sass.samples_by_class("a,b\n1,2\n", _code())
    junk = tmp_path / "k.cubin"
    junk.write_bytes(b"not an elf")
    env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(__file__), ".."))
    run = subprocess.run([sys.executable, "-m", "tileopt", "banks", str(junk)],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 2
    assert "not a 64-bit ELF" in run.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    run = subprocess.run([sys.executable, "-m", "tileopt", "banks", str(empty)],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 2 and "no cubin" in run.stderr


def test_cli_on_artifact_dir(tmp_path):
    (tmp_path / "kernel.cubin").write_bytes(open(CUBIN, "rb").read())
    env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(__file__), ".."))
    run = subprocess.run([sys.executable, "-m", "tileopt", "banks", str(tmp_path),
                          "--ncu-source",
                          os.path.join(SASS, "tma_64x128x16.ncu-source.csv")],
                         capture_output=True, text=True, env=env, check=True)
    assert ("matmul_matmul_0: 1024 FFMA, 393 with a register-bank conflict "
            "(241 read 3 registers), 417 extra cycles (0.407 per FFMA)") in run.stdout
    assert "1 extra cycles: 369 FFMA, 33.51 samples" in run.stdout
