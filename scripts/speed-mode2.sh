#!/usr/bin/env bash
# Can mode2 outrun a server, and what does the cache workload cost? Against one redis-server (ours,
# pinned to the last core) in one run, with clients pinned to the other cores:
#   1. mode2 read-only (--write-ratio 0) with --inflight on 1 and 2 threads (50 requests in flight in
#      all, as redis-benchmark's 50 connections), for each client, against
#      redis-benchmark -t get -c 50 -d 1100 -r <keys> on its own keys of 1100 bytes: rps ratio and
#      client CPU microseconds per operation; cells interleaved, repeated, medians reported;
#   2. mode2 closed loop with --write-ratio 0.1 at 8 and 50 threads, one request at a time per thread,
#      for each client: ops/s, p99, CPU per operation;
#   3. one --find-max --slo p99=1ms run, with its steps and its answer.
# Writes the tables and raw figures to results/mode2-speed/.
#
# Usage: scripts/speed-mode2.sh      environment: REPEAT, KKEYS, DURATION, CLIENTS, SEARCH_CLIENT, SEARCH_THREADS
set -euo pipefail
source "$(dirname "$0")/common.sh"
REPEAT="${REPEAT:-3}"
KKEYS="${KKEYS:-100}"
DURATION="${DURATION:-10}"
CLIENTS="${CLIENTS:-lettuce jedis}"
SEARCH_CLIENT="${SEARCH_CLIENT:-jedis}"
SEARCH_THREADS="${SEARCH_THREADS:-4}"
KEYS=$((KKEYS * 1024))
INFLIGHT_TOTAL=50
OUT="$ROOT/results/mode2-speed"
command -v redis-benchmark >/dev/null || { echo "redis-benchmark not found (apt-get install redis-tools)" >&2; exit 3; }

build_jars
start_redis
mkdir -p "$OUT"
WORK="$(mktemp -d)"
RAW="$OUT/raw.csv"
echo "part,repeat,threads,runner,client,ops_per_sec,p99_ms,cpu_us_per_op" > "$RAW"

echo "loading $KEYS redis-benchmark keys of 1100 bytes into 127.0.0.1:$REDIS_PORT" >&2
load_benchmark_keys "$KEYS"

pinned() { taskset -c "$CLIENT_CPUS" "$@"; }

# The measured figures of a mode2 JSON result: ops/s, p99 in ms, client CPU us per operation.
figures() {
  python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))["measured"]
print("%.0f,%.3f,%.2f" % (m["all"]["opsPerSec"], m["all"]["response"]["p99Micros"] / 1000, m["clientCpuMicrosPerOp"]))' "$1"
}

# mode2 PART REPEAT THREADS CLIENT ARGS...: one run, its figures appended to the raw file.
mode2() {
  local part="$1" r="$2" t="$3" c="$4"
  shift 4
  pinned java -jar "$METRIC_JAR" mode2 "$t" "$KKEYS" "$REDIS_PORT" --no-embedded --db 1 --client "$c" --ttl 3600 \
    --duration "$DURATION" --warmup 2 --json "$WORK/m.json" "$@" > "$WORK/m.txt" 2>/dev/null \
    || { echo "metric mode2 failed:"; cat "$WORK/m.txt"; exit 1; }
  echo "$part,$r,$t,metric,$c,$(figures "$WORK/m.json")" >> "$RAW"
}

for r in $(seq "$REPEAT"); do
  for t in 1 2; do
    for c in $CLIENTS; do
      mode2 inflight "$r" "$t" "$c" --write-ratio 0 --inflight $((INFLIGHT_TOTAL / t))
    done
  done
  n=$((DURATION * 100000))
  TIMEFORMAT='%U %S'
  { time pinned redis-benchmark -p "$REDIS_PORT" -t get -d 1100 -r "$KEYS" -c "$INFLIGHT_TOTAL" -n "$n" --csv \
      > "$WORK/c.csv"; } 2> "$WORK/c.time"
  rps="$(tail -1 "$WORK/c.csv" | cut -d, -f2 | tr -d '"')"
  p99="$(tail -1 "$WORK/c.csv" | cut -d, -f7 | tr -d '"')"
  cpu="$(awk -v n="$n" '{ printf "%.2f", ($1 + $2) * 1e6 / n }' "$WORK/c.time")"
  echo "inflight,$r,$INFLIGHT_TOTAL,redis-benchmark,-,$rps,$p99,$cpu" >> "$RAW"
  for t in 8 50; do
    for c in $CLIENTS; do
      mode2 closed "$r" "$t" "$c" --write-ratio 0.1
    done
  done
  echo "repeat $r done" >&2
done

cell() { # part runner client threads column -> median over repeats
  median $(awk -F, -v p="$1" -v ru="$2" -v c="$3" -v t="$4" -v col="$5" \
    '$1 == p && $4 == ru && $5 == c && $3 == t { print $col }' "$RAW")
}

echo "find-max: $SEARCH_CLIENT, $SEARCH_THREADS threads, --slo p99=1ms" >&2
pinned java -jar "$METRIC_JAR" mode2 "$SEARCH_THREADS" "$KKEYS" "$REDIS_PORT" --no-embedded --db 1 \
  --client "$SEARCH_CLIENT" --ttl 3600 --warmup 10 --find-max --slo p99=1ms --rate 5000 --step-duration 10 \
  --max-steps 10 > "$WORK/search.txt" 2>/dev/null || { echo "find-max failed:"; cat "$WORK/search.txt"; exit 1; }

{
  echo "# mode2 against redis-benchmark, closed-loop figures, and a capacity search"
  echo
  echo "$(date -u +%Y-%m-%d), $(nproc) cores, $(redis-server --version | cut -d' ' -f1-3), server pinned to CPU $SERVER_CPU,"
  echo "clients pinned to CPUs $CLIENT_CPUS; $KEYS keys; $DURATION s measured after 2 s of warm-up per mode2 run;"
  echo "median of $REPEAT interleaved repeats. CPU: client process CPU per operation (us)."
  echo
  echo "## 1. Read-only with requests in flight, against redis-benchmark -t get -c $INFLIGHT_TOTAL -d 1100 -r $KEYS"
  echo
  echo "mode2 --write-ratio 0 --inflight $INFLIGHT_TOTAL/threads: $INFLIGHT_TOTAL requests outstanding in all, as"
  echo "redis-benchmark's $INFLIGHT_TOTAL connections of one request each. Every mode2 reply is verified."
  echo
  echo "| client | threads | inflight per thread | mode2 ops/s | redis-benchmark rps | ratio | mode2 p99 (ms) | redis-benchmark p99 (ms) | CPU mode2 | CPU redis-benchmark |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  x="$(cell inflight redis-benchmark - "$INFLIGHT_TOTAL" 6)"; xp="$(cell inflight redis-benchmark - "$INFLIGHT_TOTAL" 7)"
  xc="$(cell inflight redis-benchmark - "$INFLIGHT_TOTAL" 8)"
  for c in $CLIENTS; do
    for t in 1 2; do
      a="$(cell inflight metric "$c" "$t" 6)"; ap="$(cell inflight metric "$c" "$t" 7)"; ac="$(cell inflight metric "$c" "$t" 8)"
      awk -v c="$c" -v t="$t" -v i=$((INFLIGHT_TOTAL / t)) -v a="$a" -v x="$x" -v ap="$ap" -v xp="$xp" -v ac="$ac" -v xc="$xc" 'BEGIN {
        printf "| %s | %d | %d | %.0f | %.0f | %.2f | %.3f | %.3f | %.1f | %.1f |\n", c, t, i, a, x, a / x, ap, xp, ac, xc }'
    done
  done
  echo
  echo "## 2. Closed loop, --write-ratio 0.1, one request at a time per thread"
  echo
  echo "| client | threads | ops/s | p99 (ms) | CPU per op (us) |"
  echo "|---|---:|---:|---:|---:|"
  for c in $CLIENTS; do
    for t in 8 50; do
      echo "| $c | $t | $(cell closed metric "$c" "$t" 6) | $(cell closed metric "$c" "$t" 7) | $(cell closed metric "$c" "$t" 8) |"
    done
  done
  echo
  echo "## 3. --find-max --slo p99=1ms ($SEARCH_CLIENT, $SEARCH_THREADS threads, 10 s warm-up, steps of 10 s from 5,000 ops/s)"
  echo
  sed -n '/^| step |/,/^server   over/p' "$WORK/search.txt" | sed '$d'
} | tee "$OUT/table.md"
rm -rf "$WORK"
