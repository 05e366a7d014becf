#!/usr/bin/env bash
# Is the harness the bottleneck? Against one redis-server (ours, pinned to the last core) in one run,
# with the client pinned to the other cores, for each thread count and client library:
#   (a) metric mode1's verify phase,
#   (b) a bare loop of the same library doing the same GETs with nothing else (BareGetLoop),
#   (c) redis-benchmark -t get -d 1100 -r <keys> -c <threads> on its own keys of 1100 bytes;
# cells interleaved and repeated, medians reported. Prints (a)/(b), (a)/(c) and client CPU
# microseconds per request, and writes the table and the raw figures to results/mode1-speed/.
#
# Usage: scripts/speed-mode1.sh                 environment: THREADS, CLIENTS, REPEAT, KKEYS, READS, WARMUP
set -euo pipefail
source "$(dirname "$0")/common.sh"
THREADS="${THREADS:-1 2 4 8 50}"
CLIENTS="${CLIENTS:-jedis lettuce}"
REPEAT="${REPEAT:-3}"
KKEYS="${KKEYS:-100}"
READS="${READS:-200000}"
WARMUP="${WARMUP:-50000}"
KEYS=$((KKEYS * 1024))
OUT="$ROOT/results/mode1-speed"
command -v redis-benchmark >/dev/null || { echo "redis-benchmark not found (apt-get install redis-tools)" >&2; exit 3; }

build_jars
start_redis
mkdir -p "$OUT"
WORK="$(mktemp -d)"
RAW="$OUT/raw.csv"
echo "repeat,threads,runner,client,rps,cpu_us_per_request" > "$RAW"

echo "loading $KEYS metric keys and $KEYS redis-benchmark keys into 127.0.0.1:$REDIS_PORT" >&2
java -jar "$METRIC_JAR" mode1 2 "$KKEYS" "$REDIS_PORT" --flush --no-embedded --reads 1000 --warmup 0 > /dev/null
load_benchmark_keys "$KEYS"

pinned() { taskset -c "$CLIENT_CPUS" "$@"; }

for r in $(seq "$REPEAT"); do
  for t in $THREADS; do
    for c in $CLIENTS; do
      pinned java -jar "$METRIC_JAR" mode1 "$t" "$KKEYS" "$REDIS_PORT" --skip-load --no-embedded --client "$c" \
        --reads "$READS" --warmup "$WARMUP" --json "$WORK/a.json" > "$WORK/a.txt" 2>/dev/null \
        || { echo "metric mode1 failed:"; cat "$WORK/a.txt"; exit 1; }
      echo "$r,$t,metric,$c,$(json_number "$WORK/a.json" readsPerSec),$(json_number "$WORK/a.json" clientCpuMicrosPerRead)" >> "$RAW"
      line="$(pinned java -cp "$BENCH_JAR" dev.metric.jmh.baseline.BareGetLoop "$c" "$t" "$KKEYS" "$READS" "$WARMUP" "$REDIS_PORT")"
      echo "$r,$t,bare,$c,$(sed 's/.* rps=\([0-9.]*\).*/\1/' <<< "$line"),$(sed 's/.*cpu_us_per_request=\([0-9.]*\).*/\1/' <<< "$line")" >> "$RAW"
    done
    TIMEFORMAT='%U %S'
    { time pinned redis-benchmark -p "$REDIS_PORT" -t get -d 1100 -r "$KEYS" -c "$t" -n "$READS" --csv > "$WORK/c.csv" ; } 2> "$WORK/c.time"
    rps="$(tail -1 "$WORK/c.csv" | cut -d, -f2 | tr -d '"')"
    cpu="$(awk -v n="$READS" '{ printf "%.2f", ($1 + $2) * 1e6 / n }' "$WORK/c.time")"
    echo "$r,$t,redis-benchmark,-,$rps,$cpu" >> "$RAW"
    echo "repeat $r, $t threads done" >&2
  done
done

cell() { # runner client threads column(5=rps, 6=cpu) -> median over repeats
  median $(awk -F, -v ru="$1" -v c="$2" -v t="$3" -v col="$4" '$3 == ru && $4 == c && $2 == t { print $col }' "$RAW")
}

{
  echo "# mode1 verify phase against a bare client loop and redis-benchmark"
  echo
  echo "$(date -u +%Y-%m-%d), $(nproc) cores, $(redis-server --version | cut -d' ' -f1-3), server pinned to CPU $SERVER_CPU,"
  echo "clients pinned to CPUs $CLIENT_CPUS; $KEYS keys, $READS measured reads after $WARMUP warm-up reads per run;"
  echo "median of $REPEAT interleaved repeats. (a) metric mode1 --skip-load, (b) BareGetLoop, (c) redis-benchmark"
  echo "-t get -d 1100 -r $KEYS -c <threads>. CPU: client process CPU per request (us)."
  echo
  echo "| client | threads | (a) metric rps | (b) bare rps | (c) redis-benchmark rps | (a)/(b) | (a)/(c) | CPU (a) | CPU (b) | CPU (c) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  for c in $CLIENTS; do
    for t in $THREADS; do
      a="$(cell metric "$c" "$t" 5)"; b="$(cell bare "$c" "$t" 5)"; x="$(cell redis-benchmark - "$t" 5)"
      ca="$(cell metric "$c" "$t" 6)"; cb="$(cell bare "$c" "$t" 6)"; cx="$(cell redis-benchmark - "$t" 6)"
      awk -v c="$c" -v t="$t" -v a="$a" -v b="$b" -v x="$x" -v ca="$ca" -v cb="$cb" -v cx="$cx" 'BEGIN {
        printf "| %s | %d | %.0f | %.0f | %.0f | %.2f | %.2f | %.1f | %.1f | %.1f |\n", c, t, a, b, x, a / b, a / x, ca, cb, cx }'
    done
  done
} | tee "$OUT/table.md"
rm -rf "$WORK"
