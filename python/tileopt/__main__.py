"""Command line: tileopt (or python3 -m tileopt) sweep|report|banks|fuzz|summarize|loop-mix|matmul-mlir ..."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time

from . import (__version__, fuzz as fuzz_mod, mlir, precision, report, results,
               sass, spec as spec_mod, summary, sweep, tune)


def _find(tool: str, given: str | None) -> str:
    if given:
        return given
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for candidate in (os.path.join(here, "build", "bin", tool),
                      os.path.join(here, "build-gpu", "bin", tool)):
        if os.access(candidate, os.X_OK):
            return candidate
    return shutil.which(tool) or tool


def _summary(verb: str, noun: str, others: str, records: list[dict],
             with_status: bool) -> str:
    """One line on a sweep step: "<verb> X of N <noun>; <others>: names"."""
    bad = [r for r in records if r["status"] != "ok"]
    names = [r["job"]["name"] + (f" ({r['status']})" if with_status else "")
             for r in bad]
    return (f"{verb} {len(records) - len(bad)} of {len(records)} {noun}"
            + (f"; {others}: {', '.join(names)}" if bad else ""))


def _banks(args) -> int:
    """Prints one line per kernel (and the ncu join when asked)."""
    try:
        for path in args.paths:
            found = sass.cubins(path)
            if not found:
                raise ValueError(f"no cubin in {path}")
            for kernel, s in sass.analyze(path).items():
                per = s["extra_cycles_per_ffma"]
                print(f"{path}: {kernel}: {s['ffma']} FFMA, "
                      f"{s['conflicting_ffma']} with a register-bank conflict "
                      f"({s['three_fresh_ffma']} read 3 registers), "
                      f"{s['extra_cycles']} extra cycles"
                      + (f" ({per:.3f} per FFMA)" if per is not None else ""))
            if args.ncu_source:
                with open(args.ncu_source) as f:
                    text = f.read()
                with open(found[0], "rb") as f:
                    code = next(iter(sass.text_sections(f.read()).values()))
                for extra, c in sass.samples_by_class(text, code).items():
                    print(f"  {extra} extra cycles: {c['ffma']} FFMA, "
                          f"{c['samples_per_ffma']:.2f} samples and "
                          f"{c['dispatch_per_ffma']:.2f} dispatch-stall "
                          f"samples per FFMA")
    except (OSError, ValueError, StopIteration) as e:
        print(f"tileopt: error: {e}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tileopt" if os.path.basename(sys.argv[0]) == "tileopt"
        else "python3 -m tileopt")
    parser.add_argument("--version", action="version",
                        version=f"tileopt {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sweep", help="expand a spec, compile and/or run it")
    s.add_argument("--spec", default="seeds",
                   help="spec file, or the name of one in scripts/specs "
                        "(default: seeds)")
    s.add_argument("--out", default=None, help="sweep directory")
    s.add_argument("--compile", action="store_true", help="run tile-opt for each job")
    s.add_argument("--run", action="store_true", help="run tile-run for each job")
    s.add_argument("--ncu", nargs="?", const="ncu", default=None,
                   help="also profile each job with ncu (path optional)")
    s.add_argument("--tile-opt", default=None)
    s.add_argument("--tile-run", default=None)
    s.add_argument("-j", "--jobs", type=int, default=0, help="parallel compiles")
    s.add_argument("--force", action="store_true", help="redo finished steps")
    s.add_argument("--list", action="store_true", help="print the jobs and stop")
    tn = sub.add_parser("tune", help="a tuning file (docs/tuning.md) from a "
                        "sweep's measurements: the fastest checked config "
                        "per problem and chip")
    tn.add_argument("--out", required=True,
                    help="the sweep directory (sweep --compile, then --run)")
    tn.add_argument("--write", default=None,
                    help="the tuning file (default: OUT/tuning.json)")
    r = sub.add_parser("report", help="tables, plots and a paragraph from a sweep")
    r.add_argument("--out", required=True, help="sweep directory")
    r.add_argument("--title", default="Tile-size sweep")
    r.add_argument("--header", default="", help="file whose text opens the report")
    r.add_argument("--to", default=None, help="report directory (default OUT/report)")
    b = sub.add_parser("banks", help="register-bank conflicts of the FFMAs "
                       "in compiled kernels (static, from the cubin)")
    b.add_argument("paths", nargs="+", help="artifact directories or cubins")
    b.add_argument("--ncu-source", default=None,
                   help="ncu source-page CSV of the (one) kernel: samples "
                        "per FFMA by conflict class")
    z = sub.add_parser("fuzz", help="random inputs, options and manifests "
                                    "through tile-opt and tile-run")
    z.add_argument("--seconds", type=float, default=60)
    z.add_argument("--seed", type=int, default=None,
                   help="seed of the run (default: from the clock, printed)")
    z.add_argument("--timeout", type=float, default=60,
                   help="seconds after which a run counts as a hang")
    z.add_argument("--out", default=None, help="directory for findings")
    z.add_argument("--seeds-dir", default=None,
                   help="directory of .mlir inputs to mutate (default: examples/)")
    z.add_argument("--keep", default=None,
                   help="copy small valid artifacts here, to check on a GPU")
    z.add_argument("--keep-max", type=int, default=100)
    z.add_argument("--manifests-of", default=None,
                   help="only mutate this artifact's manifest (no tile-opt: "
                        "for a GPU machine)")
    z.add_argument("--tile-opt", default=None)
    z.add_argument("--tile-run", default=None)
    ps = sub.add_parser("precision-study", help="error against FP64 over K "
                        "per precision and cuBLAS, from a sweep of "
                        "scripts/specs/precision.spec (docs/precision.md)")
    ps.add_argument("--out", required=True, help="the sweep directory")
    ps.add_argument("--to", default=None,
                    help="report directory (default OUT/precision)")
    t = sub.add_parser("summarize", help="a table of tile-run JSON results")
    t.add_argument("paths", nargs="+", help="tile-run --json files")
    t.add_argument("--markdown", action="store_true",
                   help="a Markdown table for docs/results pages")
    lm = sub.add_parser("loop-mix", help="opcode mix of a kernel's main loop "
                        "from `cuobjdump -sass` on standard input")
    lm.add_argument("name", nargs="?", default="kernel")
    g = sub.add_parser("matmul-mlir", help="print a linalg.matmul function "
                       "(C = A * B, or C += A * B) for tile-opt")
    g.add_argument("m", type=int)
    g.add_argument("n", type=int)
    g.add_argument("k", type=int)
    g.add_argument("--accumulate", action="store_true")
    g.add_argument("--form", choices=["tensor", "memref"], default="tensor")
    g.add_argument("--type", choices=["f32", "f16", "bf16"], default="f32",
                   help="A's and B's element type")
    g.add_argument("--c-type", choices=["f32", "f16", "bf16"], default=None,
                   help="C's element type (default: --type)")
    g.add_argument("--transpose-a", action="store_true",
                   help="A stored K x M (through indexing_maps)")
    g.add_argument("--transpose-b", action="store_true",
                   help="B stored N x K (PyTorch's Linear weight)")
    g.add_argument("--batch", type=int, default=0,
                   help="a linalg.batch_matmul of this many products")
    g.add_argument("--broadcast-a", action="store_true",
                   help="with --batch: one M x K A for every batch")
    g.add_argument("--broadcast-b", action="store_true",
                   help="with --batch: one K x N B for every batch")
    g.add_argument("--window", default=None,
                   help="R0,C0,P: each operand a window of a larger buffer "
                   "(rows + R0 by cols + C0 + P rounded up to 8, at row R0, "
                   "column C0); memref form unless with --epilogue (then "
                   "A and B are tensor slices)")
    g.add_argument("--epilogue", default="",
                   help="elementwise ops after the matmul, comma-separated "
                   "(" + ", ".join(mlir.EPILOGUE_OPS) + ", scale:S, cast:T)")
    args = parser.parse_args(argv)

    if args.command == "summarize":
        try:
            summary.summarize(args.paths, args.markdown)
        except (OSError, ValueError, KeyError) as e:
            print(f"tileopt: error: {e}", file=sys.stderr)
            return 2
        return 0

    if args.command == "precision-study":
        path = precision.study(args.out, args.to or os.path.join(args.out, "precision"))
        print(f"precision study: {path}")
        return 0

    if args.command == "loop-mix":
        print(sass.loop_mix(sys.stdin, args.name))
        return 0

    if args.command == "matmul-mlir":
        if min(args.m, args.n, args.k) < 1 or args.batch < 0:
            print("tileopt: error: M, N and K must be positive (and the "
                  "batch not negative)", file=sys.stderr)
            return 2
        try:
            epilogue = mlir.epilogue_ops(args.epilogue)
            window = None
            if args.window is not None:
                try:
                    window = tuple(int(v) for v in args.window.split(","))
                except ValueError:
                    raise ValueError(f"--window {args.window!r}: expected "
                                     "R0,C0,P") from None
            text = mlir.matmul_module(args.m, args.n, args.k,
                                      accumulate=args.accumulate,
                                      form="memref" if window and not epilogue
                                      else args.form,
                                      element=args.type,
                                      c_element=args.c_type,
                                      transpose_a=args.transpose_a,
                                      transpose_b=args.transpose_b,
                                      epilogue=epilogue, batch=args.batch,
                                      broadcast_a=args.broadcast_a,
                                      broadcast_b=args.broadcast_b,
                                      window=window)
        except ValueError as e:
            print(f"tileopt: error: {e}", file=sys.stderr)
            return 2
        sys.stdout.write(text)
        return 0

    if args.command == "banks":
        return _banks(args)

    if args.command == "fuzz":
        here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        seed = args.seed if args.seed is not None else int(time.time())
        try:
            findings = fuzz_mod.fuzz(args.seconds, seed, _find("tile-opt", args.tile_opt),
                                     _find("tile-run", args.tile_run),
                                     args.seeds_dir or os.path.join(here, "examples"),
                                     args.out, args.timeout, args.keep, args.keep_max,
                                     args.manifests_of)
        except fuzz_mod.ToolError as e:
            print(f"tileopt: error: {e}", file=sys.stderr)
            return 2
        return 1 if findings else 0

    if args.command == "tune":
        path = args.write or os.path.join(args.out, "tuning.json")
        entries = tune.write(args.out, path)
        for e in entries:
            ratio = f", {e['ratio']:.2f}x cuBLAS" if e.get("ratio") else ""
            print(f"{e['m']}x{e['n']}x{e['k']} {e['type']} on {e['chip']}: "
                  f"{e['job']} at {e['tflops']} TFLOP/s{ratio}")
        print(f"tuning file: {path} ({len(entries)} entries)")
        return 0 if entries else 1

    if args.command == "sweep":
        try:
            jobs = spec_mod.load(args.spec)
        except spec_mod.SpecError as e:
            print(f"tileopt: error: {e}", file=sys.stderr)
            return 2
        if args.list or not (args.compile or args.run) or not args.out:
            if (args.compile or args.run) and not args.out:
                print("tileopt: error: --compile and --run need --out DIR",
                      file=sys.stderr)
                return 2
            for job in jobs:
                print(f"{job.name:32} {job.shape:16} {job.options}")
            return 0
        os.makedirs(args.out, exist_ok=True)
        code = 0
        if args.compile:
            records = sweep.compile_jobs(jobs, args.out, _find("tile-opt", args.tile_opt),
                                         args.jobs, args.force)
            print(_summary("compiled", "jobs", "failed", records, with_status=False))
        if args.run:
            records = sweep.run_jobs(jobs, args.out, _find("tile-run", args.tile_run),
                                     args.ncu, args.force)
            print(_summary("ran", "jobs cleanly", "not", records, with_status=True))
            code = 1 if any(r["status"] == "check-failed" for r in records) else 0
        rows = results.collect(args.out)
        json_path, csv_path = results.write(rows, args.out)
        print(f"results: {json_path}, {csv_path}")
        return code

    rows = results.collect(args.out)
    results.write(rows, args.out)
    to = args.to or os.path.join(args.out, "report")
    try:
        plots = report.plot(rows, to)
    except report.MissingMatplotlib as e:
        print(f"tileopt: error: {e}", file=sys.stderr)
        return 2
    header = open(args.header).read() if args.header else ""
    path = os.path.join(to, "README.md")
    with open(path, "w") as f:
        f.write(report.markdown(rows, args.title, plots, header))
    print(f"report: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
