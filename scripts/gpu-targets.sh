#!/usr/bin/env bash
# The open issues' GPU work in one device call (the device budget is 30
# minutes a session, and a machine may not come twice).
#
#   here:    scripts/gpu-targets.sh compile
#   device:  scripts/gpu-targets.sh run OUTDIR [SETS]   (carry gpu-art/{b,t,v,x,f,m})
#
# SETS (default "b t v x f m ab") runs part of it: all of them take more
# than one 600 s call (t alone about 170 s on an H100), so name a subset
# per call, e.g. "b t f ab" and then "v x".
#
# b: issue 25's batches with transposed and broadcast operands (checked,
#    sanitizers on the small ones); t: every H200 target of issues 21, 22
#    and 25 at the default config (scripts/specs/targets.spec); v: the
#    wgmma checks left from issue 24's split-K page (sanitizers on the
#    small and split ones); x: issue 24's f16 candidates; f: what
#    2026-12-06-targets left to measure (scripts/specs/wgmma-followups.spec);
#    m: issue 24's shape matrix at the default, f32 and f16
#    (scripts/specs/shape-matrix.spec, no sanitizers);
#    then the targets' kernels and cuBLAS alternated, 2 rounds of 200
#    launches.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
specs=scripts/specs
case "${1:-}" in
compile)
  # (Each set's directory holds its spec's artifacts and nothing else.)
  rm -rf gpu-art/b gpu-art/t gpu-art/v gpu-art/x gpu-art/f gpu-art/m
  bash scripts/gpu-artifacts.sh gpu-art/b $specs/batch-layouts.spec
  bash scripts/gpu-artifacts.sh gpu-art/t $specs/targets.spec
  bash scripts/gpu-artifacts.sh gpu-art/v $specs/wgmma-checks.spec
  bash scripts/gpu-artifacts.sh gpu-art/x $specs/wgmma-shapes-explore.spec
  bash scripts/gpu-artifacts.sh gpu-art/f $specs/wgmma-followups.spec
  bash scripts/gpu-artifacts.sh gpu-art/m $specs/shape-matrix.spec
  ;;
run)
  out="${2:?usage: gpu-targets.sh run OUTDIR [SETS]}"
  sets=" ${3:-b t v x f m ab} "
  mkdir -p "$out"
  nvidia-smi -q -d POWER,CLOCK >"$out/nvidia-smi.txt" 2>&1
  [[ $sets == *" b "* ]] && timeout 130 bash scripts/gpu-run.sh gpu-art/b \
    "$out/b" '^(bt_(tab|tb_acc|tb_rag)|bc_(tb|f32)|bcb_acc|.*naive)'
  [[ $sets == *" t "* ]] &&
    timeout 190 bash scripts/gpu-run.sh gpu-art/t "$out/t" '^$'
  [[ $sets == *" v "* ]] && timeout 140 bash scripts/gpu-run.sh gpu-art/v \
    "$out/v" '^(s_|z_|a_tf32_136)'
  [[ $sets == *" x "* ]] &&
    timeout 110 bash scripts/gpu-run.sh gpu-art/x "$out/x" '^$'
  [[ $sets == *" f "* ]] &&
    timeout 60 bash scripts/gpu-run.sh gpu-art/f "$out/f" '^$'
  [[ $sets == *" m "* ]] &&
    timeout 400 bash scripts/gpu-run.sh gpu-art/m "$out/m" '^$'
  [[ $sets == *" ab "* ]] && (cd gpu-art/t && AB_SLEEP=1 timeout 85 \
    bash ../../scripts/ab-bench.sh ../../build-gpu/bin/tile-run 2 200 \
    t21_ff_f16 t21_4096_f16 t21_4096_bf16 t21_8192_bf16 t21_2048_f16 \
    t22_tf32_2048 t22_tf32_4096 t25_gelu t25_tb | tee "$out/ab.txt")
  true
  ;;
*)
  echo "usage: gpu-targets.sh compile | run OUTDIR [SETS]" >&2
  exit 2
  ;;
esac
