#!/usr/bin/env bash
# metric against memtier_benchmark in the same shapes: the same connections, each with the same
# requests outstanding, GET only, over 100 kkeys of 200-2000 byte values and keys of about the same
# length (metric's are 20-200 bytes, memtier's a 100-byte prefix and a number). One redis-server of
# ours pinned to the last core, every client pinned to the other cores, the four clients (memtier,
# metric mode1 with Jedis, mode1 with Lettuce, mode2 with Lettuce and --write-ratio 0 over keys of its own
# with a TTL) in turns in each round. For every cell: requests per second
# counted by the server (INFO commandstats), client CPU per request from /proc, and the server's
# read system calls per request (how many requests it finds per read: how well the client keeps it
# busy), over a steady window in the middle of the run (scripts/steady_window.py); medians and
# ranges of REPEAT rounds, and the median of each round's ratio to memtier.
#
# memtier's clients in one thread draw the same key sequence unless --distinct-client-seed is given,
# which would make its server's work cheaper than metric's (hot keys in the CPU cache); it is given.
# Jedis blocks for each reply, so its connections each have a thread of metric's: the shapes of
# many connections are one memtier thread against that many Jedis threads.
#
# Then the open loop, in the same rounds: client CPU per request at OPEN_RATE requests/s over 1 and 8
# connections (OPEN_CONNECTIONS), one request outstanding on each: memtier --rate-limiting (its rate per
# connection; it releases each connection's requests in bursts, 50 a second), mode2 --rate on an even
# schedule (each request due at its own time), and mode2 --rate-tick 20ms (bursts of 20 ms, memtier's
# shape).
#
# Writes results/vs-memtier/raw.csv and table.md.
# Usage: scripts/vs-memtier.sh MEMTIER_BINARY     environment: REPEAT (3), KKEYS (100), SHAPES, OPEN_RATE
#   (5000), OPEN_CONNECTIONS ("1 8")
#   SHAPES: space-separated CONNECTIONSxOUTSTANDING (default "1x50 50x1 8x1 4x16 1x1")
set -euo pipefail
source "$(dirname "$0")/common.sh"
MEMTIER_BINARY="${1:?usage: scripts/vs-memtier.sh MEMTIER_BINARY (memtier_benchmark 2.3.0, built outside this tree)}"
REPEAT="${REPEAT:-3}"
KKEYS="${KKEYS:-100}"
SHAPES="${SHAPES:-1x50 50x1 8x1 4x16 1x1}"
OPEN_RATE="${OPEN_RATE:-5000}"
OPEN_CONNECTIONS="${OPEN_CONNECTIONS:-1 8}"
OUT="$ROOT/results/vs-memtier"
KEYS=$((KKEYS * 1024))
WINDOW_START=8
WINDOW_LENGTH=6

build_jars
start_redis
mkdir -p "$OUT"
RAW="$OUT/raw.csv"

use_memtier "$MEMTIER_BINARY" "$KEYS"
echo "loading $KEYS keys for metric's mode1, $KEYS for its mode2 and $KEYS for memtier" >&2
java -jar "$METRIC_JAR" mode1 1 "$KKEYS" "$REDIS_PORT" --no-embedded --flush --reads 1000 --warmup-reads 0 \
  --no-breakdown -q > /dev/null
load_mode2_keys "$KKEYS" 36000
load_memtier_keys
# Sets cmd to metric's mode2 over its keys, GETs only, until stopped when the window closes; OPTIONS follow.
# Usage: mode2_command OPTIONS...
mode2_command() {
  cmd=(java -jar "$METRIC_JAR" mode2 1 "$KKEYS" "$REDIS_PORT" --no-embedded --db 1 --skip-load --ttl 36000
    --write-ratio 0 --client lettuce --duration 600 --warmup-time 2 --no-breakdown -q "$@")
}
# Appends a cell's figures to the raw CSV. Usage: record ROUND SHAPE CLIENT FIGURES
record() {
  echo "$1,$2,$3,$(field "$4" ops_per_sec),$(field "$4" cpu_us_per_op),$(field "$4" cs_per_op)," \
    "$(field "$4" server_reads_per_op),$(field "$4" server_cpu_us_per_op)" | tr -d ' ' >> "$RAW"
}

echo "round,shape,client,ops_per_sec,cpu_us_per_op,cs_per_op,server_reads_per_op,server_cpu_us_per_op" > "$RAW"
for r in $(seq "$REPEAT"); do
  for shape in $SHAPES; do
    connections="${shape%x*}"
    outstanding="${shape#*x}"
    for client in memtier jedis lettuce mode2; do
      if [ "$client" = memtier ]; then
        cmd=("$MEMTIER" "${MEMTIER_COMMON[@]}" -t 1 -c "$connections" --pipeline "$outstanding" --ratio 0:1
          --key-pattern R:R --distinct-client-seed --test-time $((WINDOW_START + WINDOW_LENGTH + 4)))
        stop=()
      elif [ "$client" = mode2 ]; then
        mode2_command --connections "$connections" --inflight "$outstanding"
        stop=(--stop)
      else
        # metric reads until stopped when the window closes; its warm-up is over long before it opens.
        cmd=(java -jar "$METRIC_JAR" mode1 1 "$KKEYS" "$REDIS_PORT" --no-embedded --skip-load --no-breakdown -q
          --client "$client" --connections "$connections" --inflight "$outstanding" --reads 1000000000
          --warmup-reads 100000)
        stop=(--stop)
      fi
      figures="$(window "$WINDOW_START" "$WINDOW_LENGTH" "${stop[@]}" -- taskset -c "$CLIENT_CPUS" "${cmd[@]}")"
      [ -z "$(field "$figures" error)" ] || { echo "$client $shape failed: $figures" >&2; exit 1; }
      record "$r" "$shape" "$client" "$figures"
    done
  done
  for connections in $OPEN_CONNECTIONS; do
    shape="${OPEN_RATE}/s@$connections"
    for client in memtier-rate mode2-even mode2-tick; do
      case "$client" in
        memtier-rate)
          cmd=("$MEMTIER" "${MEMTIER_COMMON[@]}" -t 1 -c "$connections" --pipeline 1 --ratio 0:1 --key-pattern R:R
            --distinct-client-seed --rate-limiting $((OPEN_RATE / connections))
            --test-time $((WINDOW_START + WINDOW_LENGTH + 4)))
          stop=() ;;
        mode2-even) mode2_command --connections "$connections" --rate "$OPEN_RATE"; stop=(--stop) ;;
        mode2-tick) mode2_command --connections "$connections" --rate "$OPEN_RATE" --rate-tick 20ms; stop=(--stop) ;;
      esac
      figures="$(window "$WINDOW_START" "$WINDOW_LENGTH" "${stop[@]}" -- taskset -c "$CLIENT_CPUS" "${cmd[@]}")"
      [ -z "$(field "$figures" error)" ] || { echo "$client $shape failed: $figures" >&2; exit 1; }
      record "$r" "$shape" "$client" "$figures"
    done
  done
  echo "round $r of $REPEAT done" >&2
done

MEMTIER_VERSION="$("$MEMTIER" --version | head -1)"
PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$MEMTIER_VERSION" "$KKEYS" \
  "$(git -C "$ROOT" rev-parse --short HEAD)" > "$OUT/table.md" <<'EOF'
import sys
from tables import pick, ratio, read, show
raw, repeat, server_cpu, client_cpus, memtier_version, kkeys, revision = sys.argv[1:]
rows = read(raw)

print("# metric against memtier_benchmark, in the same shapes\n")
print("%s against metric %s. GET only, %s kkeys of 200-2000 B values; redis-server pinned to CPU %s, each "
      "client to CPU(s) %s; median (range) of %s rounds, the clients in turns in each round. Requests per second "
      "counted by the server (INFO commandstats), client CPU per request from /proc, server read calls per "
      "request from /proc/<redis-server>/io, over a steady window of 6 s in the middle of each run. A shape "
      "CxN is C connections with N requests outstanding on each: memtier `-t 1 -c C --pipeline N "
      "--distinct-client-seed`, metric `mode1 --connections C --inflight N` (Lettuce: one event loop thread; "
      "Jedis: a thread per connection) and `mode2 --write-ratio 0 --connections C --inflight N` (Lettuce, one "
      "event loop thread). Ratios are the median of each round's ratio.\n"
      % (memtier_version, revision, kkeys, server_cpu, client_cpus, repeat))
print("| shape | client | requests/s | ratio to memtier | client CPU per request (us) | CPU ratio "
      "| server reads per request |")
print("|---|---|---:|---:|---:|---:|---:|")
closed = [r for r in rows if "/s@" not in r["shape"]]
for shape in dict.fromkeys(r["shape"] for r in closed):
    memtier = pick(rows, shape=shape, client="memtier")
    for client in ("memtier", "jedis", "lettuce", "mode2"):
        mine = pick(rows, shape=shape, client=client)
        if not mine:
            continue
        speed = "-" if client == "memtier" else ratio(mine, memtier, "ops_per_sec")
        cpu = "-" if client == "memtier" else ratio(mine, memtier, "cpu_us_per_op")
        reads = [r for r in mine if r["server_reads_per_op"]]
        print("| %s | %s | %s | %s | %s | %s | %s |" % (shape, client, show(mine, "ops_per_sec"), speed,
              show(mine, "cpu_us_per_op"), cpu, show(reads, "server_reads_per_op")))
print()
for shape in dict.fromkeys(r["shape"] for r in closed):
    mode1 = pick(rows, shape=shape, client="lettuce")
    mode2 = pick(rows, shape=shape, client="mode2")
    if mode1 and mode2:
        print("mode2 against mode1, both with Lettuce, in %s: %s the rate, %s the CPU per request\n" % (
            shape, ratio(mode2, mode1, "ops_per_sec"), ratio(mode2, mode1, "cpu_us_per_op")))
open_rows = [r for r in rows if "/s@" in r["shape"]]
if open_rows:
    print("## Open loop: client CPU per request at a target rate\n")
    print("One request outstanding on each connection. memtier `--rate-limiting` (the rate over the connections) "
          "releases each connection's requests in bursts, 50 a second; mode2 `--rate` keeps an even schedule, "
          "each request due at its own time, and adding `--rate-tick 20ms` releases bursts as memtier does. "
          "Ratios are to memtier in the same round.\n")
    print("| rate, connections | client | requests/s | client CPU per request (us) | CPU ratio "
          "| context switches per request |")
    print("|---|---|---:|---:|---:|---:|")
    for shape in dict.fromkeys(r["shape"] for r in open_rows):
        memtier = pick(rows, shape=shape, client="memtier-rate")
        for client in ("memtier-rate", "mode2-even", "mode2-tick"):
            mine = pick(rows, shape=shape, client=client)
            if mine:
                cpu = "-" if client == "memtier-rate" else ratio(mine, memtier, "cpu_us_per_op")
                print("| %s | %s | %s | %s | %s | %s |" % (shape.replace("@", ", "), client, show(mine, "ops_per_sec"),
                      show(mine, "cpu_us_per_op"), cpu, show(mine, "cs_per_op")))
EOF
cat "$OUT/table.md"
