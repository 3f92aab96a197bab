#!/usr/bin/env bash
# Session 2026-12-06: small epilogue artifacts checked (approximate tanh,
# exp, division for 16-bit outputs); the FF layer's epilogue priced part by
# part against the bare matmul and cuBLASLt, clocks and power sampled.
set -u
mkdir -p $OUT/b
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILEOPT_ENABLE_COMPILER=OFF -DTILEOPT_ENABLE_RUNTIME=ON >/dev/null && ninja -C build-gpu tile-run >/dev/null || echo "BUILD FAILED"
run=$(find build-gpu -name tile-run -type f -perm -u+x | head -1)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw --format=csv,noheader,nounits -lms 200 > $OUT/b/clocks.csv &
s=$!
for d in gpu-art/s1/ep_small*; do
  a=$(basename $d)
  timeout 60 $run $d --check > $OUT/b/$a.log 2>&1
  echo "== $a rc $? $(grep -E '^(PASS|FAIL)' $OUT/b/$a.log | head -1) $(grep -E 'kernel vs FP64' $OUT/b/$a.log | head -1)"
done
for a in "$@"; do
  timeout 100 $run gpu-art/s1/$a --check --bench --iters 200 --json $OUT/b/$a.json > $OUT/b/$a.log 2>&1
  echo "== $a rc $?"; grep -E "PASS|FAIL|cuBLASLt|kernel  |cuBLAS|max \|err\||tolerance|vs FP64|ratio|TFLOP" $OUT/b/$a.log | head -24
done
kill $s
python3 -c "
import csv;r=[l for l in csv.reader(open('$OUT/b/clocks.csv')) if len(l)>2]
b=[(float(x[1]),float(x[2])) for x in r if float(x[2])>150]
print('clocks under load: SM %d-%d MHz, power max %.0f W, %d samples'%(min(c for c,_ in b),max(c for c,_ in b),max(p for _,p in b),len(b)) if b else 'no samples')"
cd $OUT && tar czf b.tgz b && rm -rf b
