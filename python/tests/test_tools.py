"""The small command-line tools: matmul-mlir (the one input generator),
summarize (tile-run results as a table) and loop-mix (a SASS main loop)."""

import json
import os
import subprocess
import sys

import pytest

from conftest import FIXTURES
from tileopt import mlir, sass, summary

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "tileopt", *args], cwd=PYTHON_DIR,
                          input=stdin, capture_output=True, text=True)


def test_matmul_module_forms():
    """C = A * B folds a zero fill into C; C += A * B takes C as an input;
    the memref form writes C in place and returns nothing."""
    tensor = mlir.matmul_module(7, 5, 3)
    assert "func.func @matmul(%A: tensor<7x3xf32>, %B: tensor<3x5xf32>) -> tensor<7x5xf32>" in tensor
    assert "linalg.fill" in tensor and "return %D : tensor<7x5xf32>" in tensor
    acc = mlir.matmul_module(7, 5, 3, accumulate=True)
    assert "%C: tensor<7x5xf32>) -> tensor<7x5xf32>" in acc and "linalg.fill" not in acc
    ref = mlir.matmul_module(7, 5, 3, accumulate=True, form="memref", name="f")
    assert ref.startswith("func.func @f(%A: memref<7x3xf32>, %B: memref<3x5xf32>, %C: memref<7x5xf32>) {")
    assert "linalg.fill" not in ref and "  return\n}" in ref


def test_matmul_module_batch():
    """batch=B: a linalg.batch_matmul of B products on 3-D operands, in
    both forms, with transposed operands through 4-D indexing maps
    (epilogues: test_matmul_module_batch_epilogue)."""
    ref = mlir.matmul_module(7, 5, 3, form="memref", batch=4, element="f16")
    assert "%A: memref<4x7x3xf16>, %B: memref<4x3x5xf16>, %C: memref<4x7x5xf16>" in ref
    assert "linalg.fill ins(%zero : f16) outs(%C : memref<4x7x5xf16>)" in ref
    assert "linalg.batch_matmul ins(%A, %B" in ref and "linalg.matmul" not in ref
    tensor = mlir.matmul_module(7, 5, 3, batch=2, accumulate=True)
    assert tensor.startswith("func.func @matmul(%A: tensor<2x7x3xf32>, "
                             "%B: tensor<2x3x5xf32>, %C: tensor<2x7x5xf32>) "
                             "-> tensor<2x7x5xf32> {")
    both = mlir.matmul_module(7, 5, 3, form="memref", batch=2,
                              transpose_a=True, transpose_b=True)
    assert "%A: memref<2x3x7xf32>, %B: memref<2x5x3xf32>, %C: memref<2x7x5xf32>" in both
    assert ("linalg.batch_matmul indexing_maps = ["
            "affine_map<(b, m, n, k) -> (b, k, m)>, "
            "affine_map<(b, m, n, k) -> (b, n, k)>, "
            "affine_map<(b, m, n, k) -> (b, m, n)>] ins(%A, %B") in both
    bca = mlir.matmul_module(7, 5, 3, form="memref", batch=2,
                             broadcast_a=True, transpose_b=True)
    assert "%A: memref<7x3xf32>, %B: memref<2x5x3xf32>" in bca
    assert "affine_map<(b, m, n, k) -> (m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>" in bca
    bcb = mlir.matmul_module(7, 5, 3, form="memref", batch=2,
                             broadcast_b=True, transpose_a=True)
    assert "%A: memref<2x3x7xf32>, %B: memref<3x5xf32>" in bcb
    assert "affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (k, n)>" in bcb
    # A broadcast operand needs a batch, is not transposed, and is alone.
    refused = [("A", {"batch": 0}), ("A", {"batch": 2, "transpose_a": True}),
               ("B", {"batch": 0}), ("B", {"batch": 2, "transpose_b": True}),
               ("B", {"batch": 2, "broadcast_a": True})]
    for operand, bad in refused:
        try:
            mlir.matmul_module(7, 5, 3, **{f"broadcast_{operand.lower()}": True},
                               **bad)
        except ValueError as e:
            assert f"a broadcast {operand} needs a batch" in str(e)
        else:
            raise AssertionError(f"broadcast {operand} with {bad} was accepted")
    done = _cli("matmul-mlir", "7", "5", "3", "--batch", "4", "--type", "f16",
                "--form", "memref")
    assert done.returncode == 0 and done.stdout == ref
    bad = _cli("matmul-mlir", "7", "5", "3", "--epilogue", "bias_bn")
    assert bad.returncode == 2 and "reads one input per batch" in bad.stderr


def test_matmul_module_transposed_operands():
    """transpose_a stores A as K x M and transpose_b B as N x K, through
    the matmul's indexing_maps; without them there are none."""
    both = mlir.matmul_module(7, 5, 3, form="memref", transpose_a=True,
                              transpose_b=True)
    assert "%A: memref<3x7xf32>, %B: memref<5x3xf32>, %C: memref<7x5xf32>" in both
    assert ("linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, "
            "affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]") in both
    b_only = mlir.matmul_module(7, 5, 3, transpose_b=True)
    assert "(m, k)>, affine_map<(m, n, k) -> (n, k)>" in b_only
    assert "indexing_maps" not in mlir.matmul_module(7, 5, 3)
    done = _cli("matmul-mlir", "7", "5", "3", "--transpose-a", "--transpose-b",
                "--form", "memref")
    assert done.returncode == 0 and done.stdout == both


def test_matmul_module_epilogue_chain():
    """An epilogue is one linalg.generic per op after the matmul, its inputs
    E1, E2, ... arguments after A and B in the order the ops read them, the
    last op's result returned; a cast between f16 and bf16 goes through
    f32; unknown ops and memref form are refused."""
    text = mlir.matmul_module(7, 5, 3, element="f16",
                              epilogue=mlir.epilogue_ops("bias_n,relu,residual,cast:bf16"))
    assert ("func.func @matmul(%A: tensor<7x3xf16>, %B: tensor<3x5xf16>, "
            "%E1: tensor<5xf16>, %E2: tensor<7x5xf16>) -> tensor<7x5xbf16>") in text
    assert text.count("linalg.generic") == 4
    assert "affine_map<(m, n) -> (n)>" in text and "arith.maximumf %x, %z : f16" in text
    assert ("%w = arith.extf %x : f16 to f32" in text
            and "%r = arith.truncf %w : f32 to bf16" in text)
    assert "return %Y3 : tensor<7x5xbf16>" in text
    assert "tensor<7xf32>" in mlir.matmul_module(
        7, 5, 3, epilogue=mlir.epilogue_ops("bias_m"))
    with pytest.raises(ValueError, match="unknown epilogue op 'gelu'"):
        mlir.epilogue_ops("bias_n,gelu")
    with pytest.raises(ValueError, match="tensor form only"):
        mlir.matmul_module(7, 5, 3, form="memref", epilogue=["relu"])
    done = _cli("matmul-mlir", "7", "5", "3", "--type", "f16", "--epilogue",
                "bias_n,relu,residual,cast:bf16")
    assert done.returncode == 0 and done.stdout == text
    bad = _cli("matmul-mlir", "7", "5", "3", "--epilogue", "softmax")
    assert bad.returncode == 2 and "unknown epilogue op 'softmax'" in bad.stderr


def test_matmul_module_batch_epilogue():
    """After a batch_matmul the chain runs over (b, m, n): `_b` inputs are
    one per batch (a leading batch dimension), the others one for every
    batch; a `_b` op without a batch is refused."""
    text = mlir.matmul_module(7, 5, 3, element="f16", batch=4,
                              epilogue=mlir.epilogue_ops("bias_bn,residual,relu"))
    assert ("func.func @matmul(%A: tensor<4x7x3xf16>, %B: tensor<4x3x5xf16>, "
            "%E1: tensor<4x5xf16>, %E2: tensor<7x5xf16>) -> tensor<4x7x5xf16>") in text
    assert "affine_map<(b, m, n) -> (b, n)>" in text
    assert "affine_map<(b, m, n) -> (m, n)>" in text
    assert text.count('iterator_types = ["parallel", "parallel", "parallel"]') == 3
    assert "return %Y2 : tensor<4x7x5xf16>" in text
    with pytest.raises(ValueError, match="bias_bm reads one input per batch"):
        mlir.matmul_module(7, 5, 3, epilogue=["bias_bm"])


def test_matmul_mlir_cli_and_errors():
    done = _cli("matmul-mlir", "2", "3", "4", "--accumulate", "--form", "memref")
    assert done.returncode == 0
    assert done.stdout == mlir.matmul_module(2, 3, 4, accumulate=True, form="memref")
    bad = _cli("matmul-mlir", "0", "3", "4")
    assert bad.returncode == 2 and "must be positive" in bad.stderr


def test_summarize_reads_tile_run_results(capsys):
    """One row per result: the shape, the check, the medians and the ratio
    as tile-run recorded them."""
    path = os.path.join(FIXTURES, "sweep", "runs", "T16_2053x2039x2048.json")
    summary.summarize([path])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("device: ")
    row = out[2].split()
    assert row[0] == "T16_2053x2039x2048.json" and row[1] == "2053x2039x2048"
    assert row[6] == "2.1878" and row[10] == "0.166"
    summary.summarize([path], markdown=True)
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| artifact |") and "**0.166**" in table[2]


def test_summarize_shows_the_sm_clocks(tmp_path, capsys):
    """The SM clock the kernel's and the faster reference's timed runs ended
    at (tile-run's probe) go in their own columns; a result without them
    shows "-"."""
    path = os.path.join(FIXTURES, "sweep", "runs", "T16_2053x2039x2048.json")
    with open(path) as f:
        doc = json.load(f)
    bench = doc["results"][0]["bench"]
    bench["kernel"]["sm_clock_mhz"] = 1560.4
    for key in ("cublas", "cublaslt"):
        if bench.get(key):
            bench[key]["sm_clock_mhz"] = 1485.0
    clocked = tmp_path / "clocked.json"
    clocked.write_text(json.dumps(doc))
    summary.summarize([path, str(clocked)])
    rows = {r[0]: r for r in
            (line.split() for line in capsys.readouterr().out.splitlines()[2:])}
    assert rows["T16_2053x2039x2048.json"][11:13] == ["-", "-"]
    assert rows["clocked.json"][11:13] == ["1560", "1485"]
    summary.summarize([str(clocked)], markdown=True)
    assert "| 1560 / 1485 |" in capsys.readouterr().out


def test_loop_mix_finds_the_longest_backward_branch():
    """The loop is the range of the longest backward branch; predicates are
    stripped; FFMAs are counted apart from the other opcodes."""
    sass_text = "\n".join([
        "/*0000*/  MOV R1, c[0x0][0x28] ;",
        "/*0010*/  FFMA R2, R3, R4, R2 ;",
        "/*0020*/  @P0 FFMA R5, R3, R4, R5 ;",
        "/*0030*/  LDS.128 R8, [R0] ;",
        "/*0040*/  @!P1 BRA 0x10 ;",
        "/*0050*/  BRA 0x40 ;",
        "/*0060*/  EXIT ;"])
    line = sass.loop_mix(sass_text.splitlines(), "k")
    assert line == "k: loop 4 instructions, FFMA 2 (50.0 %); LDS.128 1, BRA 1"
    assert sass.loop_mix(["/*0000*/ EXIT ;"], "k") == "k: no loop"
    done = _cli("loop-mix", "k", stdin=sass_text)
    assert done.returncode == 0 and done.stdout.strip() == line


def test_matmul_module_window():
    """window=(R0, C0, P): each operand a memref.subview of a larger
    argument (its width rounded up to 8 elements) at row R0, column C0;
    batches are then strided; in tensor form A and B are tensor slices;
    sizes not negative."""
    ref = mlir.matmul_module(7, 5, 3, form="memref", window=(1, 2, 3))
    assert ref.startswith("func.func @matmul(%Abuf: memref<8x8xf32>, "
                          "%Bbuf: memref<4x16xf32>, %Cbuf: memref<8x16xf32>) {")
    assert ("%A = memref.subview %Abuf[1, 2] [7, 3] [1, 1] : memref<8x8xf32> "
            "to memref<7x3xf32, strided<[8, 1], offset: 10>>") in ref
    assert ("linalg.matmul ins(%A, %B : memref<7x3xf32, strided<[8, 1], "
            "offset: 10>>, memref<3x5xf32, strided<[16, 1], offset: 18>>) "
            "outs(%C : memref<7x5xf32, strided<[16, 1], offset: 18>>)") in ref
    assert "linalg.fill ins(%zero : f32) outs(%C : memref<7x5xf32, strided" in ref
    batch = mlir.matmul_module(7, 5, 3, form="memref", batch=2,
                               window=(1, 0, 0), accumulate=True)
    assert ("%C = memref.subview %Cbuf[0, 1, 0] [2, 7, 5] [1, 1, 1] : "
            "memref<2x8x8xf32> to memref<2x7x5xf32, strided<[64, 8, 1], "
            "offset: 8>>") in batch
    assert "linalg.fill" not in batch
    tensor = mlir.matmul_module(7, 5, 3, window=(0, 8, 0), epilogue=["relu"])
    assert tensor.startswith("func.func @matmul(%Abuf: tensor<7x16xf32>, "
                             "%Bbuf: tensor<3x16xf32>) -> tensor<7x5xf32> {")
    assert ("%A = tensor.extract_slice %Abuf[0, 8] [7, 3] [1, 1] : "
            "tensor<7x16xf32> to tensor<7x3xf32>") in tensor
    assert "linalg.matmul ins(%A, %B : tensor<7x3xf32>, tensor<3x5xf32>)" in tensor
    for bad in [{"window": (1, 2), "form": "memref"},
                {"window": (-1, 0, 0), "form": "memref"}]:
        try:
            mlir.matmul_module(7, 5, 3, **bad)
        except ValueError as e:
            assert "a window is (R0, C0, P)" in str(e)
        else:
            raise AssertionError(f"{bad} was accepted")
    done = _cli("matmul-mlir", "7", "5", "3", "--window", "1,2,3")
    assert done.returncode == 0 and done.stdout == ref
    bad = _cli("matmul-mlir", "7", "5", "3", "--window", "1,x")
    assert bad.returncode == 2 and "expected R0,C0,P" in bad.stderr
