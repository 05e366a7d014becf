#!/usr/bin/env bash
# metric bench against redis-benchmark, test by test, in the same shape: one connection with one request
# in flight (redis-benchmark -c 1 -P 1; metric bench 1 thread, its one lane), 1,024 keys of 16 bytes
# (redis-benchmark -r 1024; metric --keys 1024 --key-size 16), values of 1,000 bytes (-d 1000;
# --value-size 1000). One redis-server of ours pinned to the last core, each client pinned to the
# others, the two tools in turns for each test of each round, the tests in redis-benchmark's order (so
# GET finds what SET wrote and LPOP what LPUSH pushed, for both). Every figure is counted from outside
# over a steady window of each run (scripts/steady_window.py): requests per second by the server's INFO
# commandstats, client CPU per request from /proc. metric's window opens 14 s after it starts: its JVM's
# start, its warm-up of 2 s and the wait until the JIT is quiet come first (at 8 s, a first run of
# this script still found the client compiling: CPU per request up to twice redis-benchmark's). Each
# run is stopped when its window closes.
#
# Writes results/bench-vs-redis-benchmark/raw.csv and table.md.
# Usage: scripts/bench-vs-redis-benchmark.sh      environment: TESTS ("set get incr lpush lpop"), REPEAT (3)
set -euo pipefail
source "$(dirname "$0")/common.sh"
TESTS="${TESTS:-set get incr lpush lpop}"
REPEAT="${REPEAT:-3}"
OUT="$ROOT/results/bench-vs-redis-benchmark"
command -v redis-benchmark >/dev/null || { echo "redis-benchmark not found (apt-get install redis-tools)" >&2; exit 3; }

build_jars
start_redis
mkdir -p "$OUT"
RAW="$OUT/raw.csv"
echo "round,test,tool,ops_per_sec,cpu_us_per_op" > "$RAW"

# run ROUND TEST TOOL START -- COMMAND...: one run measured over 6 s from START s.
run() {
  local round="$1" test="$2" tool="$3" start="$4" figures
  shift 5
  figures="$(window "$start" 6 --stop -- taskset -c "$CLIENT_CPUS" "$@")"
  [ -z "$(field "$figures" error)" ] || { echo "$tool $test failed: $figures" >&2; exit 1; }
  echo "$round,$test,$tool,$(field "$figures" ops_per_sec),$(field "$figures" cpu_us_per_op)" >> "$RAW"
}

for r in $(seq "$REPEAT"); do
  for t in $TESTS; do
    run "$r" "$t" redis-benchmark 1 -- redis-benchmark -p "$REDIS_PORT" -c 1 -P 1 -n 1000000000 -r 1024 -d 1000 \
      -t "$t" -q
    run "$r" "$t" metric 14 -- java -jar "$METRIC_JAR" bench 1 --keys 1024 "$REDIS_PORT" --no-embedded -t "$t" \
      --key-size 16 --value-size 1000 --duration 30 --warmup-time 2 -q
  done
  echo "round $r of $REPEAT done" >&2
done

PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" \
  "$(redis-server --version | cut -d' ' -f3)" "$(git -C "$ROOT" rev-parse --short HEAD)" > "$OUT/table.md" <<'PY'
import sys
from tables import pick, read, ratio, show
raw, repeat, server_cpu, client_cpus, version, revision = sys.argv[1:]
rows = read(raw)
print("# metric bench against redis-benchmark, test by test\n")
print("metric %s; redis-server %s pinned to CPU %s; each client pinned to CPU(s) %s; one connection, one request "
      "in flight; 1,024 keys of 16 B, values of 1,000 B; median (range) of %s rounds, the tools in turns. Counted "
      "from outside over a 6 s window of each run: requests per second by the server (INFO commandstats), client "
      "CPU per request from /proc. metric/redis-benchmark is taken round by round.\n"
      % (revision, version, server_cpu, client_cpus, repeat))
print("| test | metric rps | redis-benchmark rps | metric/redis-benchmark | CPU per request, metric (us) "
      "| CPU per request, redis-benchmark (us) |")
print("|---|---:|---:|---:|---:|---:|")
for test in dict.fromkeys(r["test"] for r in rows):
    m = pick(rows, test=test, tool="metric")
    b = pick(rows, test=test, tool="redis-benchmark")
    print("| %s | %s | %s | %s | %s | %s |" % (test, show(m, "ops_per_sec"), show(b, "ops_per_sec"),
          ratio(m, b, "ops_per_sec"), show(m, "cpu_us_per_op"), show(b, "cpu_us_per_op")))
PY
cat "$OUT/table.md"
