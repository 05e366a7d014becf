#!/usr/bin/env python3
"""Copies JMH result files into a directory without their raw samples.

JMH's JSON keeps every sample of a sampled benchmark (rawData, rawDataHistogram): megabytes that
no summary reads. The scores, their errors, confidence intervals and percentiles stay.

Usage: jmh_trim.py OUT_DIR RESULT.json...
"""
import json
import os
import sys

RAW = ("rawData", "rawDataHistogram")


def trimmed(metric):
    return {k: v for k, v in metric.items() if k not in RAW}


def main():
    out, files = sys.argv[1], sys.argv[2:]
    for path in files:
        with open(path) as f:
            runs = json.load(f)
        for run in runs:
            run["primaryMetric"] = trimmed(run["primaryMetric"])
            run["secondaryMetrics"] = {name: trimmed(m) for name, m in run.get("secondaryMetrics", {}).items()}
        with open(os.path.join(out, os.path.basename(path)), "w") as f:
            json.dump(runs, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
