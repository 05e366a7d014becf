#!/usr/bin/env python3
"""Measures a load generator as its users would believe it: from outside, over a steady window.

Runs COMMAND, waits --start seconds, reads the server's INFO commandstats (calls of every command;
with --protocol memcached, its stats cmd_get and cmd_set, which count each key of a multi-key get)
and the client process's CPU time and context switches from /proc, waits --length seconds, reads
them again, then waits for COMMAND to end. Prints one line of key=value figures:

  ops_per_sec     commands the server executed per second of the window (every command counted
                  by the server, whoever sent it, but for the INFO this script sends: run nothing
                  else against it)
  server_us_per_op  the server's own time executing those commands (commandstats usec), per command;
                  absent for memcached, which does not time its commands
  cpu_us_per_op   client CPU (user + system, all threads, its child processes too) per command in the window
  cs_per_op       client context switches (voluntary + involuntary, all threads) per command
  vcs_per_op, ivcs_per_op   the two kinds apart
  server_cpu_us_per_op, server_reads_per_op, server_writes_per_op
                  the server process's CPU (user + system) and its read and write system calls
                  (/proc/<pid>/io syscr, syscw) per command, when the server runs on this machine
                  (its INFO process_id, memcached's stats pid) and /proc lets this script read it;
                  absent otherwise. How
                  many requests the server finds per read is how well the client keeps it busy.
  server_lru_moves_per_op, server_lru_cpu_us_per_op
                  memcached only: items its LRU maintainer moved between the hot, warm and cold
                  queues (stats moves_to_cold + moves_to_warm + moves_within_lru), and the CPU of
                  that thread (mc-lrumaint in /proc), per command. A GET of an item found in the
                  cold queue has the maintainer move it: how much of the server's work per request
                  is this depends on which keys a client reads and what was read before.
  exit            COMMAND's exit code

The window must lie inside the client's steady phase (after its warm-up, before its end). Threads
that start or end inside the window are missed by the context-switch count; metric's and
redis-benchmark's threads live for the whole measured phase. With --stop, COMMAND is sent SIGTERM
as soon as the window closes (for a run of a fixed number of requests, longer than the window);
its exit code is then printed but not judged.

COMMAND's standard output is thrown away unless --output names a file to keep it in.

Usage: steady_window.py --port P [--host H] [--protocol redis|memcached] --start S --length L [--stop]
                        [--output FILE] -- COMMAND...
"""
import argparse
import os
import signal
import socket
import subprocess
import sys
import time


def commandstats(host, port):
    """(calls, usec) summed over every command but INFO, from INFO commandstats over a plain RESP connection."""
    with socket.create_connection((host, port), timeout=5) as sock:
        sock.sendall(b"*2\r\n$4\r\nINFO\r\n$12\r\ncommandstats\r\n")
        reader = sock.makefile("rb")
        header = reader.readline()
        if not header.startswith(b"$"):
            raise RuntimeError("unexpected INFO reply: %r" % header)
        body = reader.read(int(header[1:]) + 2).decode()
    calls = usec = 0
    for line in body.splitlines():
        if line.startswith("cmdstat_") and not line.startswith("cmdstat_info:"):
            fields = dict(part.split("=", 1) for part in line.split(":", 1)[1].split(","))
            calls += int(fields["calls"])
            usec += int(fields["usec"])
    return calls, usec


def memcached_stats(host, port):
    """memcached's stats as a dict, over its text protocol."""
    with socket.create_connection((host, port), timeout=5) as sock:
        sock.sendall(b"stats\r\n")
        reader = sock.makefile("rb")
        stats = {}
        for line in iter(reader.readline, b""):
            line = line.decode().strip()
            if line == "END":
                return stats
            _, name, value = line.split(" ", 2)
            stats[name] = value
    raise RuntimeError("memcached closed the connection before END")


def memcached_calls(host, port):
    """(calls, None): reads and writes memcached counted, with no time of its own per command."""
    stats = memcached_stats(host, port)
    return int(stats["cmd_get"]) + int(stats["cmd_set"]), None


def memcached_lru(host, port, pid):
    """(items memcached's LRU maintainer moved, that thread's CPU seconds or None)."""
    stats = memcached_stats(host, port)
    moves = sum(int(stats[name]) for name in ("moves_to_cold", "moves_to_warm", "moves_within_lru"))
    return moves, thread_cpu(pid, "mc-lrumaint")


def thread_cpu(pid, name):
    """CPU seconds (user + system) of pid's thread called name, or None when there is none to read."""
    try:
        for tid in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/comm" % (pid, tid)) as comm:
                if comm.read().strip() != name:
                    continue
            return cpu_seconds("/proc/%d/task/%s/stat" % (pid, tid))
    except (OSError, ValueError):
        pass
    return None


def cpu_seconds(stat_path):
    """User + system CPU seconds in a /proc stat file, a process's (all its threads) or one thread's."""
    with open(stat_path) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    # utime and stime are fields 14 and 15 of the stat file; after the ")" they are the 12th and 13th.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_pid(host, port):
    """The server's process id from INFO server, or None."""
    with socket.create_connection((host, port), timeout=5) as sock:
        sock.sendall(b"*2\r\n$4\r\nINFO\r\n$6\r\nserver\r\n")
        reader = sock.makefile("rb")
        header = reader.readline()
        body = reader.read(int(header[1:]) + 2).decode()
    for line in body.splitlines():
        if line.startswith("process_id:"):
            return int(line.split(":", 1)[1])
    return None


def server_figures(pid):
    """(cpu seconds, read calls, write calls) of the server process, or None when /proc does not show them."""
    if pid is None:
        return None
    try:
        with open("/proc/%d/io" % pid) as io:
            fields = dict(line.split(":", 1) for line in io if ":" in line)
        cpu = cpu_seconds("/proc/%d/stat" % pid)
    except (OSError, ValueError):
        return None
    return cpu, int(fields["syscr"]), int(fields["syscw"])


def process_tree(pid):
    """pid and every process below it: `java -jar metric.jar` measures in a child JVM of its own."""
    tree = [pid]
    for member in tree:
        try:
            for tid in os.listdir("/proc/%d/task" % member):
                with open("/proc/%d/task/%s/children" % (member, tid)) as children:
                    tree.extend(int(child) for child in children.read().split())
        except FileNotFoundError:
            pass  # it ended between listing and reading
    return tree


def process_figures(pid):
    """(cpu seconds, voluntary switches, involuntary switches) of every thread of pid and of the processes below it."""
    cpu = voluntary = involuntary = 0
    for member in process_tree(pid):
        try:
            cpu += cpu_seconds("/proc/%d/stat" % member)
            tids = os.listdir("/proc/%d/task" % member)
        except FileNotFoundError:
            continue  # it ended between listing and reading
        for tid in tids:
            try:
                with open("/proc/%d/task/%s/status" % (member, tid)) as status:
                    for line in status:
                        if line.startswith("voluntary_ctxt_switches"):
                            voluntary += int(line.split()[1])
                        elif line.startswith("nonvoluntary_ctxt_switches"):
                            involuntary += int(line.split()[1])
            except FileNotFoundError:
                pass  # the thread ended between listing and reading
    return cpu, voluntary, involuntary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--protocol", choices=("redis", "memcached"), default="redis")
    parser.add_argument("--start", type=float, required=True, help="seconds after launch the window opens")
    parser.add_argument("--length", type=float, required=True, help="seconds the window lasts")
    parser.add_argument("--stop", action="store_true", help="stop COMMAND (SIGTERM) when the window closes")
    parser.add_argument("--output", help="a file to keep COMMAND's standard output in")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")

    stdout = open(args.output, "wb") if args.output else subprocess.DEVNULL
    child = subprocess.Popen(command, stdout=stdout, stderr=subprocess.DEVNULL)
    try:
        time.sleep(args.start)
        if child.poll() is not None:
            print("error=command ended before the window opened exit=%d" % child.returncode)
            return 1
        memcached = args.protocol == "memcached"
        calls = memcached_calls if memcached else commandstats
        pid = int(memcached_stats(args.host, args.port)["pid"]) if memcached else server_pid(args.host, args.port)
        server_before = server_figures(pid)
        lru_before = memcached_lru(args.host, args.port, pid) if memcached else None
        calls_before, usec_before = calls(args.host, args.port)
        cpu_before, vcs_before, ivcs_before = process_figures(child.pid)
        opened = time.monotonic()
        time.sleep(args.length)
        if child.poll() is not None:
            print("error=command ended inside the window exit=%d" % child.returncode)
            return 1
        calls_after, usec_after = calls(args.host, args.port)
        server_after = server_figures(pid)
        lru_after = memcached_lru(args.host, args.port, pid) if memcached else None
        cpu_after, vcs_after, ivcs_after = process_figures(child.pid)
        seconds = time.monotonic() - opened
        if args.stop:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=20)
            except subprocess.TimeoutExpired:
                child.kill()
        exit_code = child.wait()
    finally:
        if child.poll() is None:
            child.kill()
    # INFO is left out of the counts, so the script's own two calls are not in the window's figures.
    ops = calls_after - calls_before
    if ops <= 0:
        print("error=the server executed no command in the window exit=%d" % exit_code)
        return 1
    server_time = "" if usec_before is None else " server_us_per_op=%.3f" % ((usec_after - usec_before) / ops)
    print("ops_per_sec=%.0f%s cpu_us_per_op=%.3f cs_per_op=%.4f vcs_per_op=%.4f"
          " ivcs_per_op=%.4f exit=%d" % (
        ops / seconds, server_time, (cpu_after - cpu_before) * 1e6 / ops,
        (vcs_after - vcs_before + ivcs_after - ivcs_before) / ops,
        (vcs_after - vcs_before) / ops, (ivcs_after - ivcs_before) / ops, exit_code)
        + ("" if server_before is None or server_after is None else
           " server_cpu_us_per_op=%.3f server_reads_per_op=%.4f server_writes_per_op=%.4f" % (
               (server_after[0] - server_before[0]) * 1e6 / ops, (server_after[1] - server_before[1]) / ops,
               (server_after[2] - server_before[2]) / ops))
        + ("" if lru_before is None else " server_lru_moves_per_op=%.4f" % ((lru_after[0] - lru_before[0]) / ops))
        + ("" if lru_before is None or lru_before[1] is None or lru_after[1] is None else
           " server_lru_cpu_us_per_op=%.3f" % ((lru_after[1] - lru_before[1]) * 1e6 / ops)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
