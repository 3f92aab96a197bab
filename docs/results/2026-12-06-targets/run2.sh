#!/usr/bin/env bash
# Run 2 on the GPU machine: the jobs of default.spec whose kernels the
# change altered, and its small ragged ones (gpu-art/d2: a subset of
# gpu-art/d, default.spec compiled), the new rules' checks and the configs they replace
# (gpu-art/n: rules.spec), TF32 C += A * B added at the store (gpu-art/an)
# and loaded at the start (gpu-art/ao: tf32-acc.spec compiled before the
# change, jobs renamed o*_), then old and new alternated.
#   here:   scripts/gpu-artifacts.sh gpu-art/d default.spec (and n, an, ao),
#           then the jobs named in README.md (run 2) copied to gpu-art/d2
#   device: docs/results/2026-12-06-targets/run2.sh OUTDIR
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$root"
out="${1:?usage: run2.sh OUTDIR}"
mkdir -p "$out"
nvidia-smi -q -d POWER,CLOCK >"$out/nvidia-smi.txt" 2>&1
timeout 130 bash scripts/gpu-run.sh gpu-art/d2 "$out/d" '^(s_|a_tf32_136)' >"$out/d.out" 2>&1
timeout 80 bash scripts/gpu-run.sh gpu-art/n "$out/n" '^n_(256|300)' >"$out/n.out" 2>&1
timeout 50 bash scripts/gpu-run.sh gpu-art/an "$out/an" '^ta_136' >"$out/an.out" 2>&1
timeout 35 bash scripts/gpu-run.sh gpu-art/ao "$out/ao" '^$' >"$out/ao.out" 2>&1
a="$root/gpu-art"
AB_SLEEP=1 timeout 100 bash scripts/ab-bench.sh "$root/build-gpu/bin/tile-run" 2 200 \
  "$a/d2/sq_768" "$a/n/o_768" "$a/n/n_1024" \
  "$a/n/o_1024" "$a/d2/sq_3072" "$a/n/o_3072" "$a/d2/sq_3072_acc" \
  "$a/n/o_3072_acc" "$a/an/ta_2048" "$a/ao/oa_2048" "$a/an/ta_4096" \
  "$a/ao/oa_4096" "$a/an/tx_2048" "$a/ao/ox_2048" >"$out/ab.txt" 2>&1
rm -f "$out"/*/clocks.csv
