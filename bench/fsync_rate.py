"""The disk's commit limit right now: 8 kB writes each followed by fdatasync, for a second.

    python bench/fsync_rate.py [DIR] [--seconds 1]

What ``pg_test_fsync``'s "fdatasync, one 8kB write" line measures (PostgreSQL's WAL flush on
Linux), in the folder given (the benchmark's PostgreSQL data folder), in a second instead of
its whole run. One move in flight (G=1) commits once per move, so this is the most moves per
second any server that flushes every move can reach; bench/peer/run.sh records it before
every run (``bench_env.fdatasync_per_s``) because on a shared machine it moves with other
work's disk traffic (300-4,500/s seen here).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

BLOCK = 8192
FILE_BLOCKS = 2048  # a 16 MB file, written round-robin, as pg_test_fsync does


def fdatasync_rate(folder: str, seconds: float) -> float:
    """fdatasync'ed 8 kB writes per second in ``folder``."""
    fd, path = tempfile.mkstemp(dir=folder, prefix="fsync-rate-")
    try:
        block = b"\0" * BLOCK
        os.ftruncate(fd, BLOCK * FILE_BLOCKS)
        os.fsync(fd)
        n, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            os.pwrite(fd, block, (n % FILE_BLOCKS) * BLOCK)
            os.fdatasync(fd)
            n += 1
        return n / elapsed
    finally:
        os.close(fd)
        os.unlink(path)


def main() -> None:
    """Print the rate (operations per second, one decimal)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=tempfile.gettempdir())
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    print(f"{fdatasync_rate(args.folder, args.seconds):.1f}")


if __name__ == "__main__":
    main()
