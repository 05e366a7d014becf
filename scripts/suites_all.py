"""The README of results/suites-all: scripts/suites-all.sh's counts, and its skips and failures by why.

Usage: suites_all.py SUITES_CSV REDIS_VERSION REVISION SPEC_REVISION TEST_TIME ELAPSED_SECONDS EXIT_CODE [SUITES]
SUITES: how many suite files the specification has; a table with fewer rows is of a run stopped before its end.
"""
import collections
import csv
import re
import sys

# The kinds of why, in the order they are shown; each a pattern on metric suite's own wording.
KINDS = [
    ("a dataset to download", r"^it starts from a dataset"),
    ("a client or preload tool other than memtier_benchmark", r"^its (client is|clients include|preload tool is) "),
    ("a topology metric does not start", r"^it runs on "),
    ("more memory for its servers than the machine has", r"each hold its data and ask for"),
    ("a memtier option metric does not run", r"^memtier_benchmark's .* is not run by metric memtier"),
    ("arguments memtier_benchmark refuses too", r"^memtier_benchmark"),
    ("a command the server does not have", r"^the server has no "),
    ("a configuration the server does not take", r"^the server does not take its configuration"),
]


def kind(why):
    for name, pattern in KINDS:
        if re.search(pattern, why):
            return name
    return why


def main():
    path, redis_version, revision, spec_revision, test_time, elapsed, code = sys.argv[1:8]
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    total = int(sys.argv[8]) if len(sys.argv) > 8 else len(rows)
    reach = ("all %d suites" % total if len(rows) >= total
             else "the first %d of the specification's %d suites, in name order (the run was stopped there)"
             % (len(rows), total))
    verdicts = collections.Counter(r["verdict"] for r in rows)
    skipped = [r for r in rows if r["verdict"] == "skipped"]
    failed = [r for r in rows if r["verdict"] == "failed"]
    by_kind = collections.Counter(kind(r["why"]) for r in skipped)
    memtier = [r for r in rows if kind(r["why"]) not in (KINDS[0][0], KINDS[1][0])]
    print("# Every suite of redis-benchmarks-specification under `metric suite`\n")
    print("`scripts/suites-all.sh` at metric %s, the specification at %s, on %s: `metric suite --embedded "
          "--test-time %s` over %s, each on the servers of its own topology metric started for it, set "
          "up, preloaded and checked as the suite says; %d min in all (exit code %s). The rates in suites.csv are from one "
          "shared two-core machine, unpinned: they say the suite ran, not how fast a server is "
          "(results/suites-vs-memtier compares rates).\n"
          % (revision, spec_revision, redis_version, test_time, reach, round(int(elapsed) / 60), code))
    print("| verdict | suites |\n|---|---:|")
    for verdict in ("passed", "failed", "skipped"):
        print("| %s | %d |" % (verdict, verdicts[verdict]))
    ran = [r for r in memtier if r["verdict"] == "passed"]
    print("\nOf the %d suites that need no dataset and run on memtier_benchmark alone, %d ran to completion "
          "(%.1f%%)." % (len(memtier), len(ran), 100.0 * len(ran) / max(1, len(memtier))))
    servable = [r for r in memtier if kind(r["why"]) not in (KINDS[6][0], KINDS[7][0])]
    print("Of the %d of them this server can serve (it has their commands and takes their configuration, which"
          " no tool changes), %d ran to completion (%.1f%%)."
          % (len(servable), len(ran), 100.0 * len(ran) / max(1, len(servable))))
    print("\n## Skipped, by why\n\n| why | suites |\n|---|---:|")
    for name, count in by_kind.most_common():
        print("| %s | %d |" % (name, count))
    print("\n## Skipped\n")
    for r in skipped:
        print("- %s: %s" % (r["suite"], r["why"]))
    print("\n## Failed\n")
    for r in failed:
        print("- %s: %s" % (r["suite"], r["why"]))
    if not failed:
        print("None.")


if __name__ == "__main__":
    main()
