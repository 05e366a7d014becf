#!/usr/bin/env bash
# What the warm-up that flows into the measurement did to mode2's figures under a rate: an earlier
# revision of metric and this one, in turns in the same rounds against one redis-server (ours, pinned
# to the last core), each client pinned to the other cores, and PaceFloor (a thread that only sleeps
# to each due time) at the same rate in the same round. For each rate, with Lettuce on one connection
# and 8 requests in flight (GET only, keys with a TTL): response-time and service-time p99 of the
# measured window, the JIT's compile time and the collections inside it, from each run's JSON; the
# rate the server counted over the measured traffic (its INFO commandstats, in the JSON's serverDelta);
# and this revision's stall meter. Medians and ranges of REPEAT rounds.
#
# The earlier revision is built in a temporary git worktree, so the checkout is not touched.
# Writes results/warmup-before-after/raw.csv and table.md.
# Usage: scripts/warmup-before-after.sh REVISION   environment: REPEAT (3), KKEYS (100), RATES ("10000 20000"),
#        DURATION (12), WARMUP (4)
set -euo pipefail
source "$(dirname "$0")/common.sh"
BEFORE="${1:?usage: scripts/warmup-before-after.sh REVISION (the revision to compare this checkout with)}"
REPEAT="${REPEAT:-3}"
KKEYS="${KKEYS:-100}"
RATES="${RATES:-10000 20000}"
DURATION="${DURATION:-12}"
WARMUP="${WARMUP:-4}"
OUT="$ROOT/results/warmup-before-after"

before_and_after "$BEFORE"

mkdir -p "$OUT"
RAW="$OUT/raw.csv"
echo "round,build,rate,server_ops_per_sec,response_p99_us,service_p99_us,jit_ms,gcs,stall_p99_us,stall_max_us,"\
"stalls,floor_p99_us" > "$RAW"
load_mode2_keys "$KKEYS" 3600

for r in $(seq "$REPEAT"); do
  for rate in $RATES; do
    floor="$(taskset -c "$CLIENT_CPUS" java -cp "$BARE_CP" dev.metric.bare.PaceFloor "$rate" "$DURATION" 2)"
    for build in before after; do
      jar="$METRIC_JAR"
      [ "$build" = before ] && jar="$BEFORE_JAR"
      taskset -c "$CLIENT_CPUS" java -jar "$jar" mode2 1 "$KKEYS" "$REDIS_PORT" --no-embedded --db 1 --skip-load \
        --ttl 3600 --write-ratio 0 --client lettuce --inflight 8 --rate "$rate" --duration "$DURATION" \
        --warmup-time "$WARMUP" --no-breakdown -q --json "$BEFORE_DIR/run.json" > /dev/null
      figures="$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1])); m = d["measured"]; j = m["jvm"]; s = j.get("stalls", {})
commands = d["serverDelta"]["commands"] if d.get("serverDelta") else float("nan")
print(",".join(str(x) for x in (round(commands / m["durationSec"]), m["all"]["response"]["p99Micros"],
      m["all"]["service"]["p99Micros"], j["compileMillis"], j["gcCount"], s.get("p99Micros", ""),
      s.get("maxMicros", ""), s.get("stalls", ""))))' "$BEFORE_DIR/run.json")"
      echo "$r,$build,$rate,$figures,$(field "$floor" late_p99_us)" >> "$RAW"
    done
  done
  echo "round $r of $REPEAT done" >&2
done

PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$BEFORE" "$AFTER" "$DURATION" \
  "$WARMUP" > "$OUT/table.md" <<'EOF'
import statistics
import sys
from tables import pick, read, show
raw, repeat, server_cpu, client_cpus, before, after, duration, warmup = sys.argv[1:]
rows = read(raw)


def within(rows, num, den):
    """The median (range) of num/den, each row's own."""
    values = [float(r[num]) / float(r[den]) for r in rows if r[num] != "" and r[den] != ""]
    return "%.1f (%.1f-%.1f)" % (statistics.median(values), min(values), max(values)) if values else "-"


print("# mode2 under a rate: the warm-up that flows into the measurement, before and after\n")
print("metric %s (before) and %s (after), in turns in each round; redis-server pinned to CPU %s, each client and "
      "PaceFloor to CPU(s) %s; median (range) of %s rounds. Lettuce, one connection, 8 requests in flight, GET "
      "only; `--warmup-time %s --duration %s`. Before: a warm-up of its own (half closed loop, then two paced "
      "drives), then a wait of at most 3 s for the JIT to be quiet, then the measured drive. After: half closed "
      "loop, then at the rate until the JIT is quiet (at most 15 s more), flowing into the measured window on the "
      "same drive.\n" % (before, after, server_cpu, client_cpus, repeat, warmup, duration))
print("| rate | build | server ops/s | response p99 (us) | service p99 (us) | floor p99 (us) | response p99 / floor "
      "p99 | JIT compiling in the window (ms) | GCs in the window | stall meter p99 (us) | stall max (us) "
      "| stalls of 1 ms or more |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for rate in dict.fromkeys(r["rate"] for r in rows):
    for build in ("before", "after"):
        mine = pick(rows, rate=rate, build=build)
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (rate, build,
              show(mine, "server_ops_per_sec"), show(mine, "response_p99_us"), show(mine, "service_p99_us"),
              show(mine, "floor_p99_us"), within(mine, "response_p99_us", "floor_p99_us"),
              show(mine, "jit_ms"), show(mine, "gcs"),
              "-" if build == "before" else show(mine, "stall_p99_us"),
              "-" if build == "before" else show(mine, "stall_max_us"),
              "-" if build == "before" else show(mine, "stalls")))
EOF
cat "$OUT/table.md"
