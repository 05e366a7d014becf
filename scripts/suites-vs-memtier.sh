#!/usr/bin/env bash
# redis-benchmarks-specification's suites run by memtier_benchmark and by metric memtier, in turns, on one
# redis-server of ours pinned to the last core, each client pinned to the others: for each suite, REPEAT
# rounds, each tool in turn (the first alternating), each run set up alike (FLUSHALL, the suite's
# configuration, its preload by memtier_benchmark itself, its init commands, its keyspacelen checked) and
# counted from outside over a steady window (scripts/steady_window.py): requests per second the server
# executed (INFO commandstats) and client CPU per request (/proc). A suite's --test-time is replaced by
# TEST_TIME (default 12 s); memtier's window is 2-10 s of its run, metric's 6-14 s (metric warms up for 2
# s first, at the same pace, so its window starts later). scripts/suites_vs_memtier.py does the work.
#
# Writes results/suites-vs-memtier/raw.csv and table.md.
# Usage: scripts/suites-vs-memtier.sh MEMTIER_BINARY SUITE.yml...   environment: REPEAT (3), TEST_TIME (12)
set -euo pipefail
source "$(dirname "$0")/common.sh"
MEMTIER_BINARY="${1:?usage: scripts/suites-vs-memtier.sh MEMTIER_BINARY SUITE.yml... (memtier_benchmark built outside this tree, suites of redis-benchmarks-specification)}"
shift
[ "$#" -gt 0 ] || { echo "give the suites to run (their .yml files)" >&2; exit 2; }
REPEAT="${REPEAT:-3}"
TEST_TIME="${TEST_TIME:-12}"
OUT="$ROOT/results/suites-vs-memtier"
[ -x "$MEMTIER_BINARY" ] || { echo "not an executable: $MEMTIER_BINARY" >&2; exit 2; }

build_jars
start_redis
mkdir -p "$OUT"
python3 "$ROOT/scripts/suites_vs_memtier.py" --memtier "$MEMTIER_BINARY" --metric-jar "$METRIC_JAR" \
  --port "$REDIS_PORT" --client-cpus "$CLIENT_CPUS" --rounds "$REPEAT" --test-time "$TEST_TIME" --out "$OUT" "$@"

MEMTIER_VERSION="$("$MEMTIER_BINARY" --version | head -1)"
REDIS_VERSION="$(redis-server --version | head -1)"
PYTHONPATH="$ROOT/scripts" python3 - "$OUT/raw.csv" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$MEMTIER_VERSION" \
  "$REDIS_VERSION" "$TEST_TIME" "$(git -C "$ROOT" rev-parse --short HEAD)" > "$OUT/table.md" <<'PY'
import statistics
import sys
from tables import pick, ratio, read, show
raw, repeat, server_cpu, client_cpus, memtier_version, redis_version, test_time, revision = sys.argv[1:]
rows = read(raw)
print("# redis-benchmarks-specification's suites: metric memtier against memtier_benchmark\n")
print("%s against metric %s, on %s pinned to CPU %s, each client to CPU(s) %s. Each suite's measured command line "
      "as the suite writes it, --test-time %s s; before each run the server emptied and set up as the suite says, "
      "its preload by memtier_benchmark for both. Requests per second counted by the server (INFO commandstats) "
      "and client CPU per request (/proc) over a steady 8 s window; median (range) of %s rounds, the tools in "
      "turns, ratios taken round by round. Within 10%%: the median ratio of the server-counted rates lies in "
      "0.90-1.10.\n" % (memtier_version, revision, redis_version, server_cpu, client_cpus, test_time, repeat))
print("| suite | group | memtier requests/s | metric requests/s | metric / memtier | within 10% | "
      "client CPU per request, memtier (us) | metric (us) |")
print("|---|---|---:|---:|---:|---|---:|---:|")
compared = within = 0
for name in dict.fromkeys(r["suite"] for r in rows):
    mine = [r for r in pick(rows, suite=name, tool="metric") if r["ops_per_sec"]]
    theirs = [r for r in pick(rows, suite=name, tool="memtier") if r["ops_per_sec"]]
    group = pick(rows, suite=name)[0]["group"]
    if not mine or not theirs:
        why = "; ".join(dict.fromkeys(r["why"] for r in pick(rows, suite=name) if r["why"]))
        print("| %s | %s | - | - | - | not compared: %s | - | - |" % (name, group, why))
        continue
    by_round = {r["round"]: float(r["ops_per_sec"]) for r in theirs}
    ratios = [float(r["ops_per_sec"]) / by_round[r["round"]] for r in mine if r["round"] in by_round]
    inside = 0.9 <= statistics.median(ratios) <= 1.1
    compared += 1
    within += inside
    print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (name, group, show(theirs, "ops_per_sec"),
          show(mine, "ops_per_sec"), ratio(mine, theirs, "ops_per_sec"), "yes" if inside else "**no**",
          show(theirs, "cpu_us_per_op"), show(mine, "cpu_us_per_op")))
print("\n%d suites compared, %d within 10%% of memtier's rate." % (compared, within))
PY
cat "$OUT/table.md"
