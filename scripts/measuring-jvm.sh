#!/usr/bin/env bash
# What the measuring JVM (the child JVM `java -jar metric.jar` runs a measuring command in: serial
# collector, half the heap young, eden readied before the window) does to mode2's measured window
# under a rate, against the JVM `java -jar` starts (METRIC_FORK=0), in turns in the same rounds against one
# redis-server (ours, pinned to the last core), the client pinned to the other cores. Both clients:
# Lettuce on one connection with 8 requests in flight at LETTUCE_RATE, and Jedis on JEDIS_THREADS
# threads at JEDIS_RATE (Jedis cannot send 40,000 a second from one core here: 4 threads reach about
# 34,000 closed loop, and under a rate, each thread sleeping to its due times, 8 threads at 20,000 a
# second kept the core 96% busy, at 48 us of CPU per request). GET only, keys with a TTL,
# `--duration DURATION` after the default warm-up. From each run's JSON: the rate the server counted
# over the measured traffic (INFO commandstats, serverDelta), response and service p99, the
# collections, the JIT's compile time and the heap allocated per operation inside the window, and the
# stall meter. Medians and ranges of REPEAT rounds.
#
# Writes results/measuring-jvm/raw.csv and table.md.
# Usage: scripts/measuring-jvm.sh   environment: REPEAT (3), KKEYS (100), LETTUCE_RATE (40000), JEDIS_RATE (10000),
#        JEDIS_THREADS (4), DURATION (30)
set -euo pipefail
source "$(dirname "$0")/common.sh"
REPEAT="${REPEAT:-3}"
KKEYS="${KKEYS:-100}"
LETTUCE_RATE="${LETTUCE_RATE:-40000}"
JEDIS_RATE="${JEDIS_RATE:-10000}"
JEDIS_THREADS="${JEDIS_THREADS:-4}"
DURATION="${DURATION:-30}"
OUT="$ROOT/results/measuring-jvm"

build_jars
start_redis
WORK="$(mktemp -d)"
trap 'kill "$REDIS_PID" 2>/dev/null; wait "$REDIS_PID" 2>/dev/null; rm -rf "$REDIS_DIR" "$WORK"' EXIT

mkdir -p "$OUT"
RAW="$OUT/raw.csv"
echo "round,client,jvm,rate,server_ops_per_sec,response_p99_us,service_p99_us,gcs,gc_ms,jit_ms,alloc_bytes_per_op,"\
"cpu_us_per_op,core_share,stall_p99_us,stall_max_us,stalls,options" > "$RAW"
load_mode2_keys "$KKEYS" 3600

for r in $(seq "$REPEAT"); do
  for client in lettuce jedis; do
    if [ "$client" = lettuce ]; then
      rate="$LETTUCE_RATE"
      shape=(1 "$KKEYS" "$REDIS_PORT" --client lettuce --inflight 8)
    else
      rate="$JEDIS_RATE"
      shape=("$JEDIS_THREADS" "$KKEYS" "$REDIS_PORT" --client jedis)
    fi
    for jvm in started measuring; do
      fork=1
      [ "$jvm" = started ] && fork=0
      METRIC_FORK="$fork" taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode2 "${shape[@]}" --no-embedded --db 1 \
        --skip-load --ttl 3600 --write-ratio 0 --rate "$rate" --duration "$DURATION" --no-breakdown -q \
        --json "$WORK/run.json" > /dev/null || true
      figures="$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1])); m = d["measured"]; j = m["jvm"]; s = j.get("stalls", {})
commands = d["serverDelta"]["commands"] if d.get("serverDelta") else float("nan")
options = " ".join(d["environment"].get("jvmOptions") or []) or "none"
print(",".join(str(x) for x in (round(commands / m["durationSec"]), m["all"]["response"]["p99Micros"],
      m["all"]["service"]["p99Micros"], j["gcCount"], j["gcMillis"], j["compileMillis"],
      round(j["allocatedBytes"] / max(1, m["all"]["count"])), m["clientCpuMicrosPerOp"], j["coreShare"],
      s.get("p99Micros", ""), s.get("maxMicros", ""),
      s.get("stalls", ""), options)))' "$WORK/run.json")"
      echo "$r,$client,$jvm,$rate,$figures" >> "$RAW"
    done
  done
  echo "round $r of $REPEAT done" >&2
done

PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$DURATION" "$JEDIS_THREADS" \
  > "$OUT/table.md" <<'PY'
import sys
from tables import pick, read, show
raw, repeat, server_cpu, client_cpus, duration, jedis_threads = sys.argv[1:]
rows = read(raw)

print("# mode2's measured window in the JVM `java -jar` starts and in the measuring JVM\n")
print("`java -jar metric.jar mode2` with `METRIC_FORK=0` (the JVM started: its default collector and heap) and "
      "without (the measuring JVM), in turns in each round; redis-server pinned to CPU %s, the client to CPU(s) %s; "
      "median (range) of %s rounds. GET only, keys with a TTL, the default warm-up, then `--duration %s`. Lettuce: "
      "one connection, 8 requests in flight. Jedis: %s threads. The measuring JVM's options: %s.\n"
      % (server_cpu, client_cpus, repeat, duration, jedis_threads,
         next((r["options"] for r in rows if r["jvm"] == "measuring"), "-")))
print("| client | rate | JVM | server ops/s | response p99 (us) | service p99 (us) | GCs in the window | their ms "
      "| JIT ms in the window | heap B / op | client CPU us / op | core busy | stall meter p99 (us) | stall max (us) "
      "| stalls of 1 ms or more |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for client in dict.fromkeys(r["client"] for r in rows):
    for jvm in ("started", "measuring"):
        mine = pick(rows, client=client, jvm=jvm)
        print("| %s | %s | %s | %s |" % (client, mine[0]["rate"], jvm, " | ".join(show(mine, column) for column in (
            "server_ops_per_sec", "response_p99_us", "service_p99_us", "gcs", "gc_ms", "jit_ms",
            "alloc_bytes_per_op", "cpu_us_per_op", "core_share", "stall_p99_us", "stall_max_us", "stalls"))))
PY
cat "$OUT/table.md"
