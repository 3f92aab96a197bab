"""tile-opt's Python tooling: sweep tile configs, run them, tabulate and plot.

Compile on a machine with MLIR (`tile-opt`), run on one with a GPU
(`tile-run`), report anywhere. Standard library only, plus matplotlib for
plots (Debian's python3-matplotlib; the GPU machine has it too), which
only `tileopt report` needs. `pip install ./python` installs the `tileopt`
command (python/pyproject.toml).
"""

__all__ = ["spec", "sweep", "results", "report", "ncu"]
__version__ = "0.1.0"
