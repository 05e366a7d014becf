#!/usr/bin/env bash
# Does mode1 keep up when keys hold hashes, lists or sorted sets? For each type (string, and each
# structure of ELEMENTS elements of 200-2000 bytes), against one redis-server (ours, pinned to the last
# core) with every client pinned to the other cores, in REPEAT interleaved rounds:
#   (a) metric mode1's verify phase with --type, every element of every read checked,
#   (b) redis-benchmark -c <threads> sending the same read (GET, HGETALL, LRANGE 0 -1, ZRANGE 0 -1
#       WITHSCORES) to its own keys of the same shape, elements of 1100 bytes (the mean of 200-2000).
# Every figure is counted from outside over a steady window of 8 s in the middle of each run
# (scripts/steady_window.py): reads per second by the server's INFO commandstats, client CPU per read
# from /proc; the server's own microseconds per read from commandstats over the window too.
#
# Writes results/types-speed/raw.csv and table.md.
# Usage: scripts/speed-types.sh     environment: THREADS (2), CLIENT (jedis), REPEAT (5), KKEYS (10), ELEMENTS (10),
#                                  OUT (results/types-speed)
set -euo pipefail
source "$(dirname "$0")/common.sh"
THREADS="${THREADS:-2}"
CLIENT="${CLIENT:-jedis}"
REPEAT="${REPEAT:-5}"
KKEYS="${KKEYS:-10}"
ELEMENTS="${ELEMENTS:-10}"
KEYS=$((KKEYS * 1024))
OUT="${OUT:-$ROOT/results/types-speed}"
command -v redis-benchmark >/dev/null || { echo "redis-benchmark not found (apt-get install redis-tools)" >&2; exit 3; }
[ -f "$METRIC_JAR" ] || (cd "$ROOT" && mvn -B -q -pl metric-core,metric-cli -am -DskipTests package)

start_redis
mkdir -p "$OUT"
RAW="$OUT/raw.csv"
echo "round,type,runner,reads_per_sec,client_cpu_us_per_read,server_us_per_read" > "$RAW"

# The option that sizes a structure of TYPE, none for a string.
count_option() {
  case "$1" in hash) echo "--fields $ELEMENTS";; list|zset) echo "--elements $ELEMENTS";; esac
}

# The command that reads a whole value of TYPE.
read_command() {
  case "$1" in string) echo GET;; hash) echo HGETALL;; list) echo LRANGE;; zset) echo ZRANGE;; esac
}

# metric's data: each type in a database of its own (1 to 4); redis-benchmark's in db 0, as
# <t>key:<12 digits> for its -r range.
TYPES=(string hash list zset)
for i in "${!TYPES[@]}"; do
  type="${TYPES[$i]}"
  echo "loading $KEYS keys of type $type for metric (db $((i + 1))) and for redis-benchmark (db 0)" >&2
  java -jar "$METRIC_JAR" mode1 2 "$KKEYS" "$REDIS_PORT" --db $((i + 1)) --type "$type" $(count_option "$type") --flush \
    --no-embedded --reads 1000 --warmup-reads 0 --no-breakdown -q > /dev/null
  awk -v n="$KEYS" -v type="$type" -v e="$ELEMENTS" 'BEGIN { v = sprintf("%1100s", ""); gsub(/ /, "x", v);
    for (i = 0; i < n; i++) { k = sprintf("%skey:%012d", substr(type, 1, 1), i);
      if (type == "string") { printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$1100\r\n%s\r\n", length(k), k, v; continue }
      args = type == "list" ? 2 + e : 2 + 2 * e;
      cmd = type == "hash" ? "HSET" : (type == "list" ? "RPUSH" : "ZADD");
      printf "*%d\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", args, length(cmd), cmd, length(k), k;
      for (j = 0; j < e; j++) {
        if (type != "list") { f = (type == "hash" ? "f" j : j ""); printf "$%d\r\n%s\r\n", length(f), f }
        m = type == "zset" ? sprintf("%04d", j) substr(v, 5) : v;
        printf "$1100\r\n%s\r\n", m } } }' | redis-cli -p "$REDIS_PORT" --pipe > /dev/null
done

# commandstats calls and usec of one command, as "calls usec".
stat() {
  redis-cli -p "$REDIS_PORT" info commandstats | tr -d '\r' | sed -n "s/^cmdstat_$1:calls=\([0-9]*\),usec=\([0-9]*\),.*/\1 \2/p"
}

# run ROUND TYPE RUNNER START COMMAND...: one run, measured over 8 s from START s.
run() {
  local round="$1" type="$2" runner="$3" start="$4" command figures
  shift 4
  command="$(read_command "$type" | tr '[:upper:]' '[:lower:]')"
  figures="$(window "$start" 8 --stop -- taskset -c "$CLIENT_CPUS" "$@" &
             sleep "$((start + 1))"; stat "$command" > "$OUT/.before"; sleep 6; stat "$command" > "$OUT/.after"; wait)"
  [ -z "$(field "$figures" error)" ] || { echo "$runner $type failed: $figures" >&2; exit 1; }
  read -r c0 u0 < "$OUT/.before"
  read -r c1 u1 < "$OUT/.after"
  echo "$round,$type,$runner,$(field "$figures" ops_per_sec),$(field "$figures" cpu_us_per_op),$(awk -v c=$((c1 - c0)) -v u=$((u1 - u0)) 'BEGIN { printf "%.2f", u / c }')" >> "$RAW"
}

for r in $(seq "$REPEAT"); do
  for i in "${!TYPES[@]}"; do
    type="${TYPES[$i]}"
    run "$r" "$type" metric 10 java -jar "$METRIC_JAR" mode1 "$THREADS" "$KKEYS" "$REDIS_PORT" --db $((i + 1)) \
      --type "$type" $(count_option "$type") --skip-load --no-embedded --no-breakdown -q --client "$CLIENT" \
      --reads 1000000000 --warmup-reads 100000
    tail=()
    [ "$type" = list ] && tail=(0 -1)
    [ "$type" = zset ] && tail=(0 -1 WITHSCORES)
    run "$r" "$type" redis-benchmark 2 redis-benchmark -p "$REDIS_PORT" -c "$THREADS" -r "$KEYS" -n 1000000000 -q \
      "$(read_command "$type")" "${type:0:1}key:__rand_int__" "${tail[@]}"
  done
  echo "round $r of $REPEAT done" >&2
done
rm -f "$OUT/.before" "$OUT/.after"

PYTHONPATH="$ROOT/scripts" python3 - "$RAW" "$REPEAT" "$KEYS" "$ELEMENTS" "$THREADS" "$CLIENT" "$SERVER_CPU" "$CLIENT_CPUS" \
  "$(redis-server --version | cut -d' ' -f3)" > "$OUT/table.md" <<'PY'
import sys
from tables import pick as pick_in, read, ratio as ratio_of, show
raw, repeat, keys, elements, threads, client, server_cpu, client_cpus, version = sys.argv[1:]
rows = read(raw)

def pick(**match):
    return pick_in(rows, **match)

def ratio(a, b):
    return ratio_of(a, b, "reads_per_sec")

print("# mode1 reads of each value type against redis-benchmark sending the same reads\n")
print("redis-server %s pinned to CPU %s; every client pinned to CPU(s) %s; %s keys; structures of %s elements; "
      "%s threads (metric, %s) and %s connections (redis-benchmark); median (range) of %s interleaved rounds. "
      "Every figure is counted from outside over a steady window of 8 s in the middle of each run: reads per "
      "second by the server (INFO commandstats), client CPU per read from /proc, the server's microseconds per "
      "read from commandstats. (a) metric mode1 --type T --skip-load, every element checked; (b) redis-benchmark "
      "on its own keys of the same shape (elements of 1100 bytes, the mean of metric's 200-2000).\n"
      % (version, server_cpu, client_cpus, keys, elements, threads, client, threads, repeat))
print("| type | (a) metric reads/s | (b) redis-benchmark reads/s | (a)/(b) | client CPU us/read (a) | (b) "
      "| server us/read (a) | (b) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for t in ["string", "hash", "list", "zset"]:
    a = pick(type=t, runner="metric")
    b = pick(type=t, runner="redis-benchmark")
    print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (t, show(a, "reads_per_sec"), show(b, "reads_per_sec"),
          ratio(a, b), show(a, "client_cpu_us_per_read"), show(b, "client_cpu_us_per_read"),
          show(a, "server_us_per_read"), show(b, "server_us_per_read")))
PY
cat "$OUT/table.md"
