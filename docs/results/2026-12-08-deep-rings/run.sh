#!/usr/bin/env bash
# The device call prepared for this page (not run: no machine came).
#   here: scripts/gpu-artifacts.sh gpu-art/n defaults.spec  (tile-opt with deep-rings.patch)
#         scripts/gpu-artifacts.sh gpu-art/d variants.spec; gpu-art/m: scripts/specs/shape-matrix.spec at main
#   GPU:  bash run.sh WORKDIR OUTDIR   (carry gpu-art; order: ab-bench n/m, check n, variants, sanitizers)
# (gpu-art/tile-run: build/bin/tile-run copied there, so that no build is needed; else it builds.)
set -uo pipefail
O="$1"; T="$2"; mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv > "$O/gpu.txt"
TR=gpu-art/tile-run
$TR --version > "$O/build.log" 2>&1 || { cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILEOPT_ENABLE_COMPILER=OFF \
  -DTILEOPT_ENABLE_RUNTIME=ON >> "$O/build.log" 2>&1 && ninja -C build-gpu tile-run >> "$O/build.log" 2>&1; TR=build-gpu/bin/tile-run; }
save() { echo "$1 $SECONDS" >> "$O/gpu.txt"; tar czf "$T/r.tar.gz" -C "$O" .; }
pairs=()
for d in gpu-art/n/n_[dsv][ke]*; do pairs+=("$d" "gpu-art/m/m16_${d#gpu-art/n/n_}"); done
bash scripts/ab-bench.sh $TR 1 200 "${pairs[@]}" > "$O/ab1.txt" 2>&1; save ab1
for d in gpu-art/n/*; do
  { echo "== $(basename $d)"; timeout 30 $TR "$d" 2>&1; echo "$(basename $d) check rc $?"; } >> "$O/checks.txt"
done; save checks
bash scripts/ab-bench.sh $TR 1 200 "${pairs[@]}" > "$O/ab2.txt" 2>&1; save ab2
vars=()
for d in gpu-art/d/d_sk256_* gpu-art/d/d_dk768_* gpu-art/d/*_s13 gpu-art/d/*_s12p gpu-art/d/d_dk256_64x64_s8 gpu-art/d/d_sk64_64x64_s8 gpu-art/d/d_sq768*; do vars+=("$d"); done
vars+=(gpu-art/m/m16_dk_768 gpu-art/m/m16_sq_768)
bash scripts/ab-bench.sh $TR 1 200 "${vars[@]}" > "$O/ab3.txt" 2>&1; save ab3
for d in gpu-art/n/n_s_*; do
  for t in memcheck racecheck synccheck; do
    { echo "== $(basename $d) $t"; timeout 60 compute-sanitizer --tool $t --error-exitcode 9 $TR "$d" --no-reference 2>&1 | tail -3; echo "$(basename $d) $t rc ${PIPESTATUS[0]}"; } >> "$O/sanitize.txt"
  done
  save "san $(basename $d)"
done
