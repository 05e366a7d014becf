# Shared by the measurement scripts: build the jars if needed, and run a redis-server of our own on a
# free loopback port, pinned to the last core, so that the client can be pinned to the others and
# the user's own server (if any) is never touched. Source it; do not run it.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
METRIC_JAR="$ROOT/metric-cli/target/metric.jar"
BENCH_JAR="$ROOT/metric-jmh/target/benchmarks.jar"
BARE_JAR="$ROOT/metric-bare/target/metric-bare.jar"
# The bare client loops run on metric.jar's classes: java -cp "$BARE_CP" dev.metric.bare.BareGetLoop ...
BARE_CP="$METRIC_JAR:$BARE_JAR"
CORES="$(nproc)"
SERVER_CPU="$((CORES - 1))"
CLIENT_CPUS="0-$((CORES > 1 ? CORES - 2 : 0))"

build_jars() {
  if [ ! -f "$METRIC_JAR" ] || [ ! -f "$BENCH_JAR" ] || [ ! -f "$BARE_JAR" ]; then
    (cd "$ROOT" && mvn -B -q -DskipTests package)
  fi
}

# Builds metric as it was at revision $1 in a temporary git worktree, leaving the checkout as it is:
# sets BEFORE_DIR (a temporary directory for the caller to remove) and BEFORE_JAR (its metric.jar in there).
build_revision() {
  BEFORE_DIR="$(mktemp -d)"
  git -C "$ROOT" worktree add --detach -q "$BEFORE_DIR/src" "$1"
  echo "building $1" >&2
  if ! (cd "$BEFORE_DIR/src" && mvn -B -q -DskipTests -Djmh.skip package); then
    git -C "$ROOT" worktree remove --force "$BEFORE_DIR/src"
    rm -rf "$BEFORE_DIR"
    exit 1
  fi
  BEFORE_JAR="$BEFORE_DIR/metric-$1.jar"
  cp "$BEFORE_DIR/src/metric-cli/target/metric.jar" "$BEFORE_JAR"
  git -C "$ROOT" worktree remove --force "$BEFORE_DIR/src"
}

# What a before-and-after script needs: the jars, metric built at revision $1 (BEFORE_JAR), our redis-server
# (REDIS_PORT), an EXIT trap that stops the server and removes both temporary directories, and AFTER, the
# name of this checkout's revision (+changes when metric-core or metric-cli differ from it).
# Usage: before_and_after REVISION
before_and_after() {
  build_jars
  build_revision "$1"
  start_redis
  trap 'kill "$REDIS_PID" 2>/dev/null; wait "$REDIS_PID" 2>/dev/null; rm -rf "$REDIS_DIR" "$BEFORE_DIR"' EXIT
  AFTER="$(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- metric-core metric-cli \
    || echo +changes)"
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || echo $((20000 + RANDOM % 20000))
}

# Starts redis-server on REDIS_PORT (exported) pinned to SERVER_CPU; stopped by the EXIT trap.
start_redis() {
  command -v redis-server >/dev/null || { echo "redis-server not found (apt-get install redis-server)" >&2; exit 3; }
  REDIS_PORT="$(free_port)"
  REDIS_DIR="$(mktemp -d)"
  taskset -c "$SERVER_CPU" redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
    --daemonize no --dir "$REDIS_DIR" --logfile "$REDIS_DIR/redis.log" &
  REDIS_PID=$!
  trap 'kill "$REDIS_PID" 2>/dev/null; wait "$REDIS_PID" 2>/dev/null; rm -rf "$REDIS_DIR"' EXIT
  for _ in $(seq 100); do
    redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "redis-server did not start on port $REDIS_PORT" >&2
  exit 3
}

# Writes mode2's keys into database 1 of our redis-server, once: $1 kkeys, each with a TTL of $2 seconds
# (longer than the runs that read them). Usage: load_mode2_keys KKEYS TTL
load_mode2_keys() {
  java -jar "$METRIC_JAR" mode2 1 "$1" "$REDIS_PORT" --no-embedded --db 1 --flush --ttl "$2" --duration 1 \
    --warmup-time 0 --no-breakdown -q > /dev/null
}

# Writes redis-benchmark's keys key:000000000000 .. for its -r range: $1 keys of 1100 bytes, so that
# its GETs find values as large as metric's (1100 bytes is the mean of 200-2000).
load_benchmark_keys() {
  awk -v n="$1" 'BEGIN { v = sprintf("%1100s", ""); gsub(/ /, "x", v);
    for (i = 0; i < n; i++) { k = sprintf("key:%012d", i);
      printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$1100\r\n%s\r\n", length(k), k, v } }' \
    | redis-cli -p "$REDIS_PORT" --pipe > /dev/null
}

# The median of the numbers given as arguments.
median() {
  printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'
}

# The numeric value of "field" in a JSON file written by metric (first occurrence).
json_number() {
  grep -o "\"$2\" : [-0-9.eE]*" "$1" | head -1 | sed 's/.* : //'
}

# The lowest and highest of the numbers given as arguments, as "min-max".
range() {
  printf '%s\n' "$@" | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%s-%s", lo, hi}'
}

# Runs a command under steady_window.py against our redis-server and prints its key=value figures.
# Usage: window START LENGTH [--stop] -- COMMAND...
window() {
  local start="$1" length="$2"
  shift 2
  python3 "$ROOT/scripts/steady_window.py" --port "$REDIS_PORT" --start "$start" --length "$length" "$@"
}

# The value of KEY in a line of key=value pairs.
field() {
  tr ' ' '\n' <<< "$1" | sed -n "s/^$2=//p"
}

# memtier_benchmark as the comparison scripts run it: MEMTIER (the binary, checked) and
# MEMTIER_COMMON, its options for our server and its key range of $1 keys, each a 100-byte prefix and a
# number (about the mean length of metric's 20-200 byte keys). Usage: use_memtier BINARY KEYS
use_memtier() {
  MEMTIER="$1"
  [ -x "$MEMTIER" ] || { echo "not an executable: $MEMTIER" >&2; exit 2; }
  MEMTIER_COMMON=(--server 127.0.0.1 --port "$REDIS_PORT" --protocol redis --hide-histogram
    --key-prefix "$(printf 'k%.0s' $(seq 100))" --key-minimum 1 --key-maximum "$2")
}

# Writes every key of memtier's range once, values of 200-2000 bytes as metric's; extra memtier options
# (an --expiry-range) may follow.
load_memtier_keys() {
  "$MEMTIER" "${MEMTIER_COMMON[@]}" -t 1 -c 1 --pipeline 64 --ratio 1:0 --key-pattern P:P --requests allkeys \
    --data-size-range 200-2000 "$@" > /dev/null 2>&1
}

# Where a steady window of LENGTH seconds opens inside a replay's measured commands, in seconds after the
# replay starts: the scan, the warm phase and the warm-up come first, for a time this machine decides, so a
# first replay, not counted, shows it. Its wall time less its measured phase and half a second for the
# report is where they began; the window opens a second later. Exits, naming HINT, when the measured
# commands are too short for the window. Usage: replay_window_start LENGTH HINT REPLAY_COMMAND...
replay_window_start() {
  local length="$1" hint="$2" began ended json measured
  shift 2
  json="$(mktemp)"
  began="$(date +%s.%N)"
  taskset -c "$CLIENT_CPUS" "$@" --json "$json" > /dev/null
  ended="$(date +%s.%N)"
  measured="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["durationSec"])' "$json")"
  rm -f "$json"
  python3 - "$measured" "$began" "$ended" "$length" "$hint" <<'PY'
import math, sys
measured = float(sys.argv[1])
wall = float(sys.argv[3]) - float(sys.argv[2])
length = int(sys.argv[4])
start = math.ceil(wall - measured - 0.5 + 1)
if start + length > wall - 1.5:
    sys.exit("the replay's measured commands last %.1f s, too short for a %d s window: %s"
             % (measured, length, sys.argv[5]))
print(start)
PY
}

# Waits for process $1 to end, reading its peak RSS (VmHWM) every half second: sets PEAK_RSS_KB.
await_peak_rss() {
  PEAK_RSS_KB=0
  local hwm
  while kill -0 "$1" 2>/dev/null; do
    hwm="$(awk '/VmHWM/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0)"
    [ -n "$hwm" ] && [ "$hwm" -gt "$PEAK_RSS_KB" ] && PEAK_RSS_KB="$hwm"
    sleep 0.5
  done
}

# The most heap in use in G1's log $1, in MiB: "Pause Young ... 150M->20M(256M)" logs the heap in use
# when a collection started before the arrow, the highest it got.
peak_heap_mb() {
  grep -o '[0-9]*M->[0-9]*M([0-9]*M)' "$1" | sed 's/M->.*//' | sort -n | tail -1
}
