# lit configuration for tile-opt. Paths come from lit.site.cfg.py.
import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "TILE-OPT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tileopt_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs", "embedding"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["tile-opt", "FileCheck", "not", "count"],
    [config.tileopt_tools_dir, config.llvm_tools_dir],
)

# `ptxas` feature: tests that assemble the emitted PTX run only when the CUDA
# toolkit's ptxas was found at configure time.
if config.ptxas and os.access(config.ptxas, os.X_OK):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
config.substitutions.append(("%examples", os.path.join(config.tileopt_src_root, "examples")))
config.substitutions.append(("%python", sys.executable))
