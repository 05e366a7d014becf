#!/usr/bin/env bash
# A primary lost mid-run, and what the data survived. For each topology, each client (Jedis, Lettuce)
# and each fault, mode2 --strict runs for 15 s on
#   - cluster: a local Redis Cluster of 3 masters with a replica each (cluster-node-timeout 1 s);
#   - sentinel: a primary with one replica, watched by three Sentinels (redis-server --sentinel, quorum 2,
#     down-after-milliseconds 1000), the run given the Sentinels (--sentinel, --master);
# and 5 s into the measurement a primary (of the cluster, one of its masters) is
#   - killed with SIGKILL: its replica takes over, and writes it acknowledged that had not reached the
#     replica are gone;
#   - stalled with DEBUG SLEEP 3: its replica takes over while it sleeps, and when it wakes it serves
#     until it learns it was demoted, then resyncs from the new primary, dropping what it took meanwhile.
# The run goes on through the failover. Published per case: the requests that failed, the run's outages
# (no request of any lane succeeding), the lanes' outages (each lane's first failed request to its next
# success), and what --strict's ledger found against every acknowledged write: keys lost, read stale,
# returned after their TTL.
#
#   scripts/failover.sh [ROUNDS] [OUT] [TOPOLOGIES]      defaults: 1 results/failover "cluster sentinel"
#
# Servers are pinned to the last core, the client to the others; every server is started here, on free
# ports, and stopped at the end.
set -euo pipefail
source "$(dirname "$0")/common.sh"

ROUNDS="${1:-1}"
OUT="${2:-$ROOT/results/failover}"
TOPOLOGIES="${3:-cluster sentinel}"
MASTER=failover-primary
KKEYS=4
DURATION=15
FAULT_AFTER=5
command -v redis-server >/dev/null || { echo "redis-server not found (apt-get install redis-server)" >&2; exit 3; }
[ -f "$METRIC_JAR" ] || (cd "$ROOT" && mvn -B -q -Dmaven.test.skip=true package)
mkdir -p "$OUT/runs"

WORK="$(mktemp -d)"
PIDS=()
stop_cluster() {
  for pid in "${PIDS[@]}"; do
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  PIDS=()
}
trap 'stop_cluster; rm -rf "$WORK"' EXIT

# Starts a primary with one replica and three Sentinels watching it, on free ports: sets VICTIM_PORT and
# VICTIM_PID (the primary), SENTINELS (the --sentinel options) and PIDS.
start_sentinels() {
  local dir="$WORK/$1" primary replica port ready
  mkdir -p "$dir"
  primary="$(free_port)"
  replica="$(free_port)"
  for port in "$primary" "$replica"; do
    local extra=()
    [ "$port" = "$replica" ] && extra=(--replicaof 127.0.0.1 "$primary")
    taskset -c "$SERVER_CPU" redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --dbfilename "$port.rdb" \
      --save "" --appendonly no --enable-debug-command local --logfile "$dir/redis-$port.log" --daemonize no \
      "${extra[@]}" &
    PIDS+=($!)
    for _ in $(seq 100); do [ "$(redis-cli -p "$port" ping 2>/dev/null)" = "PONG" ] && break; sleep 0.05; done
  done
  VICTIM_PORT="$primary"
  VICTIM_PID="${PIDS[0]}"
  for _ in $(seq 200); do
    redis-cli -p "$replica" info replication | grep -q 'master_link_status:up' && break
    sleep 0.05
  done
  SENTINELS=()
  for _ in 1 2 3; do
    port="$(free_port)"
    printf '%s\n' "port $port" "bind 127.0.0.1" "dir $dir" "logfile $dir/sentinel-$port.log" \
      "sentinel monitor $MASTER 127.0.0.1 $primary 2" "sentinel down-after-milliseconds $MASTER 1000" \
      "sentinel failover-timeout $MASTER 3000" > "$dir/sentinel-$port.conf"
    taskset -c "$SERVER_CPU" redis-server "$dir/sentinel-$port.conf" --sentinel &
    PIDS+=($!)
    SENTINELS+=(--sentinel "127.0.0.1:$port")
  done
  # Every Sentinel knows the replica and the other two before the run starts: any two can fail it over.
  for _ in $(seq 300); do
    ready=1
    for ((i = 1; i < ${#SENTINELS[@]}; i += 2)); do
      port="${SENTINELS[$i]##*:}"
      redis-cli -p "$port" sentinel master "$MASTER" 2>/dev/null | tr -d '\r' | paste - - \
        | grep -qxP 'num-other-sentinels\t2' || ready=0
      redis-cli -p "$port" sentinel master "$MASTER" 2>/dev/null | tr -d '\r' | paste - - \
        | grep -qxP 'num-slaves\t1' || ready=0
    done
    [ "$ready" = 1 ] && return 0
    sleep 0.1
  done
  echo "the Sentinels did not find each other and the replica; see $dir" >&2
  exit 3
}

# A free loopback port whose cluster bus port (10000 above it) is free too, and both below 65536.
free_cluster_port() {
  python3 -c '
import random, socket
for _ in range(1000):
    port = random.randrange(20000, 50000)
    try:
        for p in (port, port + 10000):
            s = socket.socket(); s.bind(("127.0.0.1", p)); s.close()
        print(port); break
    except OSError:
        pass
'
}

# Starts 6 cluster nodes on free ports and joins them as 3 masters with a replica each: sets PORTS
# (masters first, as redis-cli --cluster create pairs them) and PIDS.
start_cluster() {
  PORTS=()
  for i in 1 2 3 4 5 6; do
    local port dir
    port="$(free_cluster_port)"
    dir="$WORK/$1/$port"
    mkdir -p "$dir"
    taskset -c "$SERVER_CPU" redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --cluster-enabled yes \
      --cluster-config-file nodes.conf --cluster-node-timeout 1000 --save "" --appendonly no \
      --enable-debug-command local --logfile "$dir/redis.log" --daemonize no &
    PIDS+=($!)
    PORTS+=("$port")
  done
  for port in "${PORTS[@]}"; do
    for _ in $(seq 100); do
      [ "$(redis-cli -p "$port" ping 2>/dev/null)" = "PONG" ] && break
      sleep 0.05
    done
  done
  local nodes=()
  for port in "${PORTS[@]}"; do nodes+=("127.0.0.1:$port"); done
  echo yes | redis-cli --cluster create "${nodes[@]}" --cluster-replicas 1 > "$WORK/$1/create.log" 2>&1 || {
    echo "redis-cli --cluster create failed:" >&2; cat "$WORK/$1/create.log" >&2; exit 3; }
  for _ in $(seq 200); do
    redis-cli -p "${PORTS[0]}" cluster info 2>/dev/null | grep -q 'cluster_state:ok' && \
      [ "$(redis-cli -p "${PORTS[0]}" cluster nodes | grep -c ' slave ')" = 3 ] && return 0
    sleep 0.05
  done
  echo "the cluster did not form; see $WORK/$1/create.log" >&2
  exit 3
}

for round in $(seq "$ROUNDS"); do
  for topology in $TOPOLOGIES; do
    for client in jedis lettuce; do
      for fault in sigkill stall; do
        case="$topology-$client-$fault-$round"
        if [ "$topology" = cluster ]; then
          start_cluster "$case"
          VICTIM_PORT="${PORTS[1]}"
          VICTIM_PID="${PIDS[1]}"
          TARGET=(--cluster --host 127.0.0.1 --port "${PORTS[0]}")
        else
          start_sentinels "$case"
          TARGET=("${SENTINELS[@]}" --master "$MASTER")
        fi
        JSON="$OUT/runs/$case.json"
        LOG="$WORK/$case/progress.txt"
        set +e
        taskset -c "$CLIENT_CPUS" java -jar "$METRIC_JAR" mode2 2 "$KKEYS" "${TARGET[@]}" --client "$client" \
          --flush --yes --duration "$DURATION" --warmup-time 1 --strict --timeout 500ms --no-breakdown \
          --json "$JSON" > "$OUT/runs/$case.txt" 2> "$LOG" &
        CLIENT_PID=$!
        until grep -q '^measure: ' "$LOG" 2>/dev/null || ! kill -0 "$CLIENT_PID" 2>/dev/null; do sleep 0.05; done
        sleep "$FAULT_AFTER"
        if [ "$fault" = sigkill ]; then
          kill -9 "$VICTIM_PID"
        else
          STALL="$(redis-cli -p "$VICTIM_PORT" debug sleep 3 2>&1)"
          [ "$STALL" = OK ] || { echo "DEBUG SLEEP was refused: $STALL" >&2; exit 3; }
        fi
        wait "$CLIENT_PID"
        echo "$case: metric exited $?" >&2
        set -e
        if [ "$topology" = cluster ]; then
          redis-cli -p "${PORTS[0]}" cluster nodes > "$OUT/runs/$case-nodes.txt" 2>&1 || true
        else
          redis-cli -p "${SENTINELS[1]##*:}" sentinel get-master-addr-by-name "$MASTER" \
            > "$OUT/runs/$case-primary.txt" 2>&1 || true
        fi
        stop_cluster
      done
    done
  done
done

python3 - "$OUT" "$ROUNDS" "$TOPOLOGIES" <<'EOF'
import json, os, sys
out, rounds, topologies = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()
rows = []
for topology in topologies:
    for client in ("jedis", "lettuce"):
        for fault in ("sigkill", "stall"):
            for r in range(1, rounds + 1):
                case = f"{topology}-{client}-{fault}-{r}"
                d = json.load(open(os.path.join(out, "runs", case + ".json")))
                s = d["strict"]
                outages = d["faults"]["outages"]
                measured = d["measured"]
                lanes = measured["laneOutages"]
                lengths = lanes["lengths"]
                rows.append(f"| {topology} | {client} | {'SIGKILL' if fault == 'sigkill' else 'DEBUG SLEEP 3'} | {r} | "
                            f"{measured['durationSec']:.1f} | {d['errors']:,} | {len(outages)} | "
                            f"{sum(o['durationSec'] for o in outages):.2f} | {lengths['count']:,} | "
                            f"{lengths['p50Micros'] / 1e6:.2f} | {lengths['maxMicros'] / 1e6:.2f} | "
                            f"{lanes['unended']} | {s['judgedReads']:,} | {s['lostKeys']:,} | {s['staleKeys']:,} | "
                            f"{s['expiredKeys']:,} | {'passed' if d['passed'] else 'failed'} |")
lines = ["# A primary lost mid-run", "",
         f"`scripts/failover.sh {rounds}`: mode2 --strict (2 threads, 4 kkeys, 15 s measured, --timeout 500ms) on"
         " a local Redis Cluster of 3 masters with a replica each (cluster-node-timeout 1 s), and on a primary with"
         " one replica watched by three Sentinels (quorum 2, down-after-milliseconds 1000) that the run is given"
         " with --sentinel and --master. 5 s into the measurement a primary (of the cluster, one master) is killed"
         " with SIGKILL, or stalled with DEBUG SLEEP 3, and its replica takes over. The run goes on; --strict"
         " judges every read against the key's last acknowledged write. A run with failed requests fails (exit 1):"
         " the table is what it found.", "",
         "Run outages: stretches in which no request of any lane succeeded. Lane outages: each lane's stretches of"
         " failed requests, from the first one's intended start to the lane's next success"
         " ([docs/replicas.md](../../docs/replicas.md)); their median and longest in seconds, and how many were"
         " still on when their lane ended.", "",
         "| topology | client | fault | round | measured (s) | failed requests | run outages |"
         " no request succeeding (s) | lane outages | lane outage p50 (s) | longest (s) | on at the end |"
         " reads judged | keys lost | keys read stale | returned after TTL | verdict |",
         "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"] + rows + [
         "", "Each run's JSON, report and the topology at its end (the cluster's nodes, the primary the Sentinels"
         " name): [runs/](runs/)."]
open(os.path.join(out, "README.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
