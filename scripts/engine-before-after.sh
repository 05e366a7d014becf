#!/usr/bin/env bash
# What a change to the engine did to the client's cost: an earlier revision of metric and this one,
# run in turns in the same rounds against one redis-server (ours, pinned to the last core), each
# client pinned to the other cores. For every cell: requests per second by the server's INFO
# commandstats and client CPU and context switches per request from /proc, over a steady window in
# the middle of the run (scripts/steady_window.py); medians and ranges of REPEAT rounds.
#
# The earlier revision is built in a temporary git worktree, so the checkout is not touched.
# Writes results/engine-before-after/raw.csv and table.md.
# Usage: scripts/engine-before-after.sh REVISION        environment: REPEAT (5), KKEYS (100)
set -euo pipefail
source "$(dirname "$0")/common.sh"
BEFORE="${1:?usage: scripts/engine-before-after.sh REVISION (the revision to compare this checkout with)}"
REPEAT="${REPEAT:-5}"
KKEYS="${KKEYS:-100}"
OUT="$ROOT/results/engine-before-after"

before_and_after "$BEFORE"

mkdir -p "$OUT"
RAW="$OUT/raw.csv"
echo "round,build,cell,ops_per_sec,cpu_us_per_op,cs_per_op,vcs_per_op,ivcs_per_op" > "$RAW"
java -jar "$METRIC_JAR" mode2 2 "$KKEYS" "$REDIS_PORT" --no-embedded --db 1 --flush --ttl 3600 --duration 1 --warmup-time 0 \
  --no-breakdown -q > /dev/null
java -jar "$METRIC_JAR" mode1 2 "$KKEYS" "$REDIS_PORT" --no-embedded --db 2 --flush --reads 1000 --warmup-reads 0 \
  --no-breakdown -q > /dev/null

# The cells: a name, then the arguments after "metric.jar". Both builds take them all.
CELLS=(
  "mode2-lettuce-inflight50|mode2 1 $KKEYS $REDIS_PORT --db 1 --client lettuce --inflight 50 --write-ratio 0"
  "mode1-lettuce-inflight50|mode1 1 $KKEYS $REDIS_PORT --db 2 --client lettuce --inflight 50 --reads 1000000000 --warmup-reads 200000"
  "mode2-jedis-closed|mode2 1 $KKEYS $REDIS_PORT --db 1 --client jedis"
  "mode2-jedis-rate5000|mode2 1 $KKEYS $REDIS_PORT --db 1 --client jedis --rate 5000"
  "mode2-lettuce-closed|mode2 1 $KKEYS $REDIS_PORT --db 1 --client lettuce"
  "mode2-lettuce-rate5000|mode2 1 $KKEYS $REDIS_PORT --db 1 --client lettuce --rate 5000"
)

for r in $(seq "$REPEAT"); do
  for cell in "${CELLS[@]}"; do
    name="${cell%%|*}"
    read -r -a args <<< "${cell#*|}"
    extra=(--no-embedded --skip-load --no-breakdown -q)
    [ "${args[0]}" = mode2 ] && extra+=(--ttl 3600 --duration 18 --warmup-time 4)
    for build in before after; do
      jar="$METRIC_JAR"
      [ "$build" = before ] && jar="$BEFORE_JAR"
      figures="$(window 10 8 --stop -- taskset -c "$CLIENT_CPUS" java -jar "$jar" "${args[@]}" "${extra[@]}")"
      [ -z "$(field "$figures" error)" ] || { echo "$build $name failed: $figures" >&2; exit 1; }
      echo "$r,$build,$name,$(field "$figures" ops_per_sec),$(field "$figures" cpu_us_per_op),$(field "$figures" cs_per_op),$(field "$figures" vcs_per_op),$(field "$figures" ivcs_per_op)" >> "$RAW"
    done
  done
  echo "round $r of $REPEAT done" >&2
done

python3 - "$RAW" "$REPEAT" "$BEFORE" "$AFTER" "$SERVER_CPU" "$CLIENT_CPUS" > "$OUT/table.md" <<'EOF'
import csv, statistics, sys
raw, repeat, before, after, server_cpu, client_cpus = sys.argv[1:]
rows = list(csv.DictReader(open(raw)))

def show(rs, col):
    values = [float(r[col]) for r in rs]
    m = statistics.median(values)
    f = (lambda v: "%.0f" % v) if m >= 100 else (lambda v: "%.2f" % v) if m >= 1 else (lambda v: "%.3f" % v)
    return "%s (%s-%s)" % (f(m), f(min(values)), f(max(values)))

print("# The engine's cost per request, before and after\n")
print("Before: metric %s; after: metric %s. redis-server pinned to CPU %s, each client to CPU(s) %s; median "
      "(range) of %s rounds, the two builds in turns. Requests per second by the server (INFO commandstats), "
      "client CPU and context switches (voluntary + involuntary, all threads) per request from /proc, over a "
      "steady window of 8 s in the middle of each run.\n" % (before, after, server_cpu, client_cpus, repeat))
print("| cell | build | requests/s | CPU per request (us) | context switches per request | voluntary | involuntary |")
print("|---|---|---:|---:|---:|---:|---:|")
for cell in dict.fromkeys(r["cell"] for r in rows):
    for build in ("before", "after"):
        rs = [r for r in rows if r["cell"] == cell and r["build"] == build]
        print("| %s | %s | %s | %s | %s | %s | %s |" % (cell, build, show(rs, "ops_per_sec"), show(rs, "cpu_us_per_op"),
              show(rs, "cs_per_op"), show(rs, "vcs_per_op"), show(rs, "ivcs_per_op")))
EOF
cat "$OUT/table.md"
