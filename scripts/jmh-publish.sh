#!/usr/bin/env bash
# Publishes the JMH suite's figures to results/jmh/: runs the suite (full by default, about 75 minutes, or short) into
# metric-jmh/target/jmh-publish, then copies its SUMMARY.md and each result's JSON without the raw
# samples (JMH's rawData and rawDataHistogram, megabytes for the sampled benchmarks; the scores,
# errors and percentiles stay). `mvn verify` runs a smoke suite, but only into target/: the
# build never writes tracked files, and results/ changes only when a person runs this.
#
# Usage: scripts/jmh-publish.sh [full|short]     environment: OUT (results/jmh)
set -euo pipefail
source "$(dirname "$0")/common.sh"
SUITE="${1:-full}"
case "$SUITE" in short|full) ;; *) echo "usage: scripts/jmh-publish.sh [full|short]" >&2; exit 2;; esac
RUN="$ROOT/metric-jmh/target/jmh-publish"
OUT="${OUT:-$ROOT/results/jmh}"

(cd "$ROOT" && mvn -B -q -pl metric-jmh -am package -DskipTests)
java -cp "$BENCH_JAR" dev.metric.jmh.suite.BenchmarkSuite "$SUITE" "$RUN"

rm -f "$OUT"/*.json "$OUT"/SUMMARY.md
mkdir -p "$OUT"
cp "$RUN/SUMMARY.md" "$OUT/"
python3 "$ROOT/scripts/jmh_trim.py" "$OUT" "$RUN"/*.json
echo "published the $SUITE suite to $OUT" >&2
