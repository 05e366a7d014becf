#!/usr/bin/env bash
# Every suite of redis-benchmarks-specification run by `metric suite --embedded`: each on the servers of its
# own topology metric starts for it, set up, preloaded and checked as the suite says, its measured run
# shortened to TEST_TIME seconds (a suite bounded by requests keeps them). What this answers is whether the
# suites run to completion, not how fast: the rates in the table are from a machine whose one client core
# and one server core are shared by the whole run, unpinned.
#
# Writes results/suites-all/suites.csv (a row per suite: verdict, rates, p50, p99, why) and README.md (the
# counts, skips and failures grouped by why). Each suite's memtier JSON, metric result and log stay in a
# temporary directory, named at the end.
# Usage: scripts/suites-all.sh SPEC_CHECKOUT
# environment: TEST_TIME (1), METRIC_JAR_OVERRIDE (a metric.jar to run in place of building this checkout's)
set -euo pipefail
source "$(dirname "$0")/common.sh"
SPEC="${1:?usage: scripts/suites-all.sh SPEC_CHECKOUT (a checkout of redis/redis-benchmarks-specification)}"
SUITES="$SPEC/redis_benchmarks_specification/test-suites"
[ -d "$SUITES" ] || { echo "no test-suites directory under $SPEC" >&2; exit 2; }
TEST_TIME="${TEST_TIME:-1}"
JAR="${METRIC_JAR_OVERRIDE:-$METRIC_JAR}"
OUT="$ROOT/results/suites-all"
RUNS="$(mktemp -d)/suites"

[ -n "${METRIC_JAR_OVERRIDE:-}" ] || build_jars
SPEC_REVISION="$(git -C "$SPEC" rev-parse --short HEAD 2>/dev/null || echo "unknown")"
STARTED="$(date +%s)"
set +e
java -jar "$JAR" suite --embedded --test-time "$TEST_TIME" --out "$RUNS" "$SUITES" | tee "$RUNS.out"
CODE="${PIPESTATUS[0]}"
set -e
ELAPSED="$(( $(date +%s) - STARTED ))"
[ -f "$RUNS/suites.csv" ] || { echo "metric suite wrote no table (exit $CODE)" >&2; exit 1; }
mkdir -p "$OUT"
cp "$RUNS/suites.csv" "$OUT/suites.csv"
python3 "$ROOT/scripts/suites_all.py" "$OUT/suites.csv" "$(redis-server --version | head -1)" \
  "$(git -C "$ROOT" rev-parse --short HEAD)" "$SPEC_REVISION" "$TEST_TIME" "$ELAPSED" "$CODE" \
  "$(find "$SUITES" -maxdepth 1 -name '*.yml' ! -name defaults.yml | wc -l)" > "$OUT/README.md"
echo "published $OUT; each suite's files are in $RUNS"
