import os

import pytest

from conftest import FIXTURES
from tileopt import ncu


def test_parses_a_recorded_ncu_csv():
    text = open(os.path.join(FIXTURES, "ncu", "T16_2048x2048x2048.csv")).read()
    values = ncu.parse(text, kernel="matmul_matmul_0")
    assert set(values) == set(ncu.METRICS)
    # Mbyte / usecond units are scaled to bytes / nanoseconds.
    assert values["dram_read_bytes"] == pytest.approx(33561088.0)
    assert values["duration_ns"] == pytest.approx(2242688.0)
    assert 0 < values["achieved_occupancy_pct"] <= 100
    assert values["smem_st_bank_conflicts"] == 2072739


def test_kernel_filter_and_missing_header():
    text = open(os.path.join(FIXTURES, "ncu", "T32_2053x2039x2048.csv")).read()
    assert ncu.parse(text, kernel="no_such_kernel") == {}
    with pytest.raises(ValueError, match="no ncu CSV header"):
        ncu.parse("==PROF== nothing profiled\n")


def test_command_asks_for_every_metric():
    cmd = ncu.command("tile-run", "art")
    assert cmd[:4] == ["ncu", "--csv", "--clock-control", "none"]
    assert cmd[-3:] == ["tile-run", "art", "--no-reference"]
    assert set(cmd[5].split(",")) == set(ncu.METRICS.values())
