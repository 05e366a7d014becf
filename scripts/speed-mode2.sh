#!/usr/bin/env bash
# Is mode2's engine lean, does its open loop keep its schedule, and does its capacity search find the
# server? Everything that can be counted from outside is: throughput by the server's INFO commandstats
# over a steady window in the middle of each run, client CPU and context switches per operation from
# /proc (scripts/steady_window.py). redis-server is ours, pinned to the last core; every client is
# pinned to the other cores. Cells run in REPEAT interleaved rounds; the tables give medians and ranges.
#
#   A. Read-only, 50 requests in flight: mode2 and mode1 with lettuce on 1 thread (--inflight 50)
#      against redis-benchmark -t get -c 50 -d 1100 on its own keys of 1100 bytes.
#   B. Pacing: jedis and lettuce, 1 and 4 threads of one request at a time: the closed-loop maximum,
#      then --rate at 25% and 50% of it (of this round's maximum): send lateness p50 and p99 (metric's
#      own figure, as only the client knows when it meant to send) and client CPU per operation
#      against the closed loop's. Beside jedis, the same rates from BarePacedLoop, a minimal Jedis
#      client paced the same way: the schedule this machine lets any Java client keep.
#   C. --find-max --slo p99=1ms, jedis, 4 threads: the answer against the same round's closed-loop
#      maximum of jedis with 4 threads, and the limit the search named.
#   D. --find-max --slo p99=1ms, lettuce on one event loop thread from one connection (the search adds
#      connections when the client is late): the answer against the same round's closed-loop maximum
#      on 1 connection and on 8, the most the search may reach.
#
# Writes results/mode2-speed/raw.csv (every run) and table.md (the summary). PARTS runs some parts only:
# their rows in raw.csv are replaced, the other parts' rows kept, and the table is made from them all.
# Usage: scripts/speed-mode2.sh        environment: REPEAT (5), KKEYS (100), PARTS ("A B C D")
set -euo pipefail
source "$(dirname "$0")/common.sh"
REPEAT="${REPEAT:-5}"
KKEYS="${KKEYS:-100}"
PARTS="${PARTS:-A B C D}"
KEYS=$((KKEYS * 1024))
OUT="$ROOT/results/mode2-speed"
command -v redis-benchmark >/dev/null || { echo "redis-benchmark not found (apt-get install redis-tools)" >&2; exit 3; }

build_jars
start_redis
mkdir -p "$OUT"
WORK="$(mktemp -d)"
RAW="$OUT/raw.csv"
HEADER="section,round,client,threads,cell,ops_per_sec,cpu_us_per_op,cs_per_op,late_p50_us,late_p99_us,note"
part() { [[ " $PARTS " == *" $1 "* ]]; }
kept=""
[ -f "$RAW" ] && kept="$(awk -F, -v parts=" $PARTS " 'NR > 1 && index(parts, " " $1 " ") == 0' "$RAW")"
{ echo "$HEADER"; [ -z "$kept" ] || echo "$kept"; } > "$RAW"

pinned() { taskset -c "$CLIENT_CPUS" "$@"; }
metric() { pinned java -jar "$METRIC_JAR" "$@"; }

# The value at a JSON pointer of a metric result.
json_at() {
  python3 -c 'import json, sys
node = json.load(open(sys.argv[1]))
for part in sys.argv[2].strip("/").split("/"):
    node = node[int(part)] if isinstance(node, list) else node[part]
print(node)' "$1" "$2"
}

# record SECTION ROUND CLIENT THREADS CELL FIGURES [LATE_P50 LATE_P99 NOTE]
record() {
  local figures="$6"
  [ -z "$(field "$figures" error)" ] || { echo "$5 failed: $figures" >&2; exit 1; }
  echo "$1,$2,$3,$4,$5,$(field "$figures" ops_per_sec),$(field "$figures" cpu_us_per_op),$(field "$figures" cs_per_op),${7:-},${8:-},${9:-}" >> "$RAW"
}

echo "loading $KEYS redis-benchmark keys (db 0), mode2's keys (db 1) and mode1's (db 2) into 127.0.0.1:$REDIS_PORT" >&2
load_benchmark_keys "$KEYS"
java -jar "$METRIC_JAR" mode2 2 "$KKEYS" "$REDIS_PORT" --no-embedded --db 1 --flush --ttl 3600 --duration 1 --warmup-time 0 \
  --no-breakdown -q > /dev/null
java -jar "$METRIC_JAR" mode1 2 "$KKEYS" "$REDIS_PORT" --no-embedded --db 2 --flush --reads 1000 --warmup-reads 0 \
  --no-breakdown -q > /dev/null

MODE2=(--no-embedded --db 1 --skip-load --ttl 3600 --no-breakdown -q)

for r in $(seq "$REPEAT"); do
  # A. Read-only with 50 requests in flight. Java clients are measured from 10 s on: earlier, the JIT
  # compiler can still be compiling on the client core.
  if part A; then
    record A "$r" lettuce 1 mode2 "$(window 9 8 -- taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode2 1 "$KKEYS" \
      "$REDIS_PORT" "${MODE2[@]}" --client lettuce --inflight 50 --write-ratio 0 --duration 15 --warmup-time 4)"
    record A "$r" lettuce 1 mode1 "$(window 10 8 --stop -- taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode1 1 \
      "$KKEYS" "$REDIS_PORT" --no-embedded --db 2 --skip-load --no-breakdown -q --client lettuce --inflight 50 \
      --reads 1000000000 --warmup-reads 200000)"
    record A "$r" - 50 redis-benchmark "$(window 2 8 --stop -- taskset -c "$CLIENT_CPUS" redis-benchmark \
      -p "$REDIS_PORT" -t get -c 50 -d 1100 -r "$KEYS" -n 1000000000 -q)"
  fi

  # B. Pacing: each client and thread count closed loop, then at 25% and 50% of that maximum.
  for c in jedis lettuce; do
    part B || break
    for t in 1 4; do
      closed="$(window 8 8 -- taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode2 "$t" "$KKEYS" "$REDIS_PORT" \
        "${MODE2[@]}" --client "$c" --duration 14 --warmup-time 4 --json "$WORK/closed.json")"
      record B "$r" "$c" "$t" closed "$closed" \
        "$(json_at "$WORK/closed.json" /measured/sendLateness/p50Micros)" \
        "$(json_at "$WORK/closed.json" /measured/sendLateness/p99Micros)"
      max="$(field "$closed" ops_per_sec)"
      for share in 25 50; do
        rate=$((max * share / 100))
        paced="$(window 8 8 -- taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode2 "$t" "$KKEYS" "$REDIS_PORT" \
          "${MODE2[@]}" --client "$c" --rate "$rate" --duration 14 --warmup-time 4 --json "$WORK/paced.json")"
        record B "$r" "$c" "$t" "rate$share" "$paced" \
          "$(json_at "$WORK/paced.json" /measured/sendLateness/p50Micros)" \
          "$(json_at "$WORK/paced.json" /measured/sendLateness/p99Micros)" \
          "rate $rate; unsent $(json_at "$WORK/paced.json" /measured/unsentOps)"
        if [ "$c" = jedis ]; then
          bare="$(window 6 8 --output "$WORK/bare.txt" -- taskset -c "$CLIENT_CPUS" java -cp "$BARE_CP" \
            dev.metric.bare.BarePacedLoop "$t" "$KKEYS" "$rate" 10 4 "$REDIS_PORT")"
          line="$(tail -1 "$WORK/bare.txt")"
          record B "$r" bare "$t" "rate$share" "$bare" "$(field "$line" late_p50_us)" "$(field "$line" late_p99_us)" \
            "rate $rate"
        fi
      done
    done
  done

  # C. The capacity search, against this round's closed-loop maximum of jedis with 4 threads.
  if part C; then
    max="$(awk -F, -v r="$r" '$1 == "B" && $2 == r && $3 == "jedis" && $4 == 4 && $5 == "closed" {print $6}' "$RAW")"
    metric mode2 4 "$KKEYS" "$REDIS_PORT" "${MODE2[@]}" --client jedis --warmup-time 5 --find-max --slo p99=1ms \
      --rate $((max / 4)) --step-duration 5 --max-steps 16 --json "$WORK/search.json" > "$WORK/search-$r.txt" || true
    answer="$(json_at "$WORK/search.json" /highestPassingOpsPerSec)"
    limit="$(json_at "$WORK/search.json" /searchLimit)"
    threads="$(json_at "$WORK/search.json" /steps/-1/traffic/threads)"
    echo "C,$r,jedis,4,find-max,$answer,,,,,limit $limit; closed-loop max $max; ended with $threads threads" >> "$RAW"
    cp "$WORK/search-$r.txt" "$OUT/search-round-$r.txt"
  fi

  # D. The capacity search on Lettuce's event loop, against this round's closed-loop maximum on 1 and 8 connections.
  if part D; then
    max1="$(field "$(window 8 8 -- taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode2 1 "$KKEYS" "$REDIS_PORT" \
      "${MODE2[@]}" --client lettuce --duration 14 --warmup-time 4)" ops_per_sec)"
    max8="$(field "$(window 8 8 -- taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode2 1 "$KKEYS" "$REDIS_PORT" \
      "${MODE2[@]}" --client lettuce --connections 8 --duration 14 --warmup-time 4)" ops_per_sec)"
    metric mode2 1 "$KKEYS" "$REDIS_PORT" "${MODE2[@]}" --client lettuce --warmup-time 5 --find-max --slo p99=1ms \
      --rate $((max1 / 4)) --step-duration 5 --max-steps 16 --json "$WORK/search.json" \
      > "$WORK/search-lettuce-$r.txt" || true
    answer="$(json_at "$WORK/search.json" /highestPassingOpsPerSec)"
    limit="$(json_at "$WORK/search.json" /searchLimit)"
    connections="$(json_at "$WORK/search.json" /steps/-1/traffic/connections)"
    echo "D,$r,lettuce,1,find-max,$answer,,,,,limit $limit; closed-loop max $max1; eight-connection max $max8;" \
      "ended with $connections connections" >> "$RAW"
    cp "$WORK/search-lettuce-$r.txt" "$OUT/search-lettuce-round-$r.txt"
  fi
  echo "round $r of $REPEAT done" >&2
done

python3 - "$RAW" "$REPEAT" "$KEYS" "$SERVER_CPU" "$CLIENT_CPUS" "$(redis-server --version | cut -d' ' -f3)" \
  > "$OUT/table.md" <<'EOF'
import csv, statistics, sys
raw, repeat, keys, server_cpu, client_cpus, version = sys.argv[1:]
rows = list(csv.DictReader(open(raw)))

def cells(**match):
    return [r for r in rows if all(r[k] == v for k, v in match.items())]

def med(rs, col):
    values = [float(r[col]) for r in rs if r[col] not in ("", "None")]
    if not values:
        return "-", "-"
    return statistics.median(values), "%s-%s" % (fmt(min(values)), fmt(max(values)))

def fmt(v):
    return "%.0f" % v if abs(v) >= 100 else ("%.2f" % v if abs(v) >= 1 else "%.3f" % v)

def show(pair):
    m, rng = pair
    return "-" if m == "-" else "%s (%s)" % (fmt(m), rng)

print("# mode2 speed: a lean engine, a kept schedule, a search that finds the server\n")
print("redis-server %s pinned to CPU %s; every client pinned to CPU(s) %s; %s keys; median (range) of the "
      "interleaved rounds of each part's latest run (%s rounds in the latest). Throughput is the server's own "
      "count (INFO commandstats) over a steady window of 8 s in the middle of each run; CPU and context switches "
      "are the client process's, from /proc, over the same window.\n" % (version, server_cpu, client_cpus, keys,
                                                                          repeat))
print("## A. Read-only, 50 requests in flight\n")
print("| runner | ops/s | client CPU per op (us) | context switches per op | ops/s vs redis-benchmark | CPU vs redis-benchmark |")
print("|---|---:|---:|---:|---:|---:|")
rb = cells(section="A", cell="redis-benchmark")
for cell, label in (("mode2", "metric mode2 lettuce, 1 thread, --inflight 50 --write-ratio 0"),
                    ("mode1", "metric mode1 lettuce, 1 thread, --inflight 50"),
                    ("redis-benchmark", "redis-benchmark -t get -c 50 -d 1100")):
    rs = cells(section="A", cell=cell)
    ratios = [float(a["ops_per_sec"]) / float(b["ops_per_sec"]) for a in rs for b in rb if a["round"] == b["round"]]
    cpu_ratios = [float(a["cpu_us_per_op"]) / float(b["cpu_us_per_op"]) for a in rs for b in rb if a["round"] == b["round"]]
    print("| %s | %s | %s | %s | %s | %s |" % (label, show(med(rs, "ops_per_sec")), show(med(rs, "cpu_us_per_op")),
          show(med(rs, "cs_per_op")), "%.2f (%.2f-%.2f)" % (statistics.median(ratios), min(ratios), max(ratios)),
          "%.2f (%.2f-%.2f)" % (statistics.median(cpu_ratios), min(cpu_ratios), max(cpu_ratios))))
m2 = [float(r["ops_per_sec"]) for r in cells(section="A", cell="mode2")]
m1 = [float(r["ops_per_sec"]) for r in cells(section="A", cell="mode1")]
same = [a / b for a, b in zip(m2, m1)]
print("\nmode2 / mode1 in the same round: %.2f (%.2f-%.2f)\n" % (statistics.median(same), min(same), max(same)))

print("## B. Pacing: send lateness and client CPU under a target rate\n")
print("The rate is 25% or 50% of the same round's closed-loop maximum of that client and thread count. Lateness "
      "is from each operation's intended start to when it went on the wire (in the closed loop: the wait for a "
      "connection and the write); BarePacedLoop's ends just before its GET, its connection taken. Its CPU is "
      "compared with metric's closed loop of jedis.\n")
print("| client | threads | run | ops/s | lateness p50 (us) | lateness p99 (us) | CPU per op (us) | CPU vs closed loop | context switches per op |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
for client in ("jedis", "bare", "lettuce"):
    for threads in ("1", "4"):
        closed = cells(section="B", client="jedis" if client == "bare" else client, threads=threads, cell="closed")
        for cell in ("closed", "rate25", "rate50"):
            rs = cells(section="B", client=client, threads=threads, cell=cell)
            if not rs:
                continue
            ratios = [float(a["cpu_us_per_op"]) / float(b["cpu_us_per_op"]) for a in rs for b in closed
                      if a["round"] == b["round"]]
            print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                  "BarePacedLoop (jedis)" if client == "bare" else client, threads,
                  {"closed": "closed loop", "rate25": "25% of it", "rate50": "50% of it"}[cell],
                  show(med(rs, "ops_per_sec")), show(med(rs, "late_p50_us")), show(med(rs, "late_p99_us")),
                  show(med(rs, "cpu_us_per_op")), "%.2f (%.2f-%.2f)" % (statistics.median(ratios), min(ratios),
                  max(ratios)), show(med(rs, "cs_per_op"))))

searches = cells(section="C")
if searches:
    print("\n## C. --find-max --slo p99=1ms, jedis, 4 threads\n")
    print("| round | answer (ops/s) | closed-loop maximum, same round | answer / maximum | limit named, concurrency |")
    print("|---:|---:|---:|---:|---|")
    shares = []
    for r in searches:
        note = dict(part.strip().split(" ", 1) for part in r["note"].split(";"))
        maximum = float(note["closed-loop"].split()[-1])
        share = float(r["ops_per_sec"]) / maximum
        shares.append(share)
        print("| %s | %.0f | %.0f | %.2f | %s, %s |" % (r["round"], float(r["ops_per_sec"]), maximum, share,
              note["limit"], note["ended"]))
    print("\nanswer / closed-loop maximum: median %.2f (%.2f-%.2f)" % (statistics.median(shares), min(shares),
          max(shares)))

searches = cells(section="D")
if searches:
    print("\n## D. --find-max --slo p99=1ms, lettuce, one event loop thread from one connection\n")
    print("The search starts at a quarter of the 1-connection maximum and doubles the connections on the loop, up "
          "to 8, when the client is late.\n")
    print("| round | answer (ops/s) | closed-loop maximum, 1 connection | answer / it | closed-loop maximum, "
          "8 connections | answer / it | limit named, concurrency |")
    print("|---:|---:|---:|---:|---:|---:|---|")
    ones, eights = [], []
    for r in searches:
        note = dict(part.strip().split(" ", 1) for part in r["note"].split(";"))
        one = float(note["closed-loop"].split()[-1])
        eight = float(note["eight-connection"].split()[-1])
        answer = float(r["ops_per_sec"])
        ones.append(answer / one)
        eights.append(answer / eight)
        print("| %s | %.0f | %.0f | %.2f | %.0f | %.2f | %s, %s |" % (r["round"], answer, one, answer / one, eight,
              answer / eight, note["limit"], note["ended"]))
    print("\nanswer / closed-loop maximum on 1 connection: median %.2f (%.2f-%.2f); on 8: median %.2f (%.2f-%.2f)"
          % (statistics.median(ones), min(ones), max(ones), statistics.median(eights), min(eights), max(eights)))
EOF
cat "$OUT/table.md"
rm -rf "$WORK"
