"""The package as a user installs it: pip into a fresh directory, the
`tileopt` console script, `--version`, and the one-line message when
matplotlib is missing."""
import importlib.util
import os
import re
import shutil
import subprocess
import sys

import pytest

from tileopt import __main__ as cli, __version__, report

PYTHON_DIR = os.path.join(os.path.dirname(__file__), "..")
ROOT = os.path.join(PYTHON_DIR, "..")


def test_version_is_the_projects():
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        cmake = re.search(r"project\(tile-opt VERSION (\S+)", f.read()).group(1)
    with open(os.path.join(PYTHON_DIR, "pyproject.toml")) as f:
        pyproject = re.search(r'^version = "([^"]+)"', f.read(), re.M).group(1)
    assert __version__ == cmake == pyproject


def test_version_flag(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"tileopt {__version__}\n"


@pytest.mark.skipif(importlib.util.find_spec("pip") is None
                    or importlib.util.find_spec("setuptools") is None,
                    reason="needs pip and setuptools (python3-pip, python3-setuptools)")
def test_pip_install_gives_the_tileopt_command(tmp_path):
    # A copy, so that the build leaves nothing in the source tree.
    src = tmp_path / "src"
    shutil.copytree(os.path.join(PYTHON_DIR, "tileopt"), src / "tileopt",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(os.path.join(PYTHON_DIR, name), src / name)
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                    "--no-build-isolation", "--no-deps", "--no-index",
                    "--target", str(site), str(src)], check=True)
    env = dict(os.environ, PYTHONPATH=str(site))
    out = subprocess.run([str(site / "bin" / "tileopt"), "--version"],
                         cwd=tmp_path, env=env, capture_output=True, text=True,
                         check=True).stdout
    assert out == f"tileopt {__version__}\n"
    where = subprocess.run([sys.executable, "-c",
                            "import tileopt; print(tileopt.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True,
                           text=True, check=True).stdout
    assert where.startswith(str(site))
    helptext = subprocess.run([str(site / "bin" / "tileopt"), "--help"],
                              cwd=tmp_path, env=env, capture_output=True,
                              text=True, check=True).stdout
    assert helptext.startswith("usage: tileopt ")


def test_plot_without_matplotlib_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(report.MissingMatplotlib, match="python3-matplotlib"):
        report.plot([], str(tmp_path))
