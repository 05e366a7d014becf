#!/usr/bin/env bash
# Does replaying a trace cost more than making the same traffic up? A MONITOR capture of a mode2 run
# (redis-cli MONITOR while mode2 sends its GETs, SETEXs and refills at --rate RATE for CAPTURE_SEC
# seconds, values of 200-400 bytes) is replayed by metric replay, against mode2 running the same mix
# directly with the same lanes (lettuce, one event loop, CONNECTIONS connections of one request):
#
#   A. closed loop, the two in turns in each of REPEAT rounds: requests per second counted by the
#      server (INFO commandstats over a steady window inside the replay's measured commands, after
#      its scan, warm phase and warm-up), client CPU per request from /proc (scripts/steady_window.py);
#      the ratio replay / mode2 round by round. As a check that the window fell inside the measured
#      commands, the replay's own rate over them, from the server's counts in its JSON, is kept beside
#      it. mode2 runs in db 0 on the keys it preloaded, each replay in db 1 (the trace's keys, written
#      by its warm phase).
#   B. at --speed 1, the capture's own schedule: how late the replay sent its commands (p50, p99,
#      max, from its JSON: only the client knows when it meant to send) beside mode2 at the capture's
#      --rate (its send lateness: the same lanes on a schedule of their own) and PaceFloor, a bare loop
#      that only sleeps to the same number of due times per second, in the same round.
#
# redis-server is ours, pinned to the last core; every client is pinned to the others. The capture is
# kept in a temporary directory, never in the tree; table.md gives its size and commands.
# Writes results/replay/raw.csv and table.md.
# Usage: scripts/replay-vs-mode2.sh
#   environment: REPEAT (5), RATE (20000), CAPTURE_SEC (30), CONNECTIONS (4), WINDOW_START (seconds after a
#   run starts; by default found by a first replay, untimed, as 1 s after its measured commands began)
set -euo pipefail
source "$(dirname "$0")/common.sh"
REPEAT="${REPEAT:-5}"
RATE="${RATE:-20000}"
CAPTURE_SEC="${CAPTURE_SEC:-30}"
WINDOW_START="${WINDOW_START:-}"
WINDOW_LENGTH=5
CONNECTIONS="${CONNECTIONS:-4}"
KKEYS=100
OUT="$ROOT/results/replay"
WORK="$(mktemp -d)"

build_jars
start_redis
trap 'kill "$REDIS_PID" 2>/dev/null; wait "$REDIS_PID" 2>/dev/null; rm -rf "$REDIS_DIR" "$WORK"' EXIT
mkdir -p "$OUT"
RAW="$OUT/raw.csv"
CAPTURE="$WORK/capture.txt"
pinned() { taskset -c "$CLIENT_CPUS" "$@"; }
COMMON=(--host 127.0.0.1 --client lettuce --connections "$CONNECTIONS" -q)
MODE2=(java -jar "$METRIC_JAR" mode2 1 "$KKEYS" "$REDIS_PORT" "${COMMON[@]}" --value-size 200-400)

echo "capturing $CAPTURE_SEC s of mode2 at $RATE ops/s with MONITOR" >&2
pinned "${MODE2[@]}" --duration 1 --warmup-time 0 > /dev/null
redis-cli -p "$REDIS_PORT" monitor > "$CAPTURE" &
MONITOR_PID=$!
sleep 1
pinned "${MODE2[@]}" --skip-load --rate "$RATE" --duration "$CAPTURE_SEC" --warmup-time 0 > /dev/null
sleep 1
kill "$MONITOR_PID"
wait "$MONITOR_PID" 2>/dev/null || true
java -jar "$METRIC_JAR" replay "$CAPTURE" --dry-run > "$WORK/dry-run.txt"

if [ -z "$WINDOW_START" ]; then
  WINDOW_START="$(replay_window_start "$WINDOW_LENGTH" "raise CAPTURE_SEC" java -jar "$METRIC_JAR" replay \
    "$CAPTURE" --port "$REDIS_PORT" "${COMMON[@]}" --db 1 --flush --yes)"
  echo "the replay's measured commands begin about $((WINDOW_START - 1)) s after it starts: window at $WINDOW_START s" >&2
fi

echo "section,round,tool,ops_per_sec,cpu_us_per_op,cs_per_op,own_ops_per_sec,late_p50_us,late_p99_us,late_max_us,"\
"commands" > "$RAW"
for r in $(seq "$REPEAT"); do
  for tool in mode2 replay; do
    own=""
    if [ "$tool" = mode2 ]; then
      cmd=("${MODE2[@]}" --skip-load --duration $((WINDOW_START + 15)) --warmup-time 2)
    else
      cmd=(java -jar "$METRIC_JAR" replay "$CAPTURE" --port "$REDIS_PORT" "${COMMON[@]}" --db 1 --flush --yes
        --json "$WORK/closed.json")
    fi
    # The window opens after the replay's scan, warm phase and warm-up, and after mode2's warm-up, and
    # closes before either ends.
    figures="$(window "$WINDOW_START" "$WINDOW_LENGTH" -- taskset -c "$CLIENT_CPUS" "${cmd[@]}")"
    [ -z "$(field "$figures" error)" ] && [ "$(field "$figures" exit)" = 0 ] \
      || { echo "$tool failed: $figures" >&2; exit 1; }
    if [ "$tool" = replay ]; then
      own="$(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print(round(sum(max(c["serverCalls"], 0) for c in r["commands"]) / r["durationSec"]))' "$WORK/closed.json")"
    fi
    echo "closed,$r,$tool,$(field "$figures" ops_per_sec),$(field "$figures" cpu_us_per_op)," \
      "$(field "$figures" cs_per_op),$own,,,," | tr -d ' ' >> "$RAW"
  done
  pinned java -jar "$METRIC_JAR" replay "$CAPTURE" --port "$REDIS_PORT" "${COMMON[@]}" --db 2 --flush --yes \
    --speed 1 --json "$WORK/paced.json" > /dev/null
  late="$(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print(",".join(str(r["lateness"][k]) for k in ("p50Micros", "p99Micros", "maxMicros")) + "," + str(r["all"]["count"]))' \
    "$WORK/paced.json")"
  echo "paced,$r,replay,,,,,$late" >> "$RAW"
  replayed="${late##*,}"
  # mode2 at the rate the capture was taken at, its send lateness: the same lanes keeping a schedule of
  # their own, on the same core, with no trace to read.
  pinned "${MODE2[@]}" --skip-load --rate "$RATE" --duration "$CAPTURE_SEC" --warmup-time 3 \
    --json "$WORK/mode2-paced.json" > /dev/null
  late="$(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["measured"]
print(",".join(str(r["sendLateness"][k]) for k in ("p50Micros", "p99Micros", "maxMicros")) + "," + str(r["all"]["count"]))' \
    "$WORK/mode2-paced.json")"
  echo "paced,$r,mode2,,,,,$late" >> "$RAW"
  per_second="$(python3 -c 'import sys; print(round(int(sys.argv[1]) / float(sys.argv[2])))' "$replayed" \
    "$CAPTURE_SEC")"
  floor="$(pinned java -cp "$BARE_CP" dev.metric.bare.PaceFloor "$per_second" 10 2)"
  echo "paced,$r,floor,$(field "$floor" kept_per_sec),,,,$(field "$floor" late_p50_us),$(field "$floor" late_p99_us),,"\
 >> "$RAW"
  echo "round $r of $REPEAT done" >&2
done

PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$RATE" "$CAPTURE_SEC" \
  "$CONNECTIONS" "$(git -C "$ROOT" rev-parse --short HEAD)" "$(redis-server --version | awk '{print $3}')" \
  "$WORK/dry-run.txt" > "$OUT/table.md" <<'PY'
import sys
from tables import pick, ratio, read, show
raw, repeat, server_cpu, client_cpus, rate, capture_sec, connections, revision, redis, dry_run = sys.argv[1:]
rows = read(raw)
trace = [line for line in open(dry_run) if line.startswith(("trace ", "commands ", "keys "))]

print("# metric replay against mode2 running the same traffic\n")
print("metric %s, redis-server %s pinned to CPU %s, every client pinned to CPU(s) %s; median (range) of %s "
      "rounds, the tools in turns in each round. The trace is a MONITOR capture of mode2 (lettuce, %s connections, "
      "--rate %s for %s s, values of 200-400 B, GETs, SETEXs and a refill after every miss):\n"
      % (revision, redis, server_cpu, client_cpus, repeat, connections, rate, capture_sec))
print("```\n" + "".join(trace) + "```\n")
print("## A. Closed loop: the same lanes, as fast as they go\n")
print("Requests per second counted by the server (INFO commandstats) and client CPU per request (/proc) over a "
      "steady window of 5 s inside each run's measured traffic (the last column: the replay's own rate over all its "
      "measured commands, from the server's counts in its JSON, to show the window fell inside them); mode2 `1 100 --skip-load --client lettuce --connections %s` in db 0, "
      "`replay` with the same client and lanes in db 1 (its warm phase first). The ratio is taken round by round.\n"
      % connections)
print("| tool | requests/s | ratio to mode2 | client CPU per request (us) | CPU ratio | context switches per request "
      "| requests/s over all its measured commands |")
print("|---|---:|---:|---:|---:|---:|---:|")
mode2 = pick(rows, section="closed", tool="mode2")
for tool in ("mode2", "replay"):
    mine = pick(rows, section="closed", tool=tool)
    print("| %s | %s | %s | %s | %s | %s | %s |" % (tool, show(mine, "ops_per_sec"),
          "-" if tool == "mode2" else ratio(mine, mode2, "ops_per_sec"), show(mine, "cpu_us_per_op"),
          "-" if tool == "mode2" else ratio(mine, mode2, "cpu_us_per_op"), show(mine, "cs_per_op"),
          "-" if tool == "mode2" else show(mine, "own_ops_per_sec")))
print("\n## B. At the capture's own pace (`--speed 1`)\n")
print("How late the replay sent its commands against the capture's times (its JSON's lateness, microseconds), "
      "beside mode2 at the rate the capture was taken at (`--rate %s`, the same lanes, its measured send lateness) "
      "and PaceFloor (metric-bare: a thread that only sleeps to as many due times per second as the capture "
      "has commands, and does nothing else) in the same round.\n" % rate)
print("| | commands | late p50 (us) | late p99 (us) | late max (us) |")
print("|---|---:|---:|---:|---:|")
paced = pick(rows, section="paced", tool="replay")
floor = pick(rows, section="paced", tool="floor")
print("| replay --speed 1 | %s | %s | %s | %s |" % (show(paced, "commands"), show(paced, "late_p50_us"),
      show(paced, "late_p99_us"), show(paced, "late_max_us")))
paced_mode2 = pick(rows, section="paced", tool="mode2")
print("| mode2 --rate %s | %s | %s | %s | %s |" % (rate, show(paced_mode2, "commands"),
      show(paced_mode2, "late_p50_us"), show(paced_mode2, "late_p99_us"), show(paced_mode2, "late_max_us")))
print("| PaceFloor | - | %s | %s | - |" % (show(floor, "late_p50_us"), show(floor, "late_p99_us")))
PY
cat "$OUT/table.md"
