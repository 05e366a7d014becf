#!/usr/bin/env python3
"""Drops, from a published summary.md, the list items that name files the repository does not keep.

A comparison's summary.md lists every file the run wrote, as links. Scripts that publish to
results/ keep only some of them (results/.gitignore leaves out SVGs and every run's files), so the
published summary would link files that are not there. This keeps the items whose file exists
and is not ignored by git, and says what was left out.

Usage: results_links.py SUMMARY.md
"""
import os
import re
import subprocess
import sys

ITEM = re.compile(r"^- \[(?P<name>[^\]]+)\]\((?P<target>[^)]+)\)\s*$|^- (?P<plain>\S+)\s*$")


def kept(directory, target):
    path = os.path.join(directory, target)
    if not os.path.exists(path):
        return False
    ignored = subprocess.run(["git", "check-ignore", "-q", path], cwd=directory)
    return ignored.returncode != 0


def main():
    summary = sys.argv[1]
    directory = os.path.dirname(os.path.abspath(summary))
    lines, dropped = [], 0
    with open(summary) as f:
        for line in f.read().splitlines():
            item = ITEM.match(line)
            if item:
                target = item.group("target") or item.group("plain")
                if not kept(directory, target):
                    dropped += 1
                    continue
                if item.group("plain"):
                    line = f"- [{target}]({target})"
            lines.append(line)
    if dropped:
        lines += ["", f"{dropped} more files listed by the run are not kept in the repository (results/.gitignore)."]
    with open(summary, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
