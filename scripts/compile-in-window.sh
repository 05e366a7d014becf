#!/usr/bin/env bash
# What the JIT compiles inside mode2's measured window, method by method: the compile time a result's
# `jit, gc` line reports, taken apart. Lettuce, one connection, 8 requests in flight, GET only, keys with
# a TTL, at RATE for `--duration DURATION` after the default warm-up, in the measuring JVM's options (read
# from a default run's JSON, then given to `java` by hand, because a JVM started with options runs the
# command itself) with a flight recording of every compilation (jdk.Compilation, no threshold). The
# window is found in the recording: it opens CATCH_UP (0.5 s) after the collection at the switch
# (`System.gc()`) ends, give or take the few milliseconds the server's counters take to read, and lasts
# DURATION. redis-server ours, pinned to the last core; the client to the others. Given a REVISION,
# metric built at it and this checkout run in turns in each round. Medians and ranges of REPEAT rounds:
# by what the code is for, by class, and the longest compilations.
#
# Writes results/compile-in-window/raw.csv (a row per compilation in a window) and table.md.
# Usage: scripts/compile-in-window.sh [REVISION]   environment: REPEAT (3), KKEYS (100), RATE (40000), DURATION (30)
set -euo pipefail
source "$(dirname "$0")/common.sh"
REPEAT="${REPEAT:-3}"
KKEYS="${KKEYS:-100}"
RATE="${RATE:-40000}"
DURATION="${DURATION:-30}"
OUT="$ROOT/results/compile-in-window"

WORK="$(mktemp -d)"
if [ $# -ge 1 ]; then
  before_and_after "$1"
  trap 'kill "$REDIS_PID" 2>/dev/null; wait "$REDIS_PID" 2>/dev/null; rm -rf "$REDIS_DIR" "$BEFORE_DIR" "$WORK"' EXIT
  BUILDS=("$1" "$AFTER")
  JARS=("$BEFORE_JAR" "$METRIC_JAR")
else
  build_jars
  start_redis
  trap 'kill "$REDIS_PID" 2>/dev/null; wait "$REDIS_PID" 2>/dev/null; rm -rf "$REDIS_DIR" "$WORK"' EXIT
  BUILDS=("$(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- metric-core metric-cli \
    || echo +changes)")
  JARS=("$METRIC_JAR")
fi
load_mode2_keys "$KKEYS" 3600
# Usage: run_mode2 JAR [JVM OPTION ...]
run_mode2() {
  local jar="$1"
  shift
  taskset -c "$CLIENT_CPUS" java "$@" -jar "$jar" mode2 1 "$KKEYS" "$REDIS_PORT" --no-embedded --db 1 \
    --skip-load --ttl 3600 --write-ratio 0 --client lettuce --inflight 8 --rate "$RATE" --duration "$DURATION" \
    --no-breakdown -q --json "$WORK/run.json" > /dev/null || true
}

# The measuring JVM's options, as a default run (forked) names them in its result.
run_mode2 "$METRIC_JAR"
mapfile -t OPTIONS < <(python3 -c 'import json,sys
print("\n".join(json.load(open(sys.argv[1]))["environment"]["jvmOptions"]))' "$WORK/run.json")
[ "${#OPTIONS[@]}" -gt 0 ] || { echo "the default run named no JVM options: did it fork?" >&2; exit 1; }

# Every compilation recorded, however short.
JFC="$WORK/compilations.jfc"
python3 - "$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")/lib/jfr/default.jfc" "$JFC" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = re.sub(r'(<event name="jdk.Compilation">.*?<setting name="threshold"[^>]*>)[^<]*', r'\g<1>0 ms', text, flags=re.S)
open(sys.argv[2], "w").write(text)
PY

mkdir -p "$OUT"
RAW="$OUT/raw.csv"
echo "round,build,reported_jit_ms,level,osr,ms,method" > "$RAW"
for r in $(seq "$REPEAT"); do
  for b in "${!BUILDS[@]}"; do
    rm -f "$WORK/run.jfr"
    run_mode2 "${JARS[$b]}" "${OPTIONS[@]}" "-XX:StartFlightRecording=filename=$WORK/run.jfr,settings=$JFC"
    jfr print --json --events jdk.Compilation,jdk.GarbageCollection "$WORK/run.jfr" > "$WORK/events.json"
    python3 - "$WORK/events.json" "$WORK/run.json" "$r" "${BUILDS[$b]}" "$DURATION" >> "$RAW" <<'PY'
import csv, json, re, sys
from datetime import datetime
events = json.load(open(sys.argv[1]))["recording"]["events"]
run, round_, build, duration = sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5])
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
    out.writerow((round_, build, reported, v["compileLevel"], v["isOsr"], round(seconds(v["duration"]) * 1000, 3), name))
PY
  done
  echo "round $r of $REPEAT done" >&2
done

python3 - "$RAW" "$REPEAT" "$SERVER_CPU" "$CLIENT_CPUS" "$RATE" "$DURATION" "${OPTIONS[*]}" "${BUILDS[@]}" \
  > "$OUT/table.md" <<'PY'
import csv, statistics, sys
from collections import defaultdict
raw, repeat, server_cpu, client_cpus, rate, duration, options = sys.argv[1:8]
builds = sys.argv[8:]
rows = list(csv.DictReader(open(raw)))
rounds = [str(i) for i in range(1, int(repeat) + 1)]

# What the code is for, by where the method is; the first that matches.
PURPOSES = (
    ("the recording's own (`jdk.jfr`, ASM)", ("jdk.jfr.", "jdk.internal.org.objectweb.")),
    ("number formatting (`java.util.Formatter`, `java.text`, regex, locales, string building)",
     ("java.util.Formatter", "java.text.", "java.util.regex.", "sun.util.locale.", "jdk.internal.math.",
      "java.lang.AbstractStringBuilder.", "java.lang.StringBuilder.", "java.lang.StringUTF16", "java.lang.StringLatin1")),
    ("HdrHistogram recording", ("org.HdrHistogram.AbstractHistogram.record", "org.HdrHistogram.SingleWriterRecorder",
                                "org.HdrHistogram.Recorder", "org.HdrHistogram.ConcurrentHistogram")),
    ("HdrHistogram reading (percentiles, iterators, add, reset)", ("org.HdrHistogram.",)),
    ("the hot path (metric's engine and clients, Lettuce, netty's buffers and channels, VarHandles)",
     ("dev.metric.engine.", "dev.metric.client.", "io.lettuce.", "io.netty.buffer.", "io.netty.channel.",
      "java.lang.invoke.")),
    ("the outage watch (`ServerWatch`)", ("dev.metric.run.ServerWatch",)),
    ("netty's timer and utilities", ("io.netty.util.",)),
)
def purpose(method):
    return next((name for name, prefixes in PURPOSES if method.startswith(prefixes)), "the rest")
def owner(method):  # the class, or the class a nested class is in
    return method.rsplit(".", 1)[0].split("$")[0]
def sums(build, key, count=False):
    per = defaultdict(lambda: defaultdict(float))
    for r in rows:
        if r["build"] == build:
            per[key(r)][r["round"]] += 1 if count else float(r["ms"])
    return {k: [v.get(x, 0.0) for x in rounds] for k, v in per.items()}
def median(values):
    return statistics.median(values) if values else 0.0
def show(values, digits=1):
    return "%.*f (%.*f-%.*f)" % (digits, median(values), digits, min(values), digits, max(values))
def reported(build):
    seen = {r["round"]: float(r["reported_jit_ms"]) for r in rows if r["build"] == build}
    return [seen.get(x, 0.0) for x in rounds]

print("# What the JIT compiles inside mode2's measured window\n")
print("mode2, Lettuce, one connection, 8 in flight, GET only, at %s/s for %s s after the default warm-up, in the "
      "measuring JVM's options (%s) with a flight recording of every compilation; redis-server pinned to CPU %s, the "
      "client to CPU(s) %s; %s; median (range) of %s rounds. Compile time is the compiler thread's wall time, as the "
      "result's `jit, gc` line counts it.\n" % (rate, duration, options, server_cpu, client_cpus,
      "builds %s in turns in each round" % " and ".join(builds) if len(builds) > 1 else "build " + builds[0], repeat))
print("| build | compilations in the window | their ms, by the recording | ms by the result "
      "(`measured.jvm.compileMillis`) |\n|---|---:|---:|---:|")
for build in builds:
    print("| %s | %s | %s | %s |" % (build, show(sums(build, lambda r: 0, True).get(0, [0.0] * len(rounds)), 0),
                                     show(sums(build, lambda r: 0).get(0, [0.0] * len(rounds))), show(reported(build))))
print("\n## By what the code is for, ms in the window\n")
print("| what compiles | %s |\n|---|%s" % (" | ".join(builds), "---:|" * len(builds)))
by_purpose = {build: sums(build, lambda r: purpose(r["method"])) for build in builds}
for name in [p[0] for p in PURPOSES] + ["the rest"]:
    print("| %s | %s |" % (name, " | ".join(show(by_purpose[b].get(name, [0.0] * len(rounds))) for b in builds)))
last = builds[-1]
print("\n## By class, nested classes with their own (%s; those of 5 ms or more in the median)\n" % last)
print("| class | compilations | ms |\n|---|---:|---:|")
classes, counts = sums(last, lambda r: owner(r["method"])), sums(last, lambda r: owner(r["method"]), True)
for name, values in sorted(classes.items(), key=lambda kv: -median(kv[1])):
    if median(values) >= 5:
        print("| %s | %s | %s |" % (name, show(counts[name], 0), show(values)))
print("\n## The longest compilations (%s; each round's 15 longest)\n" % last)
print("| round | ms | level | OSR | method |\n|---:|---:|---:|---|---|")
for x in rounds:
    mine = sorted((r for r in rows if r["round"] == x and r["build"] == last), key=lambda r: -float(r["ms"]))[:15]
    for r in mine:
        print("| %s | %.1f | %s | %s | `%s` |" % (x, float(r["ms"]), r["level"], "yes" if r["osr"] == "True" else "",
                                                 r["method"]))
PY
cat "$OUT/table.md"
