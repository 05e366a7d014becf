#!/usr/bin/env bash
# A data set several times the server's memory, every key written and every key read back: what a
# disk-backed server is for, and what a Redis that evicts does instead. mode1 writes KKEYS x 1024 keys
# (keys 20-200 B, values 200-2000 B) into a server of our own limited to MAXMEMORY_MB, then reads
# every key once and checks it. Reports the load's rate, what every key's read found (intact, missing,
# damaged) beside the keys the server evicted, the client's peak heap and RSS, and the server's memory
# and persistence fields from INFO before and after the run (which every result's JSON holds too).
#
#   scripts/large-dataset.sh [KKEYS] [MAXMEMORY_MB] [OUT]      defaults: 1000 256 results/large-dataset
#
# The server is redis-server with --maxmemory MAXMEMORY_MB and --maxmemory-policy allkeys-lru, unless
# DISK_SERVER names a disk-backed fork that takes redis-server's options (a RedRock build, say): it is
# then started with --maxmemory MAXMEMORY_MB and its own policy, and is expected to keep every key.
# The client runs in this JVM with -Xmx512m and a GC log, pinned apart from the server.
set -euo pipefail
source "$(dirname "$0")/common.sh"

KKEYS="${1:-1000}"
MAXMEMORY_MB="${2:-256}"
OUT="${3:-$ROOT/results/large-dataset}"
THREADS=2
HEAP_MB=512
SERVER="${DISK_SERVER:-redis-server}"
command -v "$SERVER" >/dev/null || { echo "$SERVER not found (apt-get install redis-server)" >&2; exit 3; }
[ -f "$METRIC_JAR" ] || (cd "$ROOT" && mvn -B -q -Dmaven.test.skip=true package)
mkdir -p "$OUT/runs"

WORK="$(mktemp -d)"
SERVER_PID=""
trap '[ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT

PORT="$(free_port)"
POLICY=()
[ -z "${DISK_SERVER:-}" ] && POLICY=(--maxmemory-policy allkeys-lru)
taskset -c "$SERVER_CPU" "$SERVER" --port "$PORT" --bind 127.0.0.1 --dir "$WORK" --save "" --appendonly no \
  --maxmemory "${MAXMEMORY_MB}mb" "${POLICY[@]}" --logfile "$WORK/server.log" --daemonize no &
SERVER_PID=$!
for _ in $(seq 600); do
  [ "$(redis-cli -p "$PORT" ping 2>/dev/null)" = "PONG" ] && break
  sleep 0.1
done
[ "$(redis-cli -p "$PORT" ping 2>/dev/null)" = "PONG" ] || { echo "$SERVER did not answer; see $WORK/server.log" >&2; exit 3; }

JSON="$OUT/runs/mode1-${KKEYS}kkeys-${MAXMEMORY_MB}mb.json"
set +e
taskset -c "$CLIENT_CPUS" java -Xmx${HEAP_MB}m -Xlog:gc:file="$WORK/gc.log" -jar "$METRIC_JAR" \
  mode1 "$THREADS" "$KKEYS" "$PORT" --no-embedded --flush --no-breakdown --reads 100000 --no-replicas \
  --json "$JSON" > "$WORK/report.txt" 2> "$WORK/progress.txt" &
JAVA_PID=$!
await_peak_rss "$JAVA_PID"
wait "$JAVA_PID"
CODE=$?
set -e
cp "$WORK/report.txt" "$OUT/runs/mode1-${KKEYS}kkeys-${MAXMEMORY_MB}mb.txt"

PEAK_HEAP_MB="$(peak_heap_mb "$WORK/gc.log")"
PAUSES="$(grep -c 'Pause' "$WORK/gc.log" || true)"

python3 - "$JSON" "$CODE" "${PEAK_HEAP_MB:-0}" "$HEAP_MB" "$PAUSES" "$((PEAK_RSS_KB / 1024))" "$SERVER" \
  "$MAXMEMORY_MB" "$OUT/README.md" <<'EOF'
import json, sys
path, code, heap, heap_limit, pauses, rss, server, maxmemory_mb, readme = sys.argv[1:]
r = json.load(open(path))
load, every, eviction = r["load"], r["everyKey"], r["eviction"]
before, after = r["serverInfo"]["before"], r["serverInfo"]["after"] or {}
fields = ["used_memory_human", "used_memory_peak_human", "maxmemory_human", "maxmemory_policy",
          "mem_fragmentation_ratio", "evicted_keys", "rdb_bgsave_in_progress", "rdb_last_bgsave_status",
          "aof_enabled", "aof_last_write_status", "loading"]
rows = [
    ("server", f"{r['server']['name']} {r['server']['version']} (`{server}`), maxmemory {maxmemory_mb} MB"),
    ("data set", f"{every['keys']:,} keys, {r['dataSetBytes']:,} bytes of keys and values "
                 f"({r['dataSetBytes'] / (int(maxmemory_mb) << 20):.1f}x the server's maxmemory)"),
    ("load", f"{load['keysWritten']:,} keys in {load['durationSec']:.1f} s: {load['keysPerSec']:,.0f} keys/s, "
             f"{load['megabytesPerSec']:.1f} MB/s; {load['errorReplies']:,} error replies retried, "
             f"{load['keysNotWritten']:,} keys not written"),
    ("every key read once", f"{every['intact']:,} intact, {every['missing']:,} missing, "
                            f"{every['wrongLength'] + every['wrongBytes'] + every['otherKey']:,} damaged, "
                            f"{every['failedReads']:,} reads failed, in {every['durationSec']:.1f} s "
                            f"({every['readsPerSec']:,.0f} reads/s)"),
    ("evicted by the server", f"{eviction['evictedKeys']:,} keys over the run ({eviction['policy']})"),
    ("verdict", f"exit {code}: {'passed' if r['passed'] else 'FAILED: ' + ', '.join(r['summary']['failures'])}"),
    ("client heap", f"peak {heap} MiB in use before a collection, limit {heap_limit} MiB; {pauses} GC pauses"),
    ("client RSS", f"peak {rss} MiB (VmHWM)"),
]
lines = ["# A data set several times the server's memory", "",
         f"`scripts/large-dataset.sh {every['keys'] // 1024} {maxmemory_mb}`: mode1 writes every key into a server"
         " limited to maxmemory, then reads every key once and checks it. Missing keys within the server's"
         " evictions, under a policy that evicts them, are eviction, not loss (docs/replicas.md).", "",
         "| | |", "|---|---|"] + [f"| {k} | {v} |" for k, v in rows] + [
         "", "The server's INFO before and after the run (every field is in the run's JSON):", "",
         "| field | before | after |", "|---|---:|---:|"] + [
         f"| {f} | {before.get(f, '-')} | {after.get(f, '-')} |" for f in fields] + [
         "", f"The run's JSON and report: [runs/](runs/)."]
open(readme, "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
exit "$CODE"
