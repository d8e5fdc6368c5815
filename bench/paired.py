"""Two bots on the same deals, deal by deal: which won more, and by how much for sure.

Win shares of a few hundred games differ by a few points from noise alone (a 95 % interval
at n = 200 is about +-4 points); the same deals played by two bots (seats, cards and the
opponents' generators all alike, ``bench.bots.seat_rngs``) differ only where the two bots
decided differently, so the paired difference has a far smaller error. Usage::

    python -m bench.bots --games 200 --players 4 --games-filter kaki-lima \\
        --pairings hard-random,normal-random --deals deals.jsonl ...
    python -m bench.paired deals.jsonl "hard vs random" "normal vs random"

Every line of the files (``bench/bots.py --deals``) whose pairing is one of the two is read;
deals played by both are compared, per game and player count.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from typing import Any

import orjson


def compare(rows: list[dict[str, Any]], first: str, second: str) -> list[str]:
    """One line per game and player count: both win shares on the deals both played, the
    mean paired difference (first minus second) with its standard error, and how many
    deals each did better on."""
    shares: dict[tuple[str, int], dict[int, dict[str, float]]] = defaultdict(
        lambda: defaultdict(dict))
    for row in rows:
        if row["pairing"] in (first, second):
            shares[(row["game"], row["players"])][row["deal"]][row["pairing"]] = row["share"]
    lines = []
    for (game, players), by_deal in sorted(shares.items()):
        both = [d for d in by_deal.values() if first in d and second in d]
        if len(both) < 2:
            continue
        diffs = [d[first] - d[second] for d in both]
        n = len(diffs)
        mean = sum(diffs) / n
        se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1) / n)
        lines.append(
            f"{game:16} {players}p n={n}: {first} {sum(d[first] for d in both) / n:.1%}, "
            f"{second} {sum(d[second] for d in both) / n:.1%}; difference "
            f"{mean * 100:+.1f} +- {se * 100:.1f} points; better on "
            f"{sum(x > 0 for x in diffs)} deals, worse on {sum(x < 0 for x in diffs)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the comparison of two pairings found in per-deal files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="bench/bots.py --deals files")
    parser.add_argument("first", help='a pairing, e.g. "hard vs random"')
    parser.add_argument("second", help='the pairing to compare with, e.g. "normal vs random"')
    args = parser.parse_args(argv)
    rows = []
    for name in args.files:
        with open(name, "rb") as f:
            rows += [orjson.loads(line) for line in f if line.strip()]
    lines = compare(rows, args.first, args.second)
    print("\n".join(lines) if lines else "no deal was played by both pairings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
