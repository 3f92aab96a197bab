#!/usr/bin/env bash
# On the GPU machine: the FP32 FMA ceiling (experiments/fma-ceiling.cu) and the
# SM clock and power the card holds while it runs, and while tile-run
# benchmarks each ARTIFACT's kernel alone (--no-reference, 3000 launches).
#
#   experiments/ceiling.sh LOGDIR [TILE-RUN ARTIFACT...]
#
# nvidia-smi samples every 20 ms; the summary keeps the samples taken while
# the GPU was busy (utilization >= 90 %) and prints the median, minimum and
# maximum of their SM clock, power draw and temperature, and how often each
# clock event reason (0x4: software power cap) was active.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
logs="${1:?usage: ceiling.sh LOGDIR [TILE-RUN ARTIFACT...]}"
shift
mkdir -p "$logs"
run="${1:-}"
[ $# -gt 0 ] && shift

summary() { # CSV NAME: the busy samples' clock, power and temperature
  local busy="${1%.smi.csv}.busy.csv"
  awk -F', ' '$2 + 0 >= 90' "$1" > "$busy"
  if [ ! -s "$busy" ]; then
    echo "$2: no busy samples"
    return
  fi
  stat() { cut -d, -f"$1" "$busy" | sort -n | awk '{ v[NR] = $1 + 0 }
    END { printf "median %g (min %g, max %g)", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
  echo "$2: $(wc -l < "$busy") busy samples; SM clock MHz $(stat 3); power W $(stat 4); temperature C $(stat 5); clock event reasons (count, mask):$(cut -d, -f6 "$busy" | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
}

sampled() { # NAME COMMAND...: runs COMMAND while sampling the card
  local name="$1"
  shift
  nvidia-smi --query-gpu="$fields" --format=csv,noheader,nounits -lms 20 \
    > "$logs/$name.smi.csv" &
  local smi=$!
  sleep 1
  "$@" > "$logs/$name.log" 2>&1
  sleep 0.2
  kill "$smi"
  wait "$smi" 2>/dev/null
  cat "$logs/$name.log"
  summary "$logs/$name.smi.csv" "$name"
}

fields=timestamp,utilization.gpu,clocks.sm,power.draw,temperature.gpu
for reasons in clocks_event_reasons.active clocks_throttle_reasons.active; do
  if nvidia-smi --query-gpu="$fields,$reasons" --format=csv >/dev/null 2>&1; then
    fields="$fields,$reasons"
    break
  fi
done
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv | tee "$logs/gpu.txt"
nvcc -O3 -arch=sm_90 -o "$logs/fma-ceiling" "$root/experiments/fma-ceiling.cu" || exit 1
cuobjdump --dump-sass "$logs/fma-ceiling" | grep -cw FFMA | sed 's/^/FFMA in the SASS: /'
sleep 2
sampled fma "$logs/fma-ceiling" 350 3500 35000
for a in "$@"; do
  sleep 2
  sampled "$(basename "$a")" "$run" "$a" --bench --no-reference --iters 3000
done
