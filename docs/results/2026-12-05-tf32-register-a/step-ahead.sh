#!/usr/bin/env bash
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; root="$(cd "$here/.." && pwd)"
cmake -S "$root" -B "$root/build-gpu" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DTILEOPT_ENABLE_COMPILER=OFF -DTILEOPT_ENABLE_RUNTIME=ON >/dev/null && ninja -C "$root/build-gpu" tile-run >/dev/null
run="$root/build-gpu/bin/tile-run"
for s in tf32_2053x2039x2048 tf32_acc_2053x2039x2048 tf32_kodd_1000x1001x1003 tf32_small_127x129x65 tf32_small_200x136x64 tf32_small_7x5x3; do
  echo "== $s"; $run "$here/pf/$s" --check 2>&1 | sed -n '/check (seed/,/max |err| \//p'
done
for s in tf32_small_127x129x65 tf32_small_7x5x3; do for t in memcheck racecheck synccheck; do
  compute-sanitizer --tool $t --error-exitcode 99 "$run" "$here/pf/$s" --no-reference > /dev/null 2>&1; echo "$t $s: exit $?"; done; done
for i in 1 2 3; do for v in new pf; do
  bash "$root/scripts/ab-bench.sh" "$run" 1 200 "$here/$v/tf32_2053x2039x2048" | sed "s/^round 1/2053 $v r$i/"
done; done
for v in new pf; do bash "$root/scripts/ab-bench.sh" "$run" 1 200 "$here/$v/tf32_kodd_1000x1001x1003" | sed "s/^round 1/kodd $v/"; done
