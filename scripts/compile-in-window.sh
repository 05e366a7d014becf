#!/usr/bin/env bash
# What the JIT compiles inside mode2's measured window, method by method: the compile time a result's
# `jit, gc` line reports, taken apart. Lettuce, one connection, 8 requests in flight, GET only, keys with
# a TTL, at RATE for `--duration DURATION` after the default warm-up, in the measuring JVM's options (read
# from a default run's JSON, then given to `java` by hand, because a JVM started with options runs the
# command itself) with a flight recording of every compilation (jdk.Compilation, no threshold). The
# window is found in the recording: it opens CATCH_UP (0.5 s) after the collection at the switch
# (`System.gc()`) ends, give or take the few milliseconds the server's counters take to read, and lasts
# DURATION. redis-server ours, pinned to the last core; the client to the others. Medians and ranges of
# REPEAT rounds, by class and by method.
#
# Writes results/compile-in-window/raw.csv (a row per compilation in a window) and table.md.
# Usage: scripts/compile-in-window.sh   environment: REPEAT (3), KKEYS (100), RATE (40000), DURATION (30)
set -euo pipefail
source "$(dirname "$0")/common.sh"
REPEAT="${REPEAT:-3}"
KKEYS="${KKEYS:-100}"
RATE="${RATE:-40000}"
DURATION="${DURATION:-30}"
OUT="$ROOT/results/compile-in-window"

build_jars
start_redis
WORK="$(mktemp -d)"
trap 'kill "$REDIS_PID" 2>/dev/null; wait "$REDIS_PID" 2>/dev/null; rm -rf "$REDIS_DIR" "$WORK"' EXIT
load_mode2_keys "$KKEYS" 3600
run_mode2() {
  taskset -c "$CLIENT_CPUS" java "$@" -jar "$METRIC_JAR" mode2 1 "$KKEYS" "$REDIS_PORT" --no-embedded --db 1 \
    --skip-load --ttl 3600 --write-ratio 0 --client lettuce --inflight 8 --rate "$RATE" --duration "$DURATION" \
    --no-breakdown -q --json "$WORK/run.json" > /dev/null || true
}

# The measuring JVM's options, as a default run (forked) names them in its result.
run_mode2
mapfile -t OPTIONS < <(python3 -c 'import json,sys
print("\n".join(json.load(open(sys.argv[1]))["environment"]["jvmOptions"]))' "$WORK/run.json")
[ "${#OPTIONS[@]}" -gt 0 ] || { echo "the default run named no JVM options: did it fork?" >&2; exit 1; }

# Every compilation recorded, whatever its length; deoptimizations too, for the reading.
JFC="$WORK/compilations.jfc"
python3 - "$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")/lib/jfr/default.jfc" "$JFC" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = re.sub(r'(<event name="jdk.Compilation">.*?<setting name="threshold"[^>]*>)[^<]*', r'\g<1>0 ms', text, flags=re.S)
open(sys.argv[2], "w").write(text)
PY

mkdir -p "$OUT"
RAW="$OUT/raw.csv"
echo "round,reported_jit_ms,level,osr,ms,method" > "$RAW"
for r in $(seq "$REPEAT"); do
  rm -f "$WORK/run.jfr"
  run_mode2 "${OPTIONS[@]}" "-XX:StartFlightRecording=filename=$WORK/run.jfr,settings=$JFC"
  jfr print --json --events jdk.Compilation,jdk.GarbageCollection "$WORK/run.jfr" > "$WORK/events.json"
  python3 - "$WORK/events.json" "$WORK/run.json" "$r" "$DURATION" >> "$RAW" <<'PY'
import csv, json, re, sys
from datetime import datetime
events, run, round_, duration = json.load(open(sys.argv[1]))["recording"]["events"], sys.argv[2], sys.argv[3], float(sys.argv[4])
def at(text):
    return datetime.fromisoformat(re.sub(r"(\.\d{6})\d*", r"\1", text.replace("Z", "+00:00"))).timestamp()
def seconds(text):  # ISO-8601 durations as JFR prints them: PT0.012S, PT1M2.5S
    m = re.fullmatch(r"PT(?:(\d+)M)?(?:([\d.]+)S)?", text)
    return (int(m.group(1) or 0) * 60 + float(m.group(2) or 0)) if m else 0.0
switch = [e for e in events if e["type"] == "jdk.GarbageCollection" and e["values"]["cause"] == "System.gc()"]
if len(switch) != 1:
    sys.exit("expected one collection at the switch, found %d" % len(switch))
opens = at(switch[0]["values"]["startTime"]) + seconds(switch[0]["values"]["duration"]) + 0.5
reported = json.load(open(run))["measured"]["jvm"]["compileMillis"]
out = csv.writer(sys.stdout)
for e in events:
    v = e["values"]
    if e["type"] != "jdk.Compilation" or not opens <= at(v["startTime"]) < opens + duration:
        continue
    method = v["method"]
    name = "%s.%s" % (method["type"]["name"].replace("/", "."), method["name"])
    out.writerow((round_, reported, v["compileLevel"], v["isOsr"], round(seconds(v["duration"]) * 1000, 3), name))
PY
  echo "round $r of $REPEAT done" >&2
done

python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$RATE" "$DURATION" "${OPTIONS[*]}" > "$OUT/table.md" <<'PY'
import csv, statistics, sys
from collections import defaultdict
raw, repeat, server_cpu, client_cpus, rate, duration, options = sys.argv[1:]
rows = list(csv.DictReader(open(raw)))
rounds = sorted({r["round"] for r in rows} | set(str(i) for i in range(1, int(repeat) + 1)))
def owner(method):  # the class, or the class a nested class is in
    return method.rsplit(".", 1)[0].split("$")[0]
def summary(key, count):
    per = defaultdict(lambda: defaultdict(float))
    for r in rows:
        per[key(r)][r["round"]] += 1 if count else float(r["ms"])
    return {k: [v.get(x, 0.0) for x in rounds] for k, v in per.items()}
def show(values, digits=1):
    return "%.*f (%.*f-%.*f)" % (digits, statistics.median(values), digits, min(values), digits, max(values))
total = summary(lambda r: "all", False).get("all", [0.0] * len(rounds))
count = summary(lambda r: "all", True).get("all", [0.0] * len(rounds))
reported = {r["round"]: float(r["reported_jit_ms"]) for r in rows}
print("# What the JIT compiles inside mode2's measured window\n")
print("mode2, Lettuce, one connection, 8 in flight, GET only, at %s/s for %s s after the default warm-up, in the "
      "measuring JVM's options (%s) with a flight recording of every compilation; redis-server pinned to CPU %s, the "
      "client to CPU(s) %s; median (range) of %s rounds. Compile time is the compiler thread's wall time, as the "
      "result's `jit, gc` line counts it.\n" % (rate, duration, options, server_cpu, client_cpus, repeat))
print("| | compilations | ms |\n|---|---:|---:|")
print("| in the window, by the recording | %s | %s |" % (show(count, 0), show(total)))
print("| in the window, by the result (`measured.jvm.compileMillis`) | | %s |"
      % show([reported.get(x, 0.0) for x in rounds]))
print("\n## By class, nested classes with their own (those of 5 ms or more in the median)\n")
print("| class | compilations | ms |\n|---|---:|---:|")
classes = summary(lambda r: owner(r["method"]), False)
counts = summary(lambda r: owner(r["method"]), True)
for name, values in sorted(classes.items(), key=lambda kv: -statistics.median(kv[1])):
    if statistics.median(values) >= 5:
        print("| %s | %s | %s |" % (name, show(counts[name], 0), show(values)))
print("\n## The longest compilations (each round's 15 longest)\n")
print("| round | ms | level | OSR | method |\n|---:|---:|---:|---|---|")
for x in rounds:
    mine = sorted((r for r in rows if r["round"] == x), key=lambda r: -float(r["ms"]))[:15]
    for r in mine:
        print("| %s | %.1f | %s | %s | `%s` |" % (x, float(r["ms"]), r["level"], "yes" if r["osr"] == "True" else "",
                                                 r["method"]))
PY
cat "$OUT/table.md"
