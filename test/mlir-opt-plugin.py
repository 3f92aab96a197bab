#!/usr/bin/env python3
"""Runs a tile-opt command line under the stock mlir-opt with TileOptPlugin.

    TILEOPT_MLIR_OPT=MLIR-OPT TILEOPT_PLUGIN=PLUGIN mlir-opt-plugin.py ARGS...

lit's `-Ddriver=mlir-opt` mode substitutes this for `tile-opt`. mlir-opt
loads a pass plugin while it parses its command line, after it has made the
flags of the passes it knows, so a plugin's passes are reachable only
through --pass-pipeline. The `--tile-*[=OPTIONS]` flags among ARGS become
one `--pass-pipeline=builtin.module(tile-*{OPTIONS},...)`, in their order
(the passes anchored on gpu.module nested in `gpu.module(...)`); the other
arguments pass through unchanged.
"""
import os
import re
import sys

GPU_MODULE_PASSES = {"tile-tensor-map-arguments", "tile-extern-dynamic-shared"}


def main(argv):
    mlir_opt = os.environ["TILEOPT_MLIR_OPT"]
    plugin = os.environ["TILEOPT_PLUGIN"]
    args = argv[1:]
    passes, rest = [], []
    for arg in args:
        match = re.fullmatch(r"--?(tile-[a-z-]+)(?:=(.*))?", arg, re.S)
        if not match:
            rest.append(arg)
            continue
        name, options = match.groups()
        element = name + ("{" + options + "}" if options else "")
        if name in GPU_MODULE_PASSES:
            element = "gpu.module(" + element + ")"
        passes.append(element)
    command = [mlir_opt, "--load-dialect-plugin=" + plugin,
               "--load-pass-plugin=" + plugin,
               "--mlir-print-op-on-diagnostic=false"]
    if passes:
        command.append("--pass-pipeline=builtin.module(" + ",".join(passes) + ")")
    os.execv(mlir_opt, command + rest)


if __name__ == "__main__":
    main(sys.argv)
