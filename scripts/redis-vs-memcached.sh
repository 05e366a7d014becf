#!/usr/bin/env bash
# Redis and memcached side by side, as the comparisons this project comes from set them: the same
# client (metric, each server through a Netty-based asynchronous client on metric's event loops,
# Lettuce for Redis and folsom for memcached, a connection per loop), the same workload (the same
# keys of 20-200 B and values of 200-2000 B, the same connections and requests outstanding), each
# server pinned to the last core and every client to the others. Three servers: redis-server,
# memcached -t 1, and memcached -t 2 on the same one core, as a row of its own.
#
# Two workloads: mode1's reads (GETs of keys written by its load, every value checked) and mode2's
# cache mix (10% writes with TTLs, refills, every hit checked). For each: requests per second counted
# by the server (INFO commandstats; memcached's stats cmd_get and cmd_set), client and server CPU per
# request from /proc, over a steady window in the middle of the run (scripts/steady_window.py), and
# p50 and p99 response time from metric's JSON. Medians and ranges of REPEAT rounds; the servers take
# turns in each round, each started afresh. The floor beside them: the same GET on an in-process map
# (InProcessMapBenchmark of the JMH suite), what a request costs with no client, network or server.
#
# Writes results/redis-vs-memcached/raw.csv, table.md and chart.svg.
# Usage: scripts/redis-vs-memcached.sh     environment: REPEAT (5), KKEYS (100), THREADS (2), INFLIGHT (16)
set -euo pipefail
source "$(dirname "$0")/common.sh"
REPEAT="${REPEAT:-5}"
KKEYS="${KKEYS:-100}"
THREADS="${THREADS:-2}"
INFLIGHT="${INFLIGHT:-16}"
OUT="$ROOT/results/redis-vs-memcached"
READS_WINDOW_START=8
MIX_WINDOW_START=14
WINDOW_LENGTH=6
MIX_DURATION=24
MIX_WARMUP=5

command -v memcached >/dev/null || { echo "memcached not found (apt-get install memcached)" >&2; exit 3; }
command -v redis-server >/dev/null || { echo "redis-server not found (apt-get install redis-server)" >&2; exit 3; }
build_jars
mkdir -p "$OUT"
RAW="$OUT/raw.csv"
WORK="$(mktemp -d)"
SERVER_PID=""
trap '[ -z "$SERVER_PID" ] || kill "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"' EXIT

# Starts server $1 (redis, memcached-t1, memcached-t2) on a free port pinned to SERVER_CPU; sets
# SERVER_PORT, SERVER_PID, PROTOCOL (for steady_window.py) and CLIENT_OPTIONS (for metric).
start_server() {
  SERVER_PORT="$(free_port)"
  case "$1" in
    redis)
      taskset -c "$SERVER_CPU" redis-server --port "$SERVER_PORT" --bind 127.0.0.1 --save "" --appendonly no \
        --daemonize no --dir "$WORK" --logfile "$WORK/redis.log" &
      PROTOCOL=redis
      CLIENT_OPTIONS=(--client lettuce);;
    memcached-t*)
      taskset -c "$SERVER_CPU" memcached -p "$SERVER_PORT" -l 127.0.0.1 -U 0 -t "${1#memcached-t}" -m 1024 \
        -u "$(id -un)" &
      PROTOCOL=memcached
      CLIENT_OPTIONS=(--protocol memcached);;
  esac
  SERVER_PID=$!
  for _ in $(seq 100); do
    python3 -c 'import socket,sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
      "$SERVER_PORT" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "$1 did not start on port $SERVER_PORT" >&2
  exit 3
}

stop_server() {
  kill "$SERVER_PID" 2>/dev/null
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}

# p50 and p99 in microseconds of the latency at JSON pointer $2 of metric's JSON file $1, as "p50,p99".
percentiles() {
  python3 -c 'import json,sys
node = json.load(open(sys.argv[1]))
for part in sys.argv[2].strip("/").split("/"):
    node = node[part]
print("%.1f,%.1f" % (node["p50Micros"], node["p99Micros"]))' "$1" "$2"
}

# Runs one workload against the running server and appends its row. Usage: measure ROUND SERVER WORKLOAD
measure() {
  local round="$1" server="$2" workload="$3" json="$WORK/$3.json" figures latency
  local metric=(taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR")
  local common=("$THREADS" "$KKEYS" "$SERVER_PORT" --host 127.0.0.1 "${CLIENT_OPTIONS[@]}" --inflight "$INFLIGHT"
    -q --json "$json")
  if [ "$workload" = reads ]; then
    # Reads until stopped when the window closes; the warm-up is over long before it opens.
    figures="$(python3 "$ROOT/scripts/steady_window.py" --port "$SERVER_PORT" --protocol "$PROTOCOL" \
      --start "$READS_WINDOW_START" --length "$WINDOW_LENGTH" --stop -- "${metric[@]}" mode1 "${common[@]}" \
      --skip-load --no-breakdown --reads 1000000000 --warmup-reads 100000)"
    latency="$(percentiles "$json" /verify/latency)"
  else
    figures="$(python3 "$ROOT/scripts/steady_window.py" --port "$SERVER_PORT" --protocol "$PROTOCOL" \
      --start "$MIX_WINDOW_START" --length "$WINDOW_LENGTH" -- "${metric[@]}" mode2 "${common[@]}" \
      --flush --yes --no-breakdown --write-ratio 0.1 --duration "$MIX_DURATION" --warmup-time "$MIX_WARMUP")"
    latency="$(percentiles "$json" /measured/all/response)"
  fi
  [ -z "$(field "$figures" error)" ] || { echo "$server $workload failed: $figures" >&2; exit 1; }
  echo "$round,$server,$workload,$(field "$figures" ops_per_sec),$(field "$figures" cpu_us_per_op)," \
    "$(field "$figures" server_cpu_us_per_op),$latency" | tr -d ' ' >> "$RAW"
}

echo "round,server,workload,ops_per_sec,cpu_us_per_op,server_cpu_us_per_op,p50_us,p99_us" > "$RAW"
for r in $(seq "$REPEAT"); do
  for server in redis memcached-t1 memcached-t2; do
    start_server "$server"
    java -jar "$METRIC_JAR" mode1 "$THREADS" "$KKEYS" "$SERVER_PORT" --host 127.0.0.1 "${CLIENT_OPTIONS[@]}" \
      --reads 1000 --warmup-reads 0 --no-breakdown -q > /dev/null
    measure "$r" "$server" reads
    measure "$r" "$server" mix
    stop_server
  done
  echo "round $r of $REPEAT done" >&2
done

# The floor: a GET of a 1100 B value from an in-process map, one thread, as the JMH suite measures it.
java -jar "$BENCH_JAR" 'InProcessMapBenchmark.get$' -t 1 -f 1 -wi 2 -w 1 -i 5 -r 1 -p valueBytes=1100 \
  -rf json -rff "$WORK/floor.json" > /dev/null
FLOOR_NS="$(python3 -c 'import json,sys; print("%.0f" % json.load(open(sys.argv[1]))[0]["primaryMetric"]["score"])' \
  "$WORK/floor.json")"

PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$KKEYS" "$THREADS" \
  "$INFLIGHT" "$FLOOR_NS" "$(redis-server --version | awk '{print $3}')" "$(memcached -V | awk '{print $2}')" \
  "$(git -C "$ROOT" rev-parse --short HEAD)" "$OUT/chart.svg" > "$OUT/table.md" <<'PY'
import statistics
import sys
from tables import pick, read, show
(raw, repeat, server_cpu, client_cpus, kkeys, threads, inflight, floor_ns, redis_version, memcached_version,
 revision, chart) = sys.argv[1:]
rows = read(raw)
servers = {"redis": "Redis " + redis_version.replace("v=", ""), "memcached-t1": "memcached %s -t 1" % memcached_version,
           "memcached-t2": "memcached %s -t 2" % memcached_version}
workloads = {"reads": "mode1 reads (GET, every value checked)", "mix": "mode2 mix (10% writes with TTLs, refills)"}

print("# Redis and memcached side by side\n")
print("metric %s; each server pinned to CPU %s (memcached -t 2 on that one CPU too), metric to CPU(s) %s; %s kkeys "
      "of 20-200 B keys and 200-2000 B values; %s connections with %s requests outstanding on each (metric "
      "`--inflight %s`, each connection on an event loop thread of metric's: Lettuce for Redis, folsom for "
      "memcached). Requests per second counted by each server over a steady window of 6 s (INFO commandstats; "
      "memcached's cmd_get + cmd_set), client and server CPU per request from /proc over the same window, p50 and "
      "p99 response time from metric's report of the run; median (range) of %s rounds, the servers in turns.\n"
      % (revision, server_cpu, client_cpus, kkeys, threads, inflight, inflight, repeat))
print("| workload | server | requests/s | p50 (us) | p99 (us) | client CPU per request (us) "
      "| server CPU per request (us) | server share of CPU |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for workload, label in workloads.items():
    for server, name in servers.items():
        mine = pick(rows, server=server, workload=workload)
        if not mine:
            continue
        shares = [float(r["server_cpu_us_per_op"]) / (float(r["server_cpu_us_per_op"]) + float(r["cpu_us_per_op"]))
                  for r in mine]
        print("| %s | %s | %s | %s | %s | %s | %s | %.0f%% |" % (label, name, show(mine, "ops_per_sec"),
              show(mine, "p50_us"), show(mine, "p99_us"), show(mine, "cpu_us_per_op"),
              show(mine, "server_cpu_us_per_op"), 100 * statistics.median(shares)))
print("\nThe floor: the same GET from an in-process ConcurrentHashMap (JMH InProcessMapBenchmark, 1 thread, "
      "1100 B values) takes %s ns: no client library, no network, no server. Server share of CPU: the server's "
      "CPU per request over the client's and the server's together.\n" % floor_ns)

# A bar chart of each server's requests per second, per workload: plain SVG, no library.
bars = [(workload, server, statistics.median(float(r["ops_per_sec"]) for r in pick(rows, server=server,
         workload=workload))) for workload in workloads for server in servers if pick(rows, server=server,
         workload=workload)]
top = max(value for _, _, value in bars)
width, bar, gap, left = 720, 34, 10, 260
height = 60 + len(bars) * (bar + gap)
svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="13">'
       % (width, height),
       '<text x="10" y="22" font-size="15">Requests per second, counted by the server (median of %s rounds)</text>'
       % repeat]
for i, (workload, server, value) in enumerate(bars):
    y = 40 + i * (bar + gap)
    length = (width - left - 90) * value / top
    svg.append('<text x="10" y="%d">%s, %s</text>' % (y + bar / 2 + 4, workload, servers[server]))
    svg.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>'
               % (left, y, length, bar, "#c0392b" if server == "redis" else "#2874a6"))
    svg.append('<text x="%.1f" y="%d">%s</text>' % (left + length + 6, y + bar / 2 + 4, "{:,.0f}".format(value)))
svg.append("</svg>")
open(chart, "w").write("\n".join(svg) + "\n")
print("![requests per second](chart.svg)")
PY
cat "$OUT/table.md"
