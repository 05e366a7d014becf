#!/usr/bin/env bash
# Issue 53's latency targets, measured: mode2 (Lettuce, GET only, keys with a TTL) under a rate against
# its own closed-loop maximum, memtier_benchmark at the same rate and shape, and PaceFloor (a thread that
# only sleeps to each due time) at the same rate, in turns in each round; then --find-max --slo p99=1ms
# with each client, REPEAT times.
#
# Shapes: one connection with 8 requests in flight (metric --inflight 8, memtier -c 1 --pipeline 8) and
# 8 connections with one each (metric --connections 8, memtier -c 8). For each shape and round: mode2's
# closed-loop rate (counted by the server over its measured window), then at 25, 50 and 75% of it:
# mode2 --rate (response p99, service p99 and p99.9 from its JSON), memtier --rate-limiting at the same
# total rate (its GET p99.9 from its JSON: it times from its send, as service time does) and PaceFloor's
# p99. The targets: response p99 <= service p99 + 2x PaceFloor p99 in the same round, and metric's
# service p99.9 <= memtier's. Then --find-max --slo p99=1ms with Lettuce (1 connection, 8 in flight) and
# with Jedis (JEDIS_THREADS threads), each against its own closed-loop maximum in that shape.
#
# Writes results/latency-targets/raw.csv, find-max.csv and table.md.
# Usage: scripts/latency-targets.sh MEMTIER_BINARY   environment: REPEAT (3), KKEYS (100), DURATION (10),
#        FIND_MAX_REPEAT (3), JEDIS_THREADS (4)
set -euo pipefail
source "$(dirname "$0")/common.sh"
MEMTIER_BINARY="${1:?usage: scripts/latency-targets.sh MEMTIER_BINARY (memtier_benchmark 2.3.0, built elsewhere)}"
REPEAT="${REPEAT:-3}"
KKEYS="${KKEYS:-100}"
DURATION="${DURATION:-10}"
FIND_MAX_REPEAT="${FIND_MAX_REPEAT:-3}"
JEDIS_THREADS="${JEDIS_THREADS:-4}"
OUT="$ROOT/results/latency-targets"
KEYS=$((KKEYS * 1024))

build_jars
start_redis
WORK="$(mktemp -d)"
trap 'kill "$REDIS_PID" 2>/dev/null; wait "$REDIS_PID" 2>/dev/null; rm -rf "$REDIS_DIR" "$WORK"' EXIT
use_memtier "$MEMTIER_BINARY" "$KEYS"
mkdir -p "$OUT"
load_mode2_keys "$KKEYS" 36000
load_memtier_keys

# Runs mode2 over its keys, GET only, with OPTIONS, and prints its figures from the JSON:
# server_ops_per_sec,response_p99_us,service_p99_us,service_p999_us. Usage: mode2 OPTIONS...
mode2() {
  taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode2 "$@" --no-embedded --db 1 --skip-load --ttl 36000 \
    --write-ratio 0 --no-breakdown -q --json "$WORK/run.json" > /dev/null || true
  python3 -c 'import json,sys
d = json.load(open(sys.argv[1])); m = d["measured"]; a = m["all"]
print("%.0f,%s,%s,%s" % (d["serverDelta"]["commands"] / m["durationSec"], a["response"]["p99Micros"],
      a["service"]["p99Micros"], a["service"]["p999Micros"]))' "$WORK/run.json"
}

# memtier's GET p99.9 in us at RATE requests/s in all over CONNECTIONS connections of PIPELINE each.
# Usage: memtier_p999 RATE CONNECTIONS PIPELINE
memtier_p999() {
  taskset -c "$CLIENT_CPUS" "$MEMTIER" "${MEMTIER_COMMON[@]}" -t 1 -c "$2" --pipeline "$3" --ratio 0:1 \
    --key-pattern R:R --distinct-client-seed --rate-limiting $(($1 / $2)) --test-time "$DURATION" \
    --print-percentiles 50,99,99.9 --json-out-file "$WORK/memtier.json" > /dev/null 2>&1
  python3 -c 'import json,sys
p = json.load(open(sys.argv[1]))["ALL STATS"]["Gets"]["Percentile Latencies"]
print("%.1f" % (1000 * next(v for k, v in p.items() if k.startswith("p99.9"))))' "$WORK/memtier.json"
}

echo "round,shape,percent,rate,server_ops_per_sec,response_p99_us,service_p99_us,service_p999_us,memtier_p999_us,"\
"floor_p99_us" > "$OUT/raw.csv"
for r in $(seq "$REPEAT"); do
  for shape in 1x8 8x1; do
    connections="${shape%x*}"
    inflight="${shape#*x}"
    options=(1 "$KKEYS" "$REDIS_PORT" --client lettuce --connections "$connections" --inflight "$inflight")
    closed="$(mode2 "${options[@]}" --duration "$DURATION")"
    max="${closed%%,*}"
    echo "$r,$shape,100,0,$closed,," >> "$OUT/raw.csv"
    for percent in 25 50 75; do
      rate=$((max * percent / 100))
      figures="$(mode2 "${options[@]}" --rate "$rate" --duration "$DURATION")"
      memtier="$(memtier_p999 "$rate" "$connections" "$inflight")"
      floor="$(taskset -c "$CLIENT_CPUS" java -cp "$BARE_CP" dev.metric.bare.PaceFloor "$rate" "$DURATION" 2)"
      echo "$r,$shape,$percent,$rate,$figures,$memtier,$(field "$floor" late_p99_us)" >> "$OUT/raw.csv"
    done
  done
  echo "round $r of $REPEAT done" >&2
done

echo "run,client,closed_loop_ops_per_sec,found_ops_per_sec,limit,steps,failed_steps_by_limit" > "$OUT/find-max.csv"
for r in $(seq "$FIND_MAX_REPEAT"); do
  for client in lettuce jedis; do
    if [ "$client" = lettuce ]; then
      options=(1 "$KKEYS" "$REDIS_PORT" --client lettuce --inflight 8)
    else
      options=("$JEDIS_THREADS" "$KKEYS" "$REDIS_PORT" --client jedis)
    fi
    closed="$(mode2 "${options[@]}" --duration "$DURATION")"
    taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode2 "${options[@]}" --no-embedded --db 1 --skip-load \
      --ttl 36000 --write-ratio 0 --no-breakdown -q --find-max --slo p99=1ms --json "$WORK/search.json" \
      > /dev/null || true
    found="$(python3 -c 'import collections,json,sys
d = json.load(open(sys.argv[1]))
steps = d.get("steps") or []
failed = collections.Counter(s["limit"] for s in steps if not s["passed"])
print("%.0f,%s,%d,%s" % (d.get("highestPassingOpsPerSec") or 0, d.get("searchLimit") or "", len(steps),
      " ".join("%s:%d" % kv for kv in sorted(failed.items()))))' "$WORK/search.json")"
    echo "$r,$client,${closed%%,*},$found" >> "$OUT/find-max.csv"
  done
  echo "search round $r of $FIND_MAX_REPEAT done" >&2
done

MEMTIER_VERSION="$("$MEMTIER" --version | head -1)"
PYTHONPATH="$ROOT/scripts" python3 - "$OUT" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$MEMTIER_VERSION" "$DURATION" \
  "$JEDIS_THREADS" "$(git -C "$ROOT" rev-parse --short HEAD)" > "$OUT/table.md" <<'PY'
import statistics
import sys
from tables import fmt, pick, read, show
out, repeat, server_cpu, client_cpus, memtier_version, duration, jedis_threads, revision = sys.argv[1:]
rows = read(out + "/raw.csv")


def met(rows, test):
    """How many rounds met a target, of how many."""
    return "%d of %d" % (sum(1 for r in rows if test(r)), len(rows))


print("# mode2's latency under a rate: the targets of issue 53\n")
print("metric %s and %s, in turns in each round; redis-server pinned to CPU %s, every client and PaceFloor to "
      "CPU(s) %s; median (range) of %s rounds, each at 25, 50 and 75%% of that round's closed-loop rate of mode2 "
      "in the shape. GET only, Lettuce; `--duration %s` after mode2's default warm-up, memtier `--test-time %s`. "
      "1x8: one connection, 8 requests in flight; 8x1: 8 connections, one each.\n"
      % (revision, memtier_version, server_cpu, client_cpus, repeat, duration, duration))
print("| shape | load | rate | response p99 (us) | service p99 (us) | PaceFloor p99 (us) | response p99 <= service "
      "p99 + 2 floor p99 | service p99.9 (us) | memtier p99.9 (us) | service p99.9 <= memtier's |")
print("|---|---:|---:|---:|---:|---:|---|---:|---:|---|")
for shape in dict.fromkeys(r["shape"] for r in rows):
    closed = pick(rows, shape=shape, percent="100")
    print("| %s | closed loop | %s | %s | %s | - | - | %s | - | - |" % (shape, show(closed, "server_ops_per_sec"),
          show(closed, "response_p99_us"), show(closed, "service_p99_us"), show(closed, "service_p999_us")))
    for percent in ("25", "50", "75"):
        mine = pick(rows, shape=shape, percent=percent)
        print("| %s | %s%% | %s | %s | %s | %s | %s | %s | %s | %s |" % (shape, percent, show(mine, "rate"),
              show(mine, "response_p99_us"), show(mine, "service_p99_us"), show(mine, "floor_p99_us"),
              met(mine, lambda r: float(r["response_p99_us"])
                  <= float(r["service_p99_us"]) + 2 * float(r["floor_p99_us"])),
              show(mine, "service_p999_us"), show(mine, "memtier_p999_us"),
              met(mine, lambda r: float(r["service_p999_us"]) <= float(r["memtier_p999_us"]))))
searches = read(out + "/find-max.csv")
print("\n## --find-max --slo p99=1ms\n")
print("Each search against mode2's closed-loop rate in the same shape just before it: Lettuce with one connection "
      "and 8 in flight, Jedis with %s threads.\n" % jedis_threads)
print("| client | run | closed-loop ops/s | found ops/s | found / closed loop | limit | steps | failed steps by limit |")
print("|---|---:|---:|---:|---:|---|---:|---|")
for r in searches:
    print("| %s | %s | %s | %s | %.2f | %s | %s | %s |" % (r["client"], r["run"], r["closed_loop_ops_per_sec"],
          r["found_ops_per_sec"], float(r["found_ops_per_sec"]) / float(r["closed_loop_ops_per_sec"]),
          r["limit"] or "-", r["steps"], r["failed_steps_by_limit"] or "-"))
for client in dict.fromkeys(r["client"] for r in searches):
    found = [float(r["found_ops_per_sec"]) for r in pick(searches, client=client)]
    if found and statistics.median(found) > 0:
        print("\n%s: the answers spread %.0f%% around their median (%s)" % (client,
              100 * (max(found) - min(found)) / statistics.median(found), ", ".join(fmt(f) for f in found)))
PY
cat "$OUT/table.md"
