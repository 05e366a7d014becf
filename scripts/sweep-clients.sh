#!/usr/bin/env bash
# Both client libraries and three ways of pooling (a pool of 1, a pool of 8, Lettuce's shared
# connection) at 1, 2, 4 and 8 threads, each cell three times in rounds: metric's own sweep against a
# local Redis. Writes results/sweep-clients/ (summary.md, charts, every run, report.html and, with
# Chromium, a screenshot of it, report.png).
#
#   scripts/sweep-clients.sh                 # KKEYS=100 READS=200000 REPEAT=3
set -euo pipefail
source "$(dirname "$0")/common.sh"

KKEYS="${KKEYS:-100}"
READS="${READS:-200000}"
REPEAT="${REPEAT:-3}"
OUT="${OUT:-$ROOT/results/sweep-clients}"

build_jars
start_redis
rm -rf "$OUT"
taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" sweep mode1 1,2,4,8 "$KKEYS" "$REDIS_PORT" --flush \
  --client jedis,lettuce --pool-size 1,8,shared --repeat "$REPEAT" \
  --reads "$READS" --warmup-reads 20000 --quiet --out "$OUT"
python3 "$ROOT/scripts/results_links.py" "$OUT/summary.md"
# The same runs as one HTML page, and a screenshot of it where there is a Chromium to take one.
java -jar "$METRIC_JAR" report --html "$OUT/report.html" "$OUT/runs" >/dev/null
if command -v chromium >/dev/null 2>&1; then
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,2600 \
    --user-data-dir="$(mktemp -d)" --screenshot="$OUT/report.png" "file://$OUT/report.html" 2>/dev/null
fi
echo "wrote $OUT (redis-server $(redis-server --version | grep -o 'v=[^ ]*') on CPU $SERVER_CPU, client on CPUs $CLIENT_CPUS)" >&2
