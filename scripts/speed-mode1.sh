#!/usr/bin/env bash
# Is mode1 the bottleneck? For each client library and thread count, against one redis-server (ours,
# pinned to the last core) with every client pinned to the other cores, in REPEAT interleaved rounds:
#   (a) metric mode1's verify phase, every value checked (Lettuce twice: on its default event loops, a
#       connection each, and with --engine threads, the bare loop's shape: threads sharing one connection),
#   (b) a bare loop of the same library doing the same GETs with nothing else (BareGetLoop),
#   (c) redis-benchmark -t get -d 1100 -r <keys> -c <threads> on its own keys of 1100 bytes;
# plus mode1 with --inflight 50 on one thread for each library. Every figure is counted from outside
# over a steady window in the middle of each run (scripts/steady_window.py): throughput by the
# server's INFO commandstats, client CPU and context switches per request from /proc. The table
# gives medians and ranges, and (a)/(b) and (a)/(c) of the same round.
#
# Writes results/mode1-speed/raw.csv and table.md.
# Usage: scripts/speed-mode1.sh       environment: THREADS ("1 2 4 8 50"), CLIENTS, REPEAT (5), KKEYS (100)
set -euo pipefail
source "$(dirname "$0")/common.sh"
THREADS="${THREADS:-1 2 4 8 50}"
CLIENTS="${CLIENTS:-jedis lettuce}"
REPEAT="${REPEAT:-5}"
KKEYS="${KKEYS:-100}"
KEYS=$((KKEYS * 1024))
OUT="$ROOT/results/mode1-speed"
command -v redis-benchmark >/dev/null || { echo "redis-benchmark not found (apt-get install redis-tools)" >&2; exit 3; }

build_jars
start_redis
mkdir -p "$OUT"
RAW="$OUT/raw.csv"
echo "round,client,threads,inflight,runner,ops_per_sec,cpu_us_per_op,cs_per_op" > "$RAW"

echo "loading $KEYS metric keys (db 0, where the bare loop reads) and $KEYS redis-benchmark keys" >&2
java -jar "$METRIC_JAR" mode1 2 "$KKEYS" "$REDIS_PORT" --flush --no-embedded --reads 1000 --warmup-reads 0 --no-breakdown -q \
  > /dev/null
load_benchmark_keys "$KEYS"

# run ROUND CLIENT THREADS INFLIGHT RUNNER START -- COMMAND...: one run measured over 8 s from START s. Java
# clients start at 10 s: earlier, the JIT compiler can still be compiling on the client core.
run() {
  local round="$1" client="$2" threads="$3" inflight="$4" runner="$5" start="$6"
  shift 7
  local figures
  figures="$(window "$start" 8 --stop -- taskset -c "$CLIENT_CPUS" "$@")"
  [ -z "$(field "$figures" error)" ] || { echo "$runner $client $threads failed: $figures" >&2; exit 1; }
  echo "$round,$client,$threads,$inflight,$runner,$(field "$figures" ops_per_sec),$(field "$figures" cpu_us_per_op),$(field "$figures" cs_per_op)" >> "$RAW"
}

MODE1=(--skip-load --no-embedded --no-breakdown -q --reads 1000000000 --warmup-reads 100000)
for r in $(seq "$REPEAT"); do
  for t in $THREADS; do
    for c in $CLIENTS; do
      run "$r" "$c" "$t" 1 metric 10 -- java -jar "$METRIC_JAR" mode1 "$t" "$KKEYS" "$REDIS_PORT" "${MODE1[@]}" --client "$c"
      if [ "$c" = lettuce ]; then
        run "$r" "$c" "$t" 1 metric-threads 10 -- java -jar "$METRIC_JAR" mode1 "$t" "$KKEYS" "$REDIS_PORT" "${MODE1[@]}" \
          --client "$c" --engine threads
      fi
      run "$r" "$c" "$t" 1 bare 10 -- java -cp "$BARE_CP" dev.metric.bare.BareGetLoop "$c" "$t" "$KKEYS" \
        1000000000 100000 "$REDIS_PORT"
    done
    run "$r" - "$t" 1 redis-benchmark 2 -- redis-benchmark -p "$REDIS_PORT" -t get -d 1100 -r "$KEYS" -c "$t" \
      -n 1000000000 -q
  done
  for c in $CLIENTS; do
    run "$r" "$c" 1 50 metric 10 -- java -jar "$METRIC_JAR" mode1 1 "$KKEYS" "$REDIS_PORT" "${MODE1[@]}" --client "$c" \
      --inflight 50
  done
  echo "round $r of $REPEAT done" >&2
done

PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$KEYS" "$SERVER_CPU" "$CLIENT_CPUS" "$(redis-server --version | cut -d' ' -f3)" \
  > "$OUT/table.md" <<'EOF'
import sys
from tables import pick as pick_in, read, ratio as ratio_of, show
raw, repeat, keys, server_cpu, client_cpus, version = sys.argv[1:]
rows = read(raw)

def pick(**match):
    return pick_in(rows, **match)

def ratio(a, b):
    return ratio_of(a, b, "ops_per_sec")

print("# mode1 verify phase against a bare client loop and redis-benchmark\n")
print("redis-server %s pinned to CPU %s; every client pinned to CPU(s) %s; %s keys; median (range) of %s "
      "interleaved rounds. Every figure is counted from outside over a steady window of 8 s in the middle of "
      "each run: requests per second by the server (INFO commandstats), client CPU and context switches per "
      "request from /proc. (a) metric mode1 --skip-load, (b) BareGetLoop, (c) redis-benchmark -t get -d 1100 "
      "-c <threads>. Lettuce's (a) runs on its default engine, an event loop per thread with a connection each, "
      "and, as `lettuce threads`, with `--engine threads`: threads calling the client on one shared connection, "
      "the bare loop's shape.\n" % (version, server_cpu, client_cpus, keys, repeat))
print("| client | threads | (a) metric rps | (b) bare rps | (c) redis-benchmark rps | (a)/(b) | (a)/(c) | CPU (a) | CPU (b) | CPU (c) | switches per request (a) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for client in sorted({r["client"] for r in rows if r["client"] != "-"}):
    for runner in ("metric", "metric-threads"):
        for threads in sorted({r["threads"] for r in rows if r["inflight"] == "1"}, key=int):
            a = pick(client=client, threads=threads, inflight="1", runner=runner)
            if not a:
                continue
            b = pick(client=client, threads=threads, inflight="1", runner="bare")
            c = pick(threads=threads, inflight="1", runner="redis-benchmark")
            name = client + (" threads" if runner == "metric-threads" else "")
            print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (name, threads,
                  show(a, "ops_per_sec"), show(b, "ops_per_sec"), show(c, "ops_per_sec"), ratio(a, b), ratio(a, c),
                  show(a, "cpu_us_per_op"), show(b, "cpu_us_per_op"), show(c, "cpu_us_per_op"), show(a, "cs_per_op")))
inflight = [r for r in rows if r["inflight"] == "50"]
if inflight:
    print("\nmode1 with --inflight 50 on 1 thread:\n")
    print("| client | rps | CPU per request (us) | switches per request |")
    print("|---|---:|---:|---:|")
    for client in sorted({r["client"] for r in inflight}):
        rs = [r for r in inflight if r["client"] == client]
        print("| %s | %s | %s | %s |" % (client, show(rs, "ops_per_sec"), show(rs, "cpu_us_per_op"), show(rs, "cs_per_op")))
EOF
cat "$OUT/table.md"
