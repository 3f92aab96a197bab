#!/usr/bin/env bash
# Compiles kernel artifacts here (where MLIR is) for a GPU machine that has
# none: one artifact directory per line of a spec, under OUTDIR.
#
#   scripts/gpu-artifacts.sh OUTDIR [SPEC]
#
# SPEC lines: NAME MxNxK PIPELINE-OPTIONS...   ('#' starts a comment), e.g.
#   t32_2048  2048x2048x2048  config='#tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>>'
# (among the options, `accumulate` makes the matmul C += A * B,
# `type=f16` / `c_type=f32` set A's and B's and C's element types,
# `transpose_a` / `transpose_b` store A as K x M and B as N x K,
# `epilogue=OP,OP...` chains elementwise ops after the matmul (matmul-mlir
# --epilogue), `batch=B` makes it a linalg.batch_matmul of B products
# (`broadcast_a`, `broadcast_b`: of one A, of one B), `window=R0,C0,P`
# makes each operand a window of a larger buffer (matmul-mlir --window), and
# `line=` / `x=` place the job on a plot);
# python/tileopt/spec.py reads the same format.
# TILE_OPT names the compiler (default build/bin/tile-opt).
# Without SPEC, the runtime issue's set: the naive kernel on the seed shapes
# and on tiny and odd shapes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: gpu-artifacts.sh OUTDIR [SPEC]}"
spec="${2:-}"
tile_opt="${TILE_OPT:-$root/build/bin/tile-opt}"
[ -x "$tile_opt" ] || "$root/scripts/setup.sh"

default_spec=$(cat <<'SPEC'
naive_2048        2048x2048x2048  strategy=naive
naive_2053        2053x2039x2048  strategy=naive
naive_1000        1000x1000x1001  strategy=naive
naive_1x1x1       1x1x1           strategy=naive
naive_7x5x3       7x5x3           strategy=naive
naive_2048_b32x8  2048x2048x2048  config='#tile.config<naive, block = [8, 32, 1], tile = #tile.fma<thread = [1, 1]>>'
SPEC
)
mkdir -p "$out"
failed=()
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
while read -r name shape opts; do
  [ -z "${name:-}" ] || [ "${name:0:1}" = "#" ] && continue
  IFS=x read -r m n k <<<"$shape"
  # Words among the options that describe the matmul, not the pipeline:
  # `accumulate` (C += A * B instead of a zero fill), `transpose_a` and
  # `transpose_b` (A stored K x M, B N x K), `type=T` (A's and B's element
  # type), `c_type=T` (C's) and `epilogue=OPS` (ops after the matmul).
  problem=()
  pipeline=()
  read -ra words <<<"$opts"
  for word in "${words[@]}"; do
    case "$word" in
      accumulate) problem+=(--accumulate) ;;
      transpose_a) problem+=(--transpose-a) ;;
      transpose_b) problem+=(--transpose-b) ;;
      type=*) problem+=(--type "${word#type=}") ;;
      c_type=*) problem+=(--c-type "${word#c_type=}") ;;
      epilogue=*) problem+=(--epilogue "${word#epilogue=}") ;;
      batch=*) problem+=(--batch "${word#batch=}") ;;
      broadcast_a) problem+=(--broadcast-a) ;;
      broadcast_b) problem+=(--broadcast-b) ;;
      window=*) problem+=(--window "${word#window=}") ;;
      line=* | x=*) ;;  # plot placement (python/tileopt/spec.py), not the pipeline's
      *) pipeline+=("$word") ;;
    esac
  done
  opts="${pipeline[*]:-}"
  PYTHONPATH="$root/python" python3 -m tileopt matmul-mlir "$m" "$n" "$k" \
    "${problem[@]}" >"$tmp/$name.mlir"
  if ! "$tile_opt" "$tmp/$name.mlir" \
      --tile-gpu-pipeline="$opts artifact-dir=$out/$name" -o /dev/null; then
    echo "FAILED $name ($shape, $opts)" >&2
    failed+=("$name")
    continue
  fi
  echo "compiled $name ($shape, $opts) -> $out/$name"
done < <(if [ -n "$spec" ]; then cat "$spec"; else echo "$default_spec"; fi)
# A job the compiler refuses (the seeds' T = 64 needs 4096 threads) does not
# stop the others; the exit status says whether any failed.
if [ "${#failed[@]}" -gt 0 ]; then
  echo "${#failed[@]} job(s) failed: ${failed[*]}" >&2
  exit 1
fi
