#!/usr/bin/env bash
# TF32 A from registers: GPU tests of the new compiler's kernels, then an
# A/B against the previous compiler's (bbc5169, run by its own tile-run,
# built from oldsrc/) on the benchmark shapes.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="${OUT:-/tmp/out}"
mkdir -p "$out/logs"
(cmake -S "$here/oldsrc" -B "$root/build-old" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DTILEOPT_ENABLE_COMPILER=OFF -DTILEOPT_ENABLE_RUNTIME=ON >/dev/null &&
  ninja -C "$root/build-old" tile-run >/dev/null) > "$out/logs/build-old.log" 2>&1 &
bash "$root/scripts/gpu-run.sh" "$here/new" "$out/logs" "small" > "$out/logs/gpu-run.txt" 2>&1
wait
tail -n 22 "$out/logs/gpu-run.txt"
new="$root/build-gpu/bin/tile-run"
old="$(find "$root/build-old" -name tile-run -type f -perm -u+x | head -1)"
for i in 1 2; do
  for s in tf32_2048 tf32_4096 tf32_2053x2039x2048 tf32_acc_3000x2999x2048 tf32x3_2048 tf32x3_4096 tf32x3_2053x2039x2048 tf32x3_acc_3000x2999x2048 tf32x3_3000x2999x2048 tf32x3_acc_2053x2039x2048; do
    bash "$root/scripts/ab-bench.sh" "$old" 1 200 "$here/old/$s" | sed "s/^round 1/$s old r$i/"
    bash "$root/scripts/ab-bench.sh" "$new" 1 200 "$here/new/$s" | sed "s/^round 1/$s new r$i/"
  done
done 2>&1 | tee "$out/logs/ab.txt"
cuobjdump -sass "$here/new/tf32x3_acc_3000x2999x2048/"*.cubin > "$out/logs/x3acc.sass" 2>&1
grep -n "USETMAXREG\|STL\|LDL" "$out/logs/x3acc.sass" | head -60 > "$out/logs/x3acc-spills.txt"
cd "$out" && rm -f logs/*.sass && tar czf logs.tgz logs
