#!/usr/bin/env bash
# Are acknowledged writes really on disk? For each persistence setting, mode1 loads KKEYS x 1024
# keys into a redis-server of our own; the moment the load has ended (every key acknowledged, the
# first "verify:" progress line), the server is killed with SIGKILL, restarted on the same files,
# and mode1 --skip-load reads every key once and counts what survived intact.
#
#   scripts/durability.sh [KKEYS] [ROUNDS] [OUT]      defaults: 100 3 results/durability
#
# Settings: AOF with appendfsync always, AOF with everysec, RDB snapshots every second with a
# change (save 1 1), and RDB with Redis's default save points (3600 1 300 100 60 10000).
# Prints a table and writes it, with every run's JSON, under OUT.
set -euo pipefail
source "$(dirname "$0")/common.sh"

KKEYS="${1:-100}"
ROUNDS="${2:-3}"
OUT="${3:-$ROOT/results/durability}"
THREADS=2
mkdir -p "$OUT/runs"
command -v redis-server >/dev/null || { echo "redis-server not found (apt-get install redis-server)" >&2; exit 3; }
[ -f "$METRIC_JAR" ] || (cd "$ROOT" && mvn -B -q -Dmaven.test.skip=true package)

WORK="$(mktemp -d)"
SERVER_PID=""
trap '[ -n "$SERVER_PID" ] && kill -9 "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"' EXIT

declare -A PERSISTENCE=(
  [aof-always]="--appendonly yes --appendfsync always --save ''"
  [aof-everysec]="--appendonly yes --appendfsync everysec --save ''"
  [rdb-save-1s]="--appendonly no --save '1 1'"
  [rdb-default]="--appendonly no --save '3600 1 300 100 60 10000'"
)
ORDER=(aof-always aof-everysec rdb-save-1s rdb-default)

# Starts redis-server on PORT with the files in DIR and the setting $1; waits until it answers
# PONG (not LOADING).
start_server() {
  eval "set -- $1"
  taskset -c "$SERVER_CPU" redis-server --port "$PORT" --bind 127.0.0.1 --dir "$DIR" --dbfilename dump.rdb \
    --appendfilename appendonly.aof --logfile "$DIR/redis.log" --daemonize no "$@" &
  SERVER_PID=$!
  for _ in $(seq 600); do
    [ "$(redis-cli -p "$PORT" ping 2>/dev/null)" = "PONG" ] && return 0
    sleep 0.1
  done
  echo "redis-server did not answer on port $PORT; its log: $DIR/redis.log" >&2
  exit 3
}

json_field() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval("d" + sys.argv[2]))' "$1" "$2"
}

for round in $(seq "$ROUNDS"); do
  for setting in "${ORDER[@]}"; do
    PORT="$(free_port)"
    DIR="$WORK/$setting-$round"
    mkdir -p "$DIR"
    start_server "${PERSISTENCE[$setting]}"
    LOAD_LOG="$DIR/load.log"
    LOAD_JSON="$OUT/runs/$setting-$round-load.json"
    taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode1 "$THREADS" "$KKEYS" "$PORT" --no-embedded --flush \
      --no-breakdown --no-verify-all --timeout 1s --json "$LOAD_JSON" >"$DIR/load.out" 2>"$LOAD_LOG" &
    CLIENT_PID=$!
    until grep -q '^verify:' "$LOAD_LOG" 2>/dev/null; do
      if ! kill -0 "$CLIENT_PID" 2>/dev/null; then
        echo "mode1 ended before its load did; its output:" >&2
        cat "$LOAD_LOG" "$DIR/load.out" >&2
        exit 1
      fi
      sleep 0.01
    done
    kill -9 "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
    wait "$CLIENT_PID" 2>/dev/null || true
    start_server "${PERSISTENCE[$setting]}"
    CHECK_JSON="$OUT/runs/$setting-$round-check.json"
    taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode1 "$THREADS" "$KKEYS" "$PORT" --no-embedded --skip-load \
      --no-breakdown --reads 1 --warmup-reads 0 --json "$CHECK_JSON" >"$DIR/check.out" 2>"$DIR/check.log" || true
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
    echo "$setting round $round: $(json_field "$LOAD_JSON" '["load"]["keysWritten"]') acknowledged," \
      "$(json_field "$CHECK_JSON" '["everyKey"]["intact"]') intact after SIGKILL and restart" >&2
  done
done

python3 - "$OUT" "$KKEYS" "$ROUNDS" "${ORDER[@]}" <<'EOF'
import json, statistics, sys, datetime, platform, subprocess
out, kkeys, rounds, settings = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
describe = {
    "aof-always": "AOF, `appendfsync always`",
    "aof-everysec": "AOF, `appendfsync everysec`",
    "rdb-save-1s": "RDB only, `save 1 1`",
    "rdb-default": "RDB only, default save points (`3600 1 300 100 60 10000`)",
}
rows = []
for setting in settings:
    acknowledged, intact, lost, damaged = [], [], [], []
    for r in range(1, rounds + 1):
        load = json.load(open(f"{out}/runs/{setting}-{r}-load.json"))
        check = json.load(open(f"{out}/runs/{setting}-{r}-check.json"))["everyKey"]
        acknowledged.append(load["load"]["keysWritten"])
        intact.append(check["intact"])
        lost.append(check["missing"])
        damaged.append(check["keys"] - check["intact"] - check["missing"])
    def cell(values):
        median = statistics.median(values)
        return f"{median:,.0f}" + ("" if min(values) == max(values) else f" ({min(values):,}–{max(values):,})")
    share = statistics.median(i / a for i, a in zip(intact, acknowledged))
    rows.append(f"| {describe[setting]} | {cell(acknowledged)} | {cell(intact)} | {share:.1%} | {cell(lost)} "
                f"| {cell(damaged)} |")
version = subprocess.run(["redis-server", "--version"], capture_output=True, text=True).stdout.split()[2]
table = "\n".join([
    "| persistence | keys acknowledged | intact after SIGKILL and restart | share intact | missing "
    "| damaged or unread |",
    "|---|---:|---:|---:|---:|---:|",
    *rows])
with open(f"{out}/README.md", "w") as readme:
    readme.write(f"""# Durability: acknowledged writes after SIGKILL

`scripts/durability.sh {kkeys} {rounds}` on {datetime.date.today()}, redis-server {version.removeprefix('v=')},
{platform.platform()}. For each setting, mode1 loaded {kkeys * 1024:,} keys (2 threads, pipelined batches of
64); the moment its load ended, with every key acknowledged, the server was killed with SIGKILL and
restarted on its files, and `mode1 --skip-load` read every key once and checked it byte for byte.
Medians of {rounds} rounds, ranges in brackets; every run's JSON is in `runs/`.

{table}

What each setting promises, for reading the table: `always` writes every command to the AOF and
fsyncs it before the reply goes out; `everysec` fsyncs once a second, so a crash may lose about the
last second of acknowledged writes; RDB keeps only the last snapshot. The script kills the server
as soon as mode1 prints the progress line that follows its load (it looks every 10 ms), so the
figures are what a crash right after a burst of writes costs. SIGKILL ends the server process, not the machine: what the server had written to the
operating system's page cache survives it even without fsync; a power loss or kernel crash would
also lose what was not yet fsynced, which this script does not test. "Damaged or unread" counts keys
read back wrong, whose read failed, or never read.
""")
print(table)
EOF
