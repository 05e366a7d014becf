#!/usr/bin/env bash
# Shows that verification does not grow the heap with the data set: mode1 on 3000 kkeys
# (3,072,000 keys, about 3.4 GB in the server) with a 256 MB heap, where the original tool
# needed -Xmx9000000000. Prints the run's report, peak heap (from the GC log) and peak RSS.
#
# Usage: scripts/heap-3000kkeys.sh [threads] [kkeys]      (defaults: 2 3000)
set -euo pipefail
source "$(dirname "$0")/common.sh"
THREADS="${1:-2}"
KKEYS="${2:-3000}"

build_jars
start_redis
WORK="$(mktemp -d)"

taskset -c "$CLIENT_CPUS" java -Xmx256m -Xlog:gc:file="$WORK/gc.log" -jar "$METRIC_JAR" \
  mode1 "$THREADS" "$KKEYS" "$REDIS_PORT" --flush --no-embedded --json "$WORK/result.json" \
  > "$WORK/report.txt" 2> "$WORK/progress.txt" &
JAVA_PID=$!
await_peak_rss "$JAVA_PID"
set +e
wait "$JAVA_PID"
CODE=$?
set -e

cat "$WORK/report.txt"
PEAK_HEAP_MB="$(peak_heap_mb "$WORK/gc.log")"
echo
echo "exit code:  $CODE"
echo "keys:       $((KKEYS * 1024)) written and verified with -Xmx256m"
echo "peak heap:  ${PEAK_HEAP_MB:-?} MiB in use (before a GC), limit 256 MiB; $(grep -c 'Pause' "$WORK/gc.log") GC pauses"
echo "peak RSS:   $((PEAK_RSS_KB / 1024)) MiB (VmHWM of the JVM)"
echo "server:     $(redis-cli -p "$REDIS_PORT" info memory | grep '^used_memory_human' | tr -d '\r')"
rm -rf "$WORK"
exit "$CODE"
