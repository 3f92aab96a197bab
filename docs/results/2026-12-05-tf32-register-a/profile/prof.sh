#!/usr/bin/env bash
# ncu of the new TF32 kernels: speed of light and per-instruction warp
# samples (to split the copy, the K loop and the epilogue).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="${OUT:-/tmp/out}"
mkdir -p "$out/prof"
cmake -S "$root" -B "$root/build-gpu" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DTILEOPT_ENABLE_COMPILER=OFF -DTILEOPT_ENABLE_RUNTIME=ON >/dev/null && ninja -C "$root/build-gpu" tile-run >/dev/null
run="$root/build-gpu/bin/tile-run"
for s in tf32_2048 tf32_2053x2039x2048 tf32x3_2053x2039x2048; do
  ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section SourceCounters \
    -o "$out/prof/$s" "$run" "$here/new/$s" --no-reference > "$out/prof/$s.log" 2>&1
  ncu -i "$out/prof/$s.ncu-rep" --page details > "$out/prof/$s-details.txt" 2>&1
  ncu -i "$out/prof/$s.ncu-rep" --page source --csv --print-source sass > "$out/prof/$s-sass.csv" 2>&1
  rm -f "$out/prof/$s.ncu-rep"
  echo "$s: $(grep -m1 -E 'Duration' "$out/prof/$s-details.txt")"
done
cd "$out" && tar czf prof.tgz prof && rm -rf prof
