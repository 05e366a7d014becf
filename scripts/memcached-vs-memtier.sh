#!/usr/bin/env bash
# metric against memtier_benchmark on memcached, in the same shapes: the same connections, each with
# the same requests outstanding, GETs only, over 100 kkeys of 200-2000 byte values and keys of about
# the same length (metric's are 20-200 bytes, memtier's a 100-byte prefix and a number), memcached's
# text protocol on both sides (memtier --protocol=memcache_text; metric --protocol memcached, through
# folsom). One memcached of ours (-t 1) pinned to the last core, every client pinned to the others, the
# two clients in turns in each round. For every cell: requests per second counted by the server (its
# stats cmd_get), client and server CPU per request from /proc, over a steady window in the middle of
# the run (scripts/steady_window.py); medians and ranges of REPEAT rounds, and the median of each
# round's ratio to memtier. The window opens 14 s after each client starts: metric's start (the JVM,
# listing memcached's items) and its 100,000 warm-up reads took 8.1 s on a slow day, and its JIT
# was still compiling after that. memcached's LRU maintainer is shown too (items moved between its
# queues, and that thread's CPU, per request): part of memcached's cost per request depends on which
# keys a client reads.
#
# metric runs folsom's connections on its own event loop (--engine loop, folsom's default): the shape
# CxN is one memtier thread with C connections against one event loop thread of metric's with C
# connections, each a folsom client of one connection on that loop.
#
# metric runs twice in each round: as it runs by default, its loop sleeping in the kernel until a reply
# comes, and with --busy-poll, its loop polling instead (a core kept busy; see docs/modes.md). memtier
# has no such choice: its libevent loop sleeps until a reply comes.
#
# A fourth client in each round is folsom alone (metric-bare's BareFolsomLoop): the same folsom
# connections on one event loop, each reply answered by the next GET and nothing else (no
# verification, no histogram), so that the table shows which part of metric's cost is the library's
# and which is metric's own.
#
# Writes results/memcached-vs-memtier/raw.csv and table.md.
# Usage: scripts/memcached-vs-memtier.sh MEMTIER_BINARY     environment: REPEAT (5), KKEYS (100), SHAPES
#   SHAPES: space-separated CONNECTIONSxOUTSTANDING (default "1x1 1x16 4x16 8x1 50x1")
set -euo pipefail
source "$(dirname "$0")/common.sh"
MEMTIER="${1:?usage: scripts/memcached-vs-memtier.sh MEMTIER_BINARY (memtier_benchmark 2.3.0, built outside this tree)}"
[ -x "$MEMTIER" ] || { echo "not an executable: $MEMTIER" >&2; exit 2; }
command -v memcached >/dev/null || { echo "memcached not found (apt-get install memcached)" >&2; exit 3; }
REPEAT="${REPEAT:-5}"
KKEYS="${KKEYS:-100}"
SHAPES="${SHAPES:-1x1 1x16 4x16 8x1 50x1}"
OUT="$ROOT/results/memcached-vs-memtier"
KEYS=$((KKEYS * 1024))
WINDOW_START=14
WINDOW_LENGTH=6

build_jars
mkdir -p "$OUT"
RAW="$OUT/raw.csv"
PORT="$(free_port)"
taskset -c "$SERVER_CPU" memcached -p "$PORT" -l 127.0.0.1 -U 0 -t 1 -m 1024 -u "$(id -un)" &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null' EXIT
for _ in $(seq 100); do
  python3 -c 'import socket,sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' "$PORT" \
    2>/dev/null && break
  sleep 0.1
done
MEMTIER_COMMON=(--server 127.0.0.1 --port "$PORT" --protocol memcache_text --hide-histogram
  --key-prefix "$(printf 'k%.0s' $(seq 100))" --key-minimum 1 --key-maximum "$KEYS")

echo "loading $KEYS keys for metric and $KEYS for memtier" >&2
java -jar "$METRIC_JAR" mode1 1 "$KKEYS" "$PORT" --host 127.0.0.1 --protocol memcached --reads 1000 \
  --warmup-reads 0 -q > /dev/null
"$MEMTIER" "${MEMTIER_COMMON[@]}" -t 1 -c 1 --pipeline 64 --ratio 1:0 --key-pattern P:P --requests allkeys \
  --data-size-range 200-2000 > /dev/null 2>&1

echo "round,shape,client,ops_per_sec,cpu_us_per_op,cs_per_op,server_cpu_us_per_op,lru_moves_per_op,lru_cpu_us_per_op" \
  > "$RAW"
for r in $(seq "$REPEAT"); do
  for shape in $SHAPES; do
    connections="${shape%x*}"
    outstanding="${shape#*x}"
    for client in memtier metric metric-busy-poll folsom-bare; do
      if [ "$client" = memtier ]; then
        cmd=("$MEMTIER" "${MEMTIER_COMMON[@]}" -t 1 -c "$connections" --pipeline "$outstanding" --ratio 0:1
          --key-pattern R:R --distinct-client-seed --test-time $((WINDOW_START + WINDOW_LENGTH + 4)))
        stop=()
      elif [ "$client" = folsom-bare ]; then
        # Reads until stopped; its 100,000 warm-up reads are over long before the window opens.
        cmd=(java -cp "$BARE_CP" dev.metric.bare.BareFolsomLoop "$connections" "$outstanding" "$KKEYS" 1000000000
          100000 "$PORT" 127.0.0.1)
        stop=(--stop)
      else
        # metric reads until stopped when the window closes; its warm-up is over long before it opens.
        cmd=(java -jar "$METRIC_JAR" mode1 1 "$KKEYS" "$PORT" --host 127.0.0.1 --protocol memcached --skip-load
          -q --connections "$connections" --inflight "$outstanding" --reads 1000000000 --warmup-reads 100000)
        [ "$client" = metric-busy-poll ] && cmd+=(--busy-poll)
        stop=(--stop)
      fi
      figures="$(python3 "$ROOT/scripts/steady_window.py" --port "$PORT" --protocol memcached \
        --start "$WINDOW_START" --length "$WINDOW_LENGTH" "${stop[@]}" -- taskset -c "$CLIENT_CPUS" "${cmd[@]}")"
      [ -z "$(field "$figures" error)" ] || { echo "$client $shape failed: $figures" >&2; exit 1; }
      echo "$r,$shape,$client,$(field "$figures" ops_per_sec),$(field "$figures" cpu_us_per_op)," \
        "$(field "$figures" cs_per_op),$(field "$figures" server_cpu_us_per_op)," \
        "$(field "$figures" server_lru_moves_per_op),$(field "$figures" server_lru_cpu_us_per_op)" | tr -d ' ' >> "$RAW"
    done
  done
  echo "round $r of $REPEAT done" >&2
done

MEMTIER_VERSION="$("$MEMTIER" --version | head -1)"
PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$MEMTIER_VERSION" "$KKEYS" \
  "$(memcached -V)" "$(git -C "$ROOT" rev-parse --short HEAD)" > "$OUT/table.md" <<'PY'
import sys
from tables import pick, ratio, read, show
raw, repeat, server_cpu, client_cpus, memtier_version, kkeys, memcached_version, revision = sys.argv[1:]
rows = read(raw)

print("# metric against memtier_benchmark on memcached, in the same shapes\n")
print("%s against metric %s, both speaking memcached's text protocol to %s (-t 1). GET only, %s kkeys of "
      "200-2000 B values; memcached pinned to CPU %s, each client to CPU(s) %s; median (range) of %s rounds, the "
      "clients in turns in each round. Requests per second counted by the server (stats cmd_get), client and "
      "server CPU per request from /proc, over a steady window of 6 s opening 14 s after each client starts. "
      "memcached's LRU moves are the items its LRU maintainer moved between its hot, warm and cold queues (stats "
      "moves_to_cold + moves_to_warm + moves_within_lru), and its LRU CPU that thread's (mc-lrumaint), both per "
      "request and both part of what the server spends on a client's reads. A shape CxN is C "
      "connections with N requests outstanding on each: memtier `-t 1 -c C --pipeline N --distinct-client-seed "
      "--protocol memcache_text`, metric `mode1 1 --protocol memcached --connections C --inflight N` (one event "
      "loop thread of metric's with C folsom connections); metric-busy-poll is the same with `--busy-poll`, its "
      "loop polling for replies instead of sleeping until one comes, which keeps its core busy. folsom-bare is "
      "folsom alone in the same shape (metric-bare's BareFolsomLoop: the same connections on one event loop, each "
      "reply answered by the next GET, no verification, no histogram): what the library costs before metric does "
      "anything. Ratios are the median of each round's ratio.\n"
      % (memtier_version, revision, memcached_version, kkeys, server_cpu, client_cpus, repeat))
print("| shape | client | requests/s | ratio to memtier | client CPU per request (us) | CPU ratio "
      "| server CPU per request (us) | LRU moves per request | LRU CPU per request (us) |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
for shape in dict.fromkeys(r["shape"] for r in rows):
    memtier = pick(rows, shape=shape, client="memtier")
    for client in ("memtier", "metric", "metric-busy-poll", "folsom-bare"):
        mine = pick(rows, shape=shape, client=client)
        speed = "-" if client == "memtier" else ratio(mine, memtier, "ops_per_sec")
        cpu = "-" if client == "memtier" else ratio(mine, memtier, "cpu_us_per_op")
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (shape, client, show(mine, "ops_per_sec"), speed,
              show(mine, "cpu_us_per_op"), cpu, show(mine, "server_cpu_us_per_op"),
              show(mine, "lru_moves_per_op"), show(mine, "lru_cpu_us_per_op")))
PY
cat "$OUT/table.md"
