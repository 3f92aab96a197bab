#!/usr/bin/env bash
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; root="$(cd "$here/.." && pwd)"
cmake -S "$root" -B "$root/build-gpu" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DTILEOPT_ENABLE_COMPILER=OFF -DTILEOPT_ENABLE_RUNTIME=ON >/dev/null && ninja -C "$root/build-gpu" tile-run >/dev/null
run="$root/build-gpu/bin/tile-run"
for a in "$here"/cand/*; do echo "$(basename $a): $($run $a --check 2>&1 | grep -m1 'check (seed')"; done
bash "$root/scripts/ab-bench.sh" "$run" 3 200 "$here"/cand/*
