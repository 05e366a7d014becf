#!/usr/bin/env bash
# The shape of the write-up's table: mode1 with 1 to 6 client threads and 3000 kkeys against a local
# Redis, one connection per thread, the data written once by the first run. Writes results/writeup-table/:
# table.md (the write-up's columns and more), runs.csv, each run's JSON and interval log, and charts.
#
#   scripts/writeup-table.sh                 # KKEYS=3000 THREADS="1 2 3 4 5 6" CLIENT=jedis
#   KKEYS=100 THREADS="1 2" scripts/writeup-table.sh
set -euo pipefail
source "$(dirname "$0")/common.sh"

KKEYS="${KKEYS:-3000}"
THREADS="${THREADS:-1 2 3 4 5 6}"
CLIENT="${CLIENT:-jedis}"
OUT="${OUT:-$ROOT/results/writeup-table}"

build_jars
start_redis
mkdir -p "$OUT"
rm -f "$OUT"/runs.csv "$OUT"/*.json "$OUT"/*.hlog "$OUT"/row-*.md

load=(--flush)
for threads in $THREADS; do
  echo "mode1 $threads $KKEYS ${load[*]}" >&2
  taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode1 "$threads" "$KKEYS" "$REDIS_PORT" --client "$CLIENT" \
    "${load[@]}" --quiet --markdown --csv "$OUT/runs.csv" --json "$OUT/mode1-t$threads.json" \
    --hdr-log "$OUT/mode1-t$threads.hlog" > "$OUT/row-t$threads.md"
  # The first run checks every key once after its reads; the others read the same data again and
  # only time their random reads.
  load=(--skip-load --no-verify-all)
done

first="$(echo "$THREADS" | awk '{print $1}')"
{
  head -2 "$OUT/row-t$first.md"
  for threads in $THREADS; do tail -n +3 "$OUT/row-t$threads.md"; done
} > "$OUT/table.md"
rm -f "$OUT"/row-*.md
java -jar "$METRIC_JAR" report --out "$OUT/charts" "$OUT" > /dev/null
python3 "$ROOT/scripts/results_links.py" "$OUT/charts/summary.md"
cat "$OUT/table.md"
echo "wrote $OUT (redis-server $(redis-server --version | grep -o 'v=[^ ]*') on CPU $SERVER_CPU, client on CPUs $CLIENT_CPUS)" >&2
