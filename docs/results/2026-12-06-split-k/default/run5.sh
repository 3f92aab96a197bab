#!/usr/bin/env bash
# Issue 24: the shape matrix (f32) on the default configs with split-K,
# against stream_k and split_tail on 64 x 64 and 64 x 128 FMA tiles.
set -u
mkdir -p $OUT/k; nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv
run=$(find build-gpu -name tile-run -type f -perm -u+x | head -1); [ -x "$run" ] || { cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILEOPT_ENABLE_COMPILER=OFF -DTILEOPT_ENABLE_RUNTIME=ON >/dev/null && ninja -C build-gpu tile-run >/dev/null; run=$(find build-gpu -name tile-run -type f -perm -u+x | head -1); }
for d in gpu-art/s3/*; do
  a=$(basename $d)
  timeout 60 $run $d --check --bench --iters 100 --json $OUT/k/$a.json > $OUT/k/$a.log 2>&1
  rc=$?
  python3 - "$OUT/k/$a.json" "$a" "$rc" <<'PY'
import json,sys
try:
  j=json.load(open(sys.argv[1])); k=j['results'][0] if 'results' in j else j
  b=k.get('bench',{}); c=k.get('check',{})
  print("%-34s rc %s %s err %.2e  %.4f ms  %.1f GFLOP/s  x%.3f" % (sys.argv[2], sys.argv[3], c.get('pass'), c.get('kernel_vs_fp64',{}).get('max_abs',-1) if isinstance(c.get('kernel_vs_fp64'),dict) else -1, b['kernel']['median_ms'], b['kernel']['gflops'], b.get('ratio_to_cublas',0)))
except Exception as e: print(sys.argv[2], "rc", sys.argv[3], "no json", e)
PY
done
cd $OUT && tar czf k.tgz k && rm -rf k
