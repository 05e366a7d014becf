#!/usr/bin/env python3
"""redis-benchmarks-specification's suites run by memtier_benchmark and by metric memtier, in turns.

For each suite and round, each tool in turn (which goes first alternates with the round): the server
(PORT, pinned to its core by the caller) emptied with FLUSHALL, the suite's configuration-parameters
set, its preload run by memtier_benchmark itself (so that both tools measure the same data), its
init_commands and init_lua sent, its keyspacelen checked; then the suite's measured command line, its
--test-time replaced by TEST_TIME, run by the tool on the client cores under steady_window.py, which
counts the requests per second the server executed (INFO commandstats) and the client's CPU per
request (/proc) over a steady window: memtier's from WINDOW_START s, metric's from METRIC_WINDOW_START s
(metric warms up first, at the same pace), both LENGTH s long.

A suite that cannot be compared is listed with why: a dataset to download, several tools at once,
another tool, a measured run bounded by requests (-n: no steady window to count), a setup the server
refuses, a tool that fails.

Writes OUT/raw.csv (a row per suite, round and tool) and prints nothing else but progress on stderr.
Usage: suites_vs_memtier.py --memtier BIN --metric-jar JAR --port P --client-cpus CPUS --rounds N
                            --test-time S --out DIR SUITE.yml...
"""
import argparse
import csv
import os
import shlex
import socket
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))


def resp(port, *words):
    """Sends one command over a fresh connection and returns its reply: str, int, list, or raises on an error."""
    with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        parts = [b"*%d\r\n" % len(words)]
        for word in words:
            data = word if isinstance(word, bytes) else str(word).encode()
            parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
        sock.sendall(b"".join(parts))
        return read_reply(sock.makefile("rb"))


def read_reply(reader):
    line = reader.readline()
    kind, rest = line[:1], line[1:-2]
    if kind == b"+":
        return rest.decode()
    if kind == b"-":
        raise RuntimeError(rest.decode())
    if kind == b":":
        return int(rest)
    if kind == b"$":
        size = int(rest)
        return None if size < 0 else reader.read(size + 2)[:-2].decode(errors="replace")
    if kind == b"*":
        size = int(rest)
        return None if size < 0 else [read_reply(reader) for _ in range(size)]
    raise RuntimeError("unexpected reply %r" % line)


def keys(port):
    total = 0
    for line in resp(port, "INFO", "keyspace").splitlines():
        if line.startswith("db") and "keys=" in line:
            total += int(line.split("keys=")[1].split(",")[0])
    return total


def why_not(suite):
    """Why a suite cannot be compared, or None."""
    db = suite.get("dbconfig") or {}
    client = suite.get("clientconfig")
    if db.get("dataset"):
        return "it starts from a dataset to download"
    if not isinstance(client, dict):
        return "it runs several client tools at once"
    if client.get("tool") != "memtier_benchmark":
        return "its client is %s" % client.get("tool")
    preload = db.get("preload_tool")
    if preload and preload.get("tool") != "memtier_benchmark":
        return "its preload tool is %s" % preload.get("tool")
    words = shlex.split(client.get("arguments") or "")
    if not any(word.startswith("--test-time") for word in words):
        return "its measured run is bounded by requests, with no steady window to count"
    return None


def set_up(suite, args):
    """Empties the server and sets it up as the suite says; returns why not, or None."""
    db = suite.get("dbconfig") or {}
    resp(args.port, "FLUSHALL")
    for name, value in (db.get("configuration-parameters") or {}).items():
        value = str(value)
        if len(value) >= 2 and value.startswith('"') and value.endswith('"'):
            value = value[1:-1]
        try:
            resp(args.port, "CONFIG", "SET", name, value)
        except RuntimeError as error:
            return "CONFIG SET %s: %s" % (name, error)
    preload = db.get("preload_tool")
    if preload:
        command = ["taskset", "-c", args.client_cpus, args.memtier] + shlex.split(preload.get("arguments") or "") \
            + ["-s", "127.0.0.1", "-p", str(args.port)]
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            return "memtier's preload failed: %s" % done.stderr.strip().splitlines()[-1:]
    commands = db.get("init_commands") or []
    for command in [commands] if isinstance(commands, str) else commands:
        words = command if isinstance(command, list) else (shlex.split(command) if '"' in command
                                                           else command.split())
        try:
            resp(args.port, *words)
        except RuntimeError as error:
            return "init command %s: %s" % (words[0], error)
    scripts = db.get("init_lua") or []
    for script in [scripts] if isinstance(scripts, str) else scripts:
        try:
            resp(args.port, "EVAL", script, "0")
        except RuntimeError as error:
            return "init Lua: %s" % error
    expected = (db.get("check") or {}).get("keyspacelen")
    if expected is not None and keys(args.port) != expected:
        return "keyspacelen: expected %d, found %d" % (expected, keys(args.port))
    return None


def measure(suite, tool, args):
    """The measured run of the suite by TOOL under steady_window.py: its key=value figures as a dict."""
    words = shlex.split(suite["clientconfig"]["arguments"]) + ["-s", "127.0.0.1", "-p", str(args.port),
                                                             "--test-time", str(args.test_time)]
    if tool == "memtier":
        command, start = [args.memtier] + words, args.window_start
    else:
        command, start = ["java", "-jar", args.metric_jar, "memtier"] + words, args.metric_window_start
    line = subprocess.run(["python3", os.path.join(HERE, "steady_window.py"), "--port", str(args.port),
                           "--start", str(start), "--length", str(args.length), "--",
                           "taskset", "-c", args.client_cpus] + command,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.strip()
    return dict(pair.split("=", 1) for pair in line.split() if "=" in pair)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--memtier", required=True)
    parser.add_argument("--metric-jar", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--client-cpus", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--test-time", type=int, default=12)
    parser.add_argument("--window-start", type=int, default=2)
    parser.add_argument("--metric-window-start", type=int, default=6)
    parser.add_argument("--length", type=int, default=8)
    parser.add_argument("--out", required=True)
    parser.add_argument("suites", nargs="+")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "raw.csv"), "w", newline="") as raw:
        rows = csv.writer(raw)
        rows.writerow(["suite", "group", "round", "tool", "ops_per_sec", "cpu_us_per_op", "server_us_per_op", "why"])
        for path in args.suites:
            with open(path) as file:
                suite = yaml.safe_load(file)
            name = suite["name"]
            group = ",".join(suite.get("tested-groups") or [])
            reason = why_not(suite)
            if reason:
                rows.writerow([name, group, "", "", "", "", "", reason])
                print("%s: not compared: %s" % (name, reason), file=sys.stderr)
                continue
            for round_number in range(1, args.rounds + 1):
                tools = ["memtier", "metric"] if round_number % 2 else ["metric", "memtier"]
                for tool in tools:
                    reason = set_up(suite, args)
                    figures = {} if reason else measure(suite, tool, args)
                    if not reason and (figures.get("error") or not figures.get("ops_per_sec")):
                        reason = "%s's run: %s" % (tool, figures.get("error") or "no figures")
                    rows.writerow([name, group, round_number, tool, figures.get("ops_per_sec", ""),
                                   figures.get("cpu_us_per_op", ""), figures.get("server_us_per_op", ""),
                                   reason or ""])
                    raw.flush()
                    print("%s round %d %s: %s" % (name, round_number, tool, reason or figures.get("ops_per_sec")),
                          file=sys.stderr)


if __name__ == "__main__":
    main()
