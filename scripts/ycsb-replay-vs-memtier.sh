#!/usr/bin/env bash
# A YCSB workload B trace replayed by metric against memtier_benchmark sending the same command mix to the
# same records. metric trace writes OPERATIONS operations of YCSB's workload B over RECORDS records (reads of
# all fields 0.95, updates of one field 0.05, zipfian); metric replay sends them as YCSB's Redis binding does
# (HGETALL, HMSET of one field), its warm phase first writing every record read before it is written (10
# fields of 100 bytes and a ZADD to _indices each), and checks every field of every record read. memtier
# sends HGETALL and HSET of one field in the same proportion (95 of one, then 5 of the other), values of 100
# bytes, over RECORDS hashes of 10 fields it wrote first, uniformly (memtier has no zipfian; on a server
# that holds every record in memory the spread costs little), keys of about YCSB's length; it checks nothing.
# Both with the same connections, one request outstanding on each: metric's one event loop (lettuce) against
# one memtier thread. A third row replays the same trace to memcached (-t 1, on the same core as Redis), as
# YCSB's memcached binding sends it (folsom, the same lanes; a record is one value of MEMCACHED_VALUE bytes,
# about the JSON of ten fields of 100 bytes), counted by memcached's stats: Redis and memcached on the same
# trace. A fourth row is mode2 running workload B itself (--workload ycsb-b, the same records, lanes and
# checks, no trace): what reading a trace costs the replay.
#
# redis-server is ours, pinned to the last core, every client to the others, the two clients in turns in each
# of REPEAT rounds: requests per second counted by the server (INFO commandstats) and client CPU per request
# (/proc) over a steady window inside the replay's measured commands (scripts/steady_window.py), and the
# ratio metric / memtier round by round. memtier works in db 0, each replay in db 1, mode2 in db 2 (each
# flushed first).
# Writes results/ycsb-replay/raw.csv and table.md.
# The windows open at WINDOW_START (Redis) and MEMCACHED_WINDOW_START seconds after a run starts; by default
# each is found by a first replay, not counted, as 1 s after its measured commands began; mode2's at
# MODE2_WINDOW_START, by default 2 s into its measured traffic: after its load (as long as a first run of
# it, not counted, took) and its 5 s of warm-up.
# Usage: scripts/ycsb-replay-vs-memtier.sh MEMTIER_BINARY
#   environment: REPEAT (5), RECORDS (100000), OPERATIONS (1000000), CONNECTIONS (4), MEMCACHED_VALUE (1130),
#   WINDOW_START, MEMCACHED_WINDOW_START, MODE2_WINDOW_START
set -euo pipefail
source "$(dirname "$0")/common.sh"
MEMTIER="${1:?usage: scripts/ycsb-replay-vs-memtier.sh MEMTIER_BINARY (memtier_benchmark 2.3.0, built outside this tree)}"
[ -x "$MEMTIER" ] || { echo "not an executable: $MEMTIER" >&2; exit 2; }
REPEAT="${REPEAT:-5}"
RECORDS="${RECORDS:-100000}"
OPERATIONS="${OPERATIONS:-1000000}"
CONNECTIONS="${CONNECTIONS:-4}"
WINDOW_START="${WINDOW_START:-}"
MEMCACHED_WINDOW_START="${MEMCACHED_WINDOW_START:-}"
MODE2_WINDOW_START="${MODE2_WINDOW_START:-}"
MEMCACHED_VALUE="${MEMCACHED_VALUE:-1130}"
WINDOW_LENGTH=5
OUT="$ROOT/results/ycsb-replay"
WORK="$(mktemp -d)"

command -v memcached >/dev/null || { echo "memcached not found (apt-get install memcached)" >&2; exit 3; }
build_jars
start_redis
MEMCACHED_PORT="$(free_port)"
taskset -c "$SERVER_CPU" memcached -p "$MEMCACHED_PORT" -l 127.0.0.1 -U 0 -t 1 -m 2048 -u "$(id -un)" &
MEMCACHED_PID=$!
trap 'kill "$REDIS_PID" "$MEMCACHED_PID" 2>/dev/null; wait "$REDIS_PID" "$MEMCACHED_PID" 2>/dev/null;
  rm -rf "$REDIS_DIR" "$WORK"' EXIT
mkdir -p "$OUT"
RAW="$OUT/raw.csv"
TRACE="$WORK/ycsb-b.trace"
pinned() { taskset -c "$CLIENT_CPUS" "$@"; }
REPLAY=(java -jar "$METRIC_JAR" replay "$TRACE" --port "$REDIS_PORT" --host 127.0.0.1 --client lettuce
  --connections "$CONNECTIONS" --value-size 100 --db 1 --flush --yes -q)
MEMCACHED_REPLAY=(java -jar "$METRIC_JAR" replay "$TRACE" --port "$MEMCACHED_PORT" --host 127.0.0.1
  --protocol memcached --connections "$CONNECTIONS" --value-size "$MEMCACHED_VALUE" --flush --yes -q)
# mode2 runs the workload for as long as a window needs after its load, closed loop like the replay.
MODE2=(java -jar "$METRIC_JAR" mode2 1 "$REDIS_PORT" --keys "$RECORDS" --host 127.0.0.1 --client lettuce
  --workload ycsb-b --connections "$CONNECTIONS" --db 2 --flush --yes -q)
# memtier's keys: a prefix and a number, 19 to 24 bytes, as YCSB's user and 19 digits are 23.
MEMTIER_COMMON=(--server 127.0.0.1 --port "$REDIS_PORT" --protocol redis --hide-histogram --select-db 0
  --key-prefix user000000000000000 --key-minimum 1 --key-maximum "$RECORDS" -d 100)
RECORD_FIELDS="$(for f in $(seq 0 9); do printf ' field%d __data__' "$f"; done)"

echo "writing a trace of $OPERATIONS operations of YCSB workload B over $RECORDS records" >&2
java -jar "$METRIC_JAR" trace --workload ycsb-b --records "$RECORDS" --operations "$OPERATIONS" --output "$TRACE"
java -jar "$METRIC_JAR" replay "$TRACE" --value-size 100 --dry-run > "$WORK/dry-run.txt"
echo "writing memtier's $RECORDS records of 10 fields" >&2
"$MEMTIER" "${MEMTIER_COMMON[@]}" -t 1 -c 1 --pipeline 64 --command "HSET __key__$RECORD_FIELDS" \
  --command-key-pattern P --requests "$RECORDS" > /dev/null 2>&1
[ "$(redis-cli -p "$REDIS_PORT" -n 0 dbsize)" = "$RECORDS" ] \
  || { echo "memtier wrote $(redis-cli -p "$REDIS_PORT" -n 0 dbsize) records, not $RECORDS" >&2; exit 1; }

WINDOW_START="${WINDOW_START:-$(replay_window_start "$WINDOW_LENGTH" "raise OPERATIONS" "${REPLAY[@]}")}"
MEMCACHED_WINDOW_START="${MEMCACHED_WINDOW_START:-$(replay_window_start "$WINDOW_LENGTH" "raise OPERATIONS" \
  "${MEMCACHED_REPLAY[@]}")}"
if [ -z "$MODE2_WINDOW_START" ]; then
  began="$(date +%s.%N)"
  pinned "${MODE2[@]}" --duration 1s --warmup-time 0s --json "$WORK/mode2.json" > /dev/null
  MODE2_WINDOW_START="$(python3 -c 'import json, math, sys
r = json.load(open(sys.argv[1]))
wall = float(sys.argv[3]) - float(sys.argv[2])
# From the launch to the end of the load: the run less its traffic (1 s) and what follows it (about 1 s);
# then the warm-up of 5 s, and 2 s into the measured traffic.
print(math.ceil(wall - 2 + 5 + 2))' "$WORK/mode2.json" "$began" "$(date +%s.%N)")"
fi
echo "windows at $WINDOW_START s (Redis), $MEMCACHED_WINDOW_START s (memcached) and $MODE2_WINDOW_START s (mode2)" \
  "after a run starts" >&2

echo "round,tool,ops_per_sec,cpu_us_per_op,cs_per_op,server_us_per_op,server_cpu_us_per_op,own_ops_per_sec,judged,"\
"intact" > "$RAW"
for r in $(seq "$REPEAT"); do
  for tool in memtier metric metric-memcached mode2; do
    own="" judged="" intact="" start="$WINDOW_START" target=()
    if [ "$tool" = memtier ]; then
      cmd=("$MEMTIER" "${MEMTIER_COMMON[@]}" -t 1 -c "$CONNECTIONS" --pipeline 1 --distinct-client-seed
        --command "HGETALL __key__" --command-ratio 95 --command-key-pattern R
        --command "HSET __key__ field3 __data__" --command-ratio 5 --command-key-pattern R
        --test-time $((WINDOW_START + WINDOW_LENGTH + 4)))
    elif [ "$tool" = metric ]; then
      cmd=("${REPLAY[@]}" --json "$WORK/replay.json")
    elif [ "$tool" = mode2 ]; then
      cmd=("${MODE2[@]}" --warmup-time 5s --duration "$((WINDOW_LENGTH + 6))s" --json "$WORK/mode2.json")
      start="$MODE2_WINDOW_START"
    else
      cmd=("${MEMCACHED_REPLAY[@]}" --json "$WORK/replay.json")
      start="$MEMCACHED_WINDOW_START"
      target=(--port "$MEMCACHED_PORT" --protocol memcached)
    fi
    figures="$(python3 "$ROOT/scripts/steady_window.py" --port "$REDIS_PORT" "${target[@]}" --start "$start" \
      --length "$WINDOW_LENGTH" -- taskset -c "$CLIENT_CPUS" "${cmd[@]}")"
    [ -z "$(field "$figures" error)" ] && [ "$(field "$figures" exit)" = 0 ] \
      || { echo "$tool failed: $figures" >&2; exit 1; }
    if [ "$tool" = mode2 ]; then
      read -r own judged intact < <(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
phases = [r["warmup"], r["measured"]]
judged = sum(p["keyHits"] + p["keyMisses"] for p in phases)
print(round(r["measured"]["all"]["opsPerSec"]), judged, judged - sum(p["verificationFailures"] for p in phases))' \
        "$WORK/mode2.json")
    elif [ "$tool" != memtier ]; then
      read -r own judged intact < <(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print(round(sum(max(c["serverCalls"], 0) for c in r["commands"]) / r["durationSec"]), r["check"]["judged"],
      r["check"]["intact"])' "$WORK/replay.json")
    fi
    echo "$r,$tool,$(field "$figures" ops_per_sec),$(field "$figures" cpu_us_per_op),$(field "$figures" cs_per_op)," \
      "$(field "$figures" server_us_per_op),$(field "$figures" server_cpu_us_per_op),$own,$judged,$intact" \
      | tr -d ' ' >> "$RAW"
  done
  echo "round $r of $REPEAT done" >&2
done

PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$CONNECTIONS" "$RECORDS" \
  "$OPERATIONS" "$(git -C "$ROOT" rev-parse --short HEAD)" "$(redis-server --version | awk '{print $3}')" \
  "$("$MEMTIER" --version | head -1)" "$WORK/dry-run.txt" > "$OUT/table.md" <<'PY'
import sys
from tables import pick, ratio, read, show
(raw, repeat, server_cpu, client_cpus, connections, records, operations, revision, redis, memtier,
 dry_run) = sys.argv[1:]
rows = read(raw)
trace = [line for line in open(dry_run) if line.startswith(("trace ", "commands ", "keys "))]

print("# A YCSB workload B trace replayed by metric to Redis and to memcached, against memtier_benchmark sending "
      "the same mix to Redis\n")
print("metric %s, %s, redis-server %s pinned to CPU %s, every client pinned to CPU(s) %s; median (range) of %s "
      "rounds, the two in turns in each round; %s connections of one request each (metric: lettuce on one event "
      "loop; memtier: one thread). The trace, `metric trace --workload ycsb-b --records %s --operations %s`:\n"
      % (revision, memtier, redis, server_cpu, client_cpus, repeat, connections, records, operations))
print("```\n" + "".join(trace) + "```\n")
print("Requests per second counted by the server (INFO commandstats; memcached's stats cmd_get and cmd_set), "
      "client CPU per request and context switches (/proc) over a steady window of 5 s inside each run's measured "
      "traffic; the server's own time per command (commandstats usec; memcached does not time its commands) and "
      "its CPU per request (/proc); the ratio to memtier is taken round by round. The last columns are the "
      "replay's own: its rate over all its measured commands (from the server's counts in its JSON, to show the "
      "window fell inside them) and the records it read and checked (warm-up included), and found intact. To "
      "memcached, a record is one value (YCSB's memcached binding stores the JSON of its fields), so each read "
      "is checked as a string.\n")
print("| tool | requests/s | ratio to memtier | client CPU per request (us) | CPU ratio | context switches per "
      "request | server us per command | server CPU per request (us) | requests/s over its measured commands | "
      "records read and checked | intact |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
base = pick(rows, tool="memtier")
names = {"memtier": "memtier to Redis (HGETALL 95, HSET 5, uniform)",
         "metric": "metric replay to Redis (YCSB-B trace, verified)",
         "metric-memcached": "metric replay to memcached -t 1 (the same trace, verified)",
         "mode2": "metric mode2 --workload ycsb-b to Redis (no trace, verified)"}
for tool in ("memtier", "metric", "metric-memcached", "mode2"):
    mine = pick(rows, tool=tool)
    ours = tool != "memtier"
    redis_row = tool != "metric-memcached"
    print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        names[tool], show(mine, "ops_per_sec"), ratio(mine, base, "ops_per_sec") if ours else "-",
        show(mine, "cpu_us_per_op"), ratio(mine, base, "cpu_us_per_op") if ours else "-", show(mine, "cs_per_op"),
        show(mine, "server_us_per_op") if redis_row else "-", show(mine, "server_cpu_us_per_op"),
        show(mine, "own_ops_per_sec") if ours else "-", show(mine, "judged") if ours else "-",
        show(mine, "intact") if ours else "-"))
print("\nThe replay against mode2 running the same workload itself, round by round: %s of its requests per second, "
      "at %s of its client CPU per request." % (ratio(pick(rows, tool="metric"), pick(rows, tool="mode2"),
                                                      "ops_per_sec"),
                                                ratio(pick(rows, tool="metric"), pick(rows, tool="mode2"),
                                                      "cpu_us_per_op")))
PY
cat "$OUT/table.md"
