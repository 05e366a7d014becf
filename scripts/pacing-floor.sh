#!/usr/bin/env bash
# How well metric keeps a schedule, against the machine's floor and against memtier_benchmark.
#
# 1. Lateness. For each shape, metric mode2 with Lettuce runs closed loop (its maximum counted by the
#    server), then under --rate at 25% and at 50% of that maximum; in the same round PaceFloor (a
#    thread that only sleeps to each due time, no I/O) keeps the same rate. Send lateness p50 and p99
#    of each, and metric's own delay: the part of its lateness from when a request was due and its
#    connection had room, without the waits for replies to free the window. The floor has no window:
#    its own delay is its lateness. metric's p99s over the floor's. metric's paced runs warm up for
#    WARMUP seconds, so that the JIT has compiled the paced path before the measured 8 s; the time it
#    still spent compiling in them (the report's `jit, gc` line) is in the table.
# 2. Client CPU per request of an open loop at RATE requests/s in all, on 1 and on 8 connections:
#    metric (Lettuce on one event loop, and Jedis) against memtier --rate-limiting at the same total
#    rate and connection count, GET only; CPU and wake-ups (voluntary context switches) from /proc and
#    requests counted by the server over a steady window. metric runs twice: on its own schedule (each
#    request due at its own time) and with --rate-tick 20ms, the bursts memtier's --rate-limiting sends.
#
# One redis-server of ours pinned to the last core, every client to the other cores, the tools in
# turns in each round; medians and ranges of REPEAT rounds.
# Writes results/pacing-floor/raw.csv and table.md.
# Usage: scripts/pacing-floor.sh MEMTIER_BINARY    environment: REPEAT (3), KKEYS (100), RATE (5000), WARMUP (10)
set -euo pipefail
source "$(dirname "$0")/common.sh"
MEMTIER_BINARY="${1:?usage: scripts/pacing-floor.sh MEMTIER_BINARY (memtier_benchmark 2.3.0, built outside this tree)}"
REPEAT="${REPEAT:-3}"
KKEYS="${KKEYS:-100}"
RATE="${RATE:-5000}"
WARMUP="${WARMUP:-10}"
OUT="$ROOT/results/pacing-floor"
KEYS=$((KKEYS * 1024))
TMP="$(mktemp -d)"

build_jars
start_redis
trap 'kill "$REDIS_PID" 2>/dev/null; wait "$REDIS_PID" 2>/dev/null; rm -rf "$REDIS_DIR" "$TMP"' EXIT
mkdir -p "$OUT"
RAW="$OUT/raw.csv"

# mode2's keys (with a TTL, as mode2 writes them) in db 1; memtier's, with a TTL too, in db 0.
use_memtier "$MEMTIER_BINARY" "$KEYS"
load_mode2_keys "$KKEYS" 3600
load_memtier_keys --expiry-range 3600-3600

metric_mode2=(java -jar "$METRIC_JAR" mode2 1 "$KKEYS" "$REDIS_PORT" --no-embedded --db 1 --skip-load --ttl 3600
  --write-ratio 0 --no-breakdown -q)
# Shapes for the lateness: a name, then metric's arguments for it.
SHAPES=(
  "lettuce-1x1|--client lettuce"
  "lettuce-1x32|--client lettuce --inflight 32"
  "lettuce-8x1|--client lettuce --connections 8"
)

echo "round,part,shape,tool,target,ops_per_sec,late_p50_us,late_p99_us,cpu_us_per_op,stalls_over_1ms,"\
"own_p50_us,own_p99_us,vcs_per_op,jit_ms" > "$RAW"
for r in $(seq "$REPEAT"); do
  for entry in "${SHAPES[@]}"; do
    shape="${entry%%|*}"
    read -r -a args <<< "${entry#*|}"
    figures="$(window 6 6 -- taskset -c "$CLIENT_CPUS" "${metric_mode2[@]}" "${args[@]}" --duration 10 \
      --warmup-time 2)"
    [ -z "$(field "$figures" error)" ] || { echo "closed loop $shape failed: $figures" >&2; exit 1; }
    max="$(field "$figures" ops_per_sec)"
    echo "$r,lateness,$shape,metric-closed,0,$max,,,$(field "$figures" cpu_us_per_op),,,,," >> "$RAW"
    for share in 25 50; do
      target=$((max * share / 100))
      taskset -c "$CLIENT_CPUS" "${metric_mode2[@]}" "${args[@]}" --rate "$target" --duration 8 --warmup-time "$WARMUP" \
        --json "$TMP/run.json" > /dev/null
      late="$(python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["measured"]
print(",".join([str(m[k][p]) for k in ("sendLateness", "ownDelay") for p in ("p50Micros", "p99Micros")]
               + [str(m["jvm"]["compileMillis"])]))' \
        "$TMP/run.json")"
      IFS=, read -r late50 late99 own50 own99 jit <<< "$late"
      echo "$r,lateness,$shape,metric-$share%,$target,,$late50,$late99,,,$own50,$own99,,$jit" >> "$RAW"
      floor="$(taskset -c "$CLIENT_CPUS" java -cp "$BARE_CP" dev.metric.bare.PaceFloor "$target" 8 2)"
      echo "$r,lateness,$shape,floor-$share%,$target,$(field "$floor" kept_per_sec),$(field "$floor" late_p50_us)," \
        "$(field "$floor" late_p99_us),$(field "$floor" cpu_us_per_tick),$(field "$floor" stalls_over_1ms)," \
        "$(field "$floor" late_p50_us),$(field "$floor" late_p99_us),," | tr -d ' ' >> "$RAW"
    done
  done
  for connections in 1 8; do
    per_connection=$((RATE / connections))
    for tool in memtier lettuce jedis lettuce-ticks jedis-ticks; do
      if [ "$tool" = memtier ]; then
        cmd=("$MEMTIER" "${MEMTIER_COMMON[@]}" -t 1 -c "$connections" --pipeline 1 --ratio 0:1 --key-pattern R:R
          --distinct-client-seed --rate-limiting "$per_connection" --test-time 18)
      else
        # The window opens after the warm-up and the wait for the JIT compiler (3 s at most).
        cmd=("${metric_mode2[@]}" --client "${tool%-ticks}" --connections "$connections" --rate "$RATE" --duration 12
          --warmup-time 3)
        [ "$tool" = "${tool%-ticks}" ] || cmd+=(--rate-tick 20ms)
      fi
      figures="$(window 10 6 -- taskset -c "$CLIENT_CPUS" "${cmd[@]}")"
      [ -z "$(field "$figures" error)" ] || { echo "$tool $connections failed: $figures" >&2; exit 1; }
      echo "$r,cpu,${connections}x1,$tool,$RATE,$(field "$figures" ops_per_sec),,,"\
"$(field "$figures" cpu_us_per_op),,,,$(field "$figures" vcs_per_op)," >> "$RAW"
    done
  done
  echo "round $r of $REPEAT done" >&2
done

PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$("$MEMTIER" --version | head -1)" \
  "$RATE" "$(git -C "$ROOT" rev-parse --short HEAD)" "$WARMUP" > "$OUT/table.md" <<'EOF'
import sys
from tables import pick, ratio, read, show
raw, repeat, server_cpu, client_cpus, memtier_version, rate, revision, warmup = sys.argv[1:]
rows = read(raw)

print("# Pacing: metric against the machine's floor and against memtier_benchmark\n")
print("metric %s, %s. redis-server pinned to CPU %s, each client to CPU(s) %s; median (range) of %s rounds, "
      "the tools in turns in each round.\n" % (revision, memtier_version, server_cpu, client_cpus, repeat))
print("## Send lateness under a rate\n")
print("metric mode2 with Lettuce (GET only, keys with a TTL) under `--rate` at 25%% and 50%% of the same shape's "
      "closed-loop maximum of that round (counted by the server); the floor is PaceFloor (metric-bare: one thread "
      "that only sleeps to each due time, no I/O) at the same rate in the same round. Shapes: connections x "
      "requests in flight on each, one event loop thread. metric's paced runs warm up for %s s (half closed loop, "
      "half at the rate) and then measure 8 s; the JIT column is the time the JIT still spent compiling in those "
      "8 s, on the client's one core.\n" % warmup)
print("metric's lateness is from each request's due time to when it went on the wire; its own delay is the part "
      "from when the request was due and its connection had room for it: a request due while the connection's "
      "window is full waits for a reply to be read first, and that wait (the server's time and the client's "
      "reading, as in service time) is lateness but not own delay. The floor has no window: its lateness is its "
      "own delay.\n")
print("A stall of the machine (the floor does nothing else) makes the floor's ticks late only while it lasts; on a "
      "connection whose window is full it delays every request queued behind it until the backlog drains at the "
      "spare capacity. The floor's ticks over 1 ms late in its 8 s show how often the machine stalled.\n")
print("| shape | closed-loop max (requests/s) | share | metric lateness p50 (us) | metric lateness p99 (us) "
      "| metric own delay p99 (us) | floor p50 (us) | floor p99 (us) | lateness p99 / floor p99 "
      "| own delay p99 / floor p99 | floor ticks over 1 ms late | metric JIT compiling (ms) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for shape in dict.fromkeys(r["shape"] for r in rows if r["part"] == "lateness"):
    closed = pick(rows, part="lateness", shape=shape, tool="metric-closed")
    for share in ("25%", "50%"):
        mine = pick(rows, part="lateness", shape=shape, tool="metric-" + share)
        floor = pick(rows, part="lateness", shape=shape, tool="floor-" + share)
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (shape, show(closed, "ops_per_sec"),
              share, show(mine, "late_p50_us"), show(mine, "late_p99_us"), show(mine, "own_p99_us"),
              show(floor, "late_p50_us"), show(floor, "late_p99_us"), ratio(mine, floor, "late_p99_us"),
              ratio(mine, floor, "own_p99_us"), show(floor, "stalls_over_1ms"), show(mine, "jit_ms")))
print("\n## Client CPU per request of an open loop at %s requests/s\n" % rate)
print("GET only, one request at a time on each connection; memtier `-t 1 -c C --rate-limiting %s/C "
      "--distinct-client-seed`, metric `mode2 --connections C --rate %s` (Lettuce: one event loop thread; Jedis: "
      "a thread per connection); `-ticks` rows add `--rate-tick 20ms`. Requests counted by the server, client CPU "
      "and voluntary context switches (wake-ups, all threads) from /proc, over a steady window of 6 s after the "
      "warm-up.\n" % (rate, rate))
print("The two do not keep the same schedule. memtier 2.3.0's --rate-limiting R sends ceil(R/50) requests on a "
      "connection every 1/50th of a second (memtier_benchmark.cpp: request_per_interval, "
      "request_interval_microsecond), back to back as the replies come: at 5,000/s on one connection, bursts of "
      "100 every 20 ms, one timer wake-up per 100 requests. By default metric sends each request at its own due "
      "time: one timer wake-up per request, and one more for its reply. With `--rate-tick 20ms` it releases the "
      "schedule as memtier does, each tick's share at the tick's start, sent back to back as the replies come: "
      "the `-ticks` rows compare like with like.\n")
print("| connections | tool | requests/s | client CPU per request (us) | CPU ratio to memtier "
      "| wake-ups per request |")
print("|---|---|---:|---:|---:|---:|")
for shape in dict.fromkeys(r["shape"] for r in rows if r["part"] == "cpu"):
    memtier = pick(rows, part="cpu", shape=shape, tool="memtier")
    for tool in ("memtier", "lettuce", "jedis", "lettuce-ticks", "jedis-ticks"):
        mine = pick(rows, part="cpu", shape=shape, tool=tool)
        print("| %s | %s | %s | %s | %s | %s |" % (shape.split("x")[0], tool, show(mine, "ops_per_sec"),
              show(mine, "cpu_us_per_op"), "-" if tool == "memtier" else ratio(mine, memtier, "cpu_us_per_op"),
              show(mine, "vcs_per_op")))
EOF
cat "$OUT/table.md"
