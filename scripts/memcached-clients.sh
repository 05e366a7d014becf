#!/usr/bin/env bash
# The evidence behind metric's memcached client: folsom, xmemcached and spymemcached, each with one
# connection to one real memcached (-t 1) the benchmark starts, measured by the JMH suite's
# MemcachedClientBenchmark with JMH's allocation profiler: a blocking GET and SET of a 110 B key and
# a 1100 B value, and a window of 16 GETs in flight per thread (metric's --inflight 16), at 1 and 4
# threads, 3 forks of 3 x 1 s each. The server and the network are the same for the three, so their
# differences are the libraries'.
#
# Writes results/memcached-clients/t1.json, t4.json (JMH's, without their raw samples) and table.md.
# Usage: scripts/memcached-clients.sh
set -euo pipefail
source "$(dirname "$0")/common.sh"
OUT="$ROOT/results/memcached-clients"
command -v memcached >/dev/null || { echo "memcached not found (apt-get install memcached)" >&2; exit 3; }
build_jars
mkdir -p "$OUT"
RUN="$(mktemp -d)"
trap 'rm -rf "$RUN"' EXIT
for threads in 1 4; do
  java -jar "$BENCH_JAR" 'MemcachedClientBenchmark' -t "$threads" -f 3 -wi 2 -w 1 -i 3 -r 1 -prof gc \
    -rf json -rff "$RUN/t$threads.json" > /dev/null
done
python3 "$ROOT/scripts/jmh_trim.py" "$OUT" "$RUN"/t1.json "$RUN"/t4.json

python3 - "$OUT" "$(git -C "$ROOT" rev-parse --short HEAD)" "$(memcached -V)" > "$OUT/table.md" <<'PY'
import json
import sys
out, revision, memcached = sys.argv[1:]
rows = {}
for threads in (1, 4):
    for b in json.load(open("%s/t%d.json" % (out, threads))):
        method = b["benchmark"].rsplit(".", 1)[1]
        p = b["primaryMetric"]
        alloc = b["secondaryMetrics"]["gc.alloc.rate.norm"]["score"]
        rows[(b["params"]["library"], method, threads)] = (p["scorePercentiles"]["50.0"], p["score"], p["scoreError"],
                                                           alloc)
print("# memcached clients: what each costs per request\n")
print("metric %s; JMH MemcachedClientBenchmark, 3 forks of 3 x 1 s after 2 x 1 s of warm-up, against %s (-t 1) "
      "started by the benchmark, one connection per library; key 110 B, value 1100 B. Median and mean (99.9%% "
      "error) microseconds per request; allocation per request from JMH's gc profiler. \"16 in flight\" keeps 16 "
      "GETs outstanding per thread and divides the window's time by 16 (xmemcached has no call that returns "
      "before its reply, so its 16 go one after another).\n" % (revision, memcached))
print("| library | operation | threads | p50 (us) | mean (us) | allocated per request (B) |")
print("|---|---|---:|---:|---:|---:|")
names = {"get": "GET", "getInFlight": "GET, 16 in flight", "set": "SET"}
for library in ("folsom", "xmemcached", "spymemcached"):
    for method in ("get", "getInFlight", "set"):
        for threads in (1, 4):
            p50, mean, error, alloc = rows[(library, method, threads)]
            print("| %s | %s | %d | %.1f | %.1f ± %.1f | %.0f |" % (library, names[method], threads, p50, mean, error,
                                                                  alloc))
PY
cat "$OUT/table.md"
