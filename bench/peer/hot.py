"""The hottest functions in a py-spy "raw" (collapsed stacks) profile, as a markdown table.

    python bench/peer/hot.py bench/results/logs-<stamp>/pyspy-<run>.txt [--top 25] [--thread T]

Each line of the input is ``frame;frame;...;frame COUNT`` (outermost first). *Self* counts a
sample for the innermost frame only; *total* counts it once for every distinct function on
the stack. With ``--threads`` in the recording, the first frame names the thread; ``--thread``
keeps the stacks whose first frame contains that text (e.g. ``MainThread``).
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

# py-spy frames look like "function (path/to/file.py:123)"; the line number is dropped so
# a function counts once however many of its lines were sampled.
_LINE = re.compile(r":\d+\)$")


def _func(frame: str) -> str:
    return _LINE.sub(")", frame.strip())


def load(path: str, thread: str | None) -> tuple[Counter[str], Counter[str], int]:
    """Self and total sample counts per function, and the number of samples."""
    own: Counter[str] = Counter()
    total: Counter[str] = Counter()
    samples = 0
    with open(path) as fh:
        for line in fh:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if not stack or not count.isdigit():
                continue
            frames = stack.split(";")
            if thread is not None and thread not in frames[0]:
                continue
            n = int(count)
            samples += n
            funcs = [_func(f) for f in frames]
            own[funcs[-1]] += n
            for f in set(funcs):
                total[f] += n
    return own, total, samples


def main() -> None:
    """Print the self-time and total-time tables."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("profile")
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--thread", default=None)
    args = p.parse_args()
    own, total, samples = load(args.profile, args.thread)
    if not samples:
        print("no samples")
        return
    print(f"{samples} samples from {args.profile}\n")
    for title, counts in (("self", own), ("total (inclusive)", total)):
        print(f"| {title} % | function |\n|---|---|")
        for func, n in counts.most_common(args.top):
            print(f"| {100 * n / samples:.1f} | `{func}` |")
        print()


if __name__ == "__main__":
    main()
