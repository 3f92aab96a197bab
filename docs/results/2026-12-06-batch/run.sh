#!/usr/bin/env bash
# How this page's numbers were made. Here (MLIR): the artifacts of each
# spec; on the GPU machine: tile-run built alone, the GPU tests (check,
# benchmark, compute-sanitizer where the regex matches) over them.
set -euo pipefail
cd "$(dirname "$0")/../../.."
page=docs/results/2026-12-06-batch
# Run 1: check.spec (sanitizers on all) and bench.spec (data-parallel grids).
bash scripts/gpu-artifacts.sh gpu-art/check $page/check.spec
bash scripts/gpu-artifacts.sh gpu-art/bench $page/bench.spec
#   GPU: bash scripts/gpu-run.sh gpu-art/check $OUT/check '.*'
#        bash scripts/gpu-run.sh gpu-art/bench $OUT/bench '^$'
# Run 2: check.spec again and persistent.spec (sanitizers on its b* jobs).
bash scripts/gpu-artifacts.sh gpu-art/p $page/persistent.spec
#   GPU: bash scripts/gpu-run.sh gpu-art/check $OUT/check '.*'
#        bash scripts/gpu-run.sh gpu-art/p $OUT/p '^b'
# Run 3: final.spec, the default configs.
bash scripts/gpu-artifacts.sh gpu-art/final $page/final.spec
#   GPU: bash scripts/gpu-run.sh gpu-art/final $OUT/final '^$'
# Run 4: last.spec and the broadcast-B fold.
mkdir -p gpu-art/last
build/bin/tile-opt $page/bcast_b.mlir \
  --tile-gpu-pipeline="chip=sm_90a artifact-dir=gpu-art/last/bcast_b" -o /dev/null
bash scripts/gpu-artifacts.sh gpu-art/last $page/last.spec
#   GPU (carry=gpu-art): bash scripts/gpu-run.sh gpu-art/last $OUT/last '^b[0-9c]'
