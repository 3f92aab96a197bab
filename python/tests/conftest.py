import os
import shutil
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")


@pytest.fixture
def sweep_dir(tmp_path):
    """A copy of the sweep fixture (tests may change it)."""
    dst = tmp_path / "sweep"
    shutil.copytree(os.path.join(FIXTURES, "sweep"), dst)
    return str(dst)
