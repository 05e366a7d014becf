#!/usr/bin/env bash
# Soak: runs mode2 for ten minutes (by default) against a redis-server of its own and samples the
# client JVM every 10 s: heap in use, old generation in use and RSS. Once a minute it first forces a
# full GC (jcmd GC.run), so that the old generation it then reads is what is really live: what a
# leak would grow. Prints, over the samples after the first minute, ranges and slopes in MiB per
# minute. Writes everything under results/soak/.
#
# Usage: scripts/soak-mode2.sh [threads] [kkeys] [seconds] [client]   (defaults: 4 100 600 jedis)
set -euo pipefail
source "$(dirname "$0")/common.sh"
THREADS="${1:-4}"
KKEYS="${2:-100}"
SECONDS_TOTAL="${3:-600}"
CLIENT="${4:-jedis}"
OUT="$ROOT/results/soak"
mkdir -p "$OUT"

build_jars
start_redis
SAMPLES="$OUT/samples-$CLIENT.csv"
echo "seconds,heap_used_mib,old_used_mib,rss_mib,after_full_gc" > "$SAMPLES"

taskset -c "$CLIENT_CPUS" java -Xmx512m -Xlog:gc:file="$OUT/gc-$CLIENT.log" -jar "$METRIC_JAR" \
  mode2 "$THREADS" "$KKEYS" "$REDIS_PORT" --no-embedded --flush --client "$CLIENT" --duration "$SECONDS_TOTAL" \
  --warmup-time 5 --json "$OUT/result-$CLIENT.json" > "$OUT/report-$CLIENT.txt" 2> "$OUT/progress-$CLIENT.txt" &
JAVA_PID=$!
START="$(date +%s)"
SAMPLE=0
while kill -0 "$JAVA_PID" 2>/dev/null; do
  sleep 10
  kill -0 "$JAVA_PID" 2>/dev/null || break
  SAMPLE=$((SAMPLE + 1))
  FULL=0
  if [ $((SAMPLE % 6)) -eq 0 ]; then
    jcmd "$JAVA_PID" GC.run > /dev/null 2>&1 && FULL=1
  fi
  # jstat -gc: S0U S1U EU OU are columns 3 4 6 8 (KiB); used heap is their sum.
  GC="$(jstat -gc "$JAVA_PID" 2>/dev/null | tail -1)" || continue
  RSS_KB="$(awk '/VmRSS/ {print $2}' "/proc/$JAVA_PID/status" 2>/dev/null)" || continue
  echo "$GC" | awk -v t="$(( $(date +%s) - START ))" -v rss="$RSS_KB" -v full="$FULL" \
    '{printf "%d,%.1f,%.1f,%.1f,%d\n", t, ($3+$4+$6+$8)/1024, $8/1024, rss/1024, full}' >> "$SAMPLES"
done
set +e
wait "$JAVA_PID"
CODE=$?
set -e

slope() { # column index in samples.csv [, only after-full-GC rows] -> MiB per minute by least squares after 60 s
  awk -F, -v c="$1" -v only="${2:-0}" 'NR > 1 && $1 >= 60 && (!only || $5) { n++; x += $1; y += $c; xx += $1*$1; xy += $1*$c }
    END { if (n < 2) print "n/a"; else printf "%+.2f", 60 * (n*xy - x*y) / (n*xx - x*x) }' "$SAMPLES"
}
range() { # column [, only after-full-GC rows] -> first, last and max after 60 s
  awk -F, -v c="$1" -v only="${2:-0}" 'NR > 1 && $1 >= 60 && (!only || $5) { if (!n++) f = $c; l = $c; if ($c > m) m = $c }
    END { printf "first %.1f, last %.1f, max %.1f", f, l, m }' "$SAMPLES"
}
{
  echo "mode2 $THREADS threads, $KKEYS kkeys, $SECONDS_TOTAL s, $CLIENT, -Xmx512m; exit code $CODE"
  echo "samples every 10 s: $(($(wc -l < "$SAMPLES") - 1)); after the first minute:"
  echo "  heap in use  (MiB): $(range 2) (young objects come and go: this one saw-tooths)"
  echo "  old gen after a full GC, each minute (MiB): $(range 3 1); slope $(slope 3 1) MiB/min"
  echo "  old gen, every sample (MiB): $(range 3)"
  echo "  RSS          (MiB): $(range 4); slope $(slope 4) MiB/min"
  grep -E '^\| all ' "$OUT/report-$CLIENT.txt" | head -1 || true
} | tee "$OUT/summary-$CLIENT.txt"
exit "$CODE"
