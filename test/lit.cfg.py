# lit configuration for tile-opt. Paths come from lit.site.cfg.py.
import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TILE-OPT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tileopt_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs", "embedding",
                   "mlir-opt-plugin.py"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# The driver that `tile-opt` in RUN lines means: `lit -Ddriver=mlir-opt` runs
# the suite under the stock mlir-opt with TileOptPlugin.so loaded as dialect
# and pass plugin. Tests of what only the tile-opt driver adds (its option
# checks, its test passes) require the `tile-opt-driver` feature.
driver = lit_config.params.get("driver", "tile-opt")
plugin = os.path.join(config.tileopt_obj_root, "lib", "TileOptPlugin.so")
if driver == "tile-opt":
    config.available_features.add("tile-opt-driver")
    tile_opt = ToolSubst("tile-opt", unresolved="fatal")
elif driver == "mlir-opt":
    # mlir-opt reaches a plugin's passes through --pass-pipeline only: the
    # wrapper turns the --tile-* flags into one.
    config.environment["TILEOPT_MLIR_OPT"] = os.path.join(config.llvm_tools_dir, "mlir-opt")
    config.environment["TILEOPT_PLUGIN"] = plugin
    tile_opt = ToolSubst(
        "tile-opt",
        command=os.path.join(config.tileopt_src_root, "test", "mlir-opt-plugin.py"))
else:
    lit_config.fatal("driver must be tile-opt or mlir-opt, not " + driver)
config.name += " (" + driver + ")"
# The stock mlir-opt with the plugin loaded, as README shows it.
config.substitutions.append(
    ("%mlir_opt_plugin", "%s --load-dialect-plugin=%s --load-pass-plugin=%s"
     % (os.path.join(config.llvm_tools_dir, "mlir-opt"), plugin, plugin)))
llvm_config.add_tool_substitutions(
    [tile_opt, "FileCheck", "not", "count"],
    [config.tileopt_tools_dir, config.llvm_tools_dir],
)

# `ptxas` feature: tests that assemble the emitted PTX run only when the CUDA
# toolkit's ptxas was found at configure time.
if config.ptxas and os.access(config.ptxas, os.X_OK):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
config.substitutions.append(("%examples", os.path.join(config.tileopt_src_root, "examples")))
config.substitutions.append(("%python", sys.executable))
