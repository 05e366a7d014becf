"""What the measurement scripts' table writers share: the rows of a raw CSV picked by their
columns, and figures shown as the median (min-max) of interleaved rounds, ratios taken round by
round. Imported by the scripts' Python with PYTHONPATH=scripts."""
import csv
import statistics


def read(path):
    """Every row of a raw CSV, as dicts keyed by its header."""
    with open(path) as f:
        return list(csv.DictReader(f))


def pick(rows, **match):
    """The rows whose columns hold the values given."""
    return [r for r in rows if all(r[k] == v for k, v in match.items())]


def fmt(v):
    """A figure with as many digits as its size calls for."""
    return "%.0f" % v if v >= 100 else ("%.1f" % v if v >= 1 else "%.3f" % v)


def show(rows, col):
    """The median of a column over rows, with its range: '123 (120-130)', or '-' when there is none (a
    row may leave a figure its client or server does not give empty)."""
    values = [float(r[col]) for r in rows if r[col] != ""]
    return "%s (%s-%s)" % (fmt(statistics.median(values)), fmt(min(values)), fmt(max(values))) if values else "-"


def ratio(a, b, col):
    """The median (range) of a/b for a column, each row of a divided by b's row of the same round."""
    by_round = {r["round"]: float(r[col]) for r in b}
    values = [float(r[col]) / by_round[r["round"]] for r in a if r["round"] in by_round]
    return "%.2f (%.2f-%.2f)" % (statistics.median(values), min(values), max(values)) if values else "-"
