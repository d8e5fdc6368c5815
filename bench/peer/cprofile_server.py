"""Diagnosis only: run uvicorn with the event loop's thread under cProfile.

    python bench/peer/cprofile_server.py OUT.prof [uvicorn arguments...]

uvicorn re-raises SIGTERM after its graceful shutdown, so a plain ``python -m cProfile`` never
writes its file; here SIGUSR1 writes the profile (bench/peer/run.sh sends it before stopping
the server). Only the main thread is profiled: the commit thread shows up as waiting.
"""

from __future__ import annotations

import cProfile
import signal
import sys

import uvicorn.main


def main() -> None:
    """Profile uvicorn until SIGUSR1, then write the stats."""
    out = sys.argv[1]
    profile = cProfile.Profile()

    def dump(*_: object) -> None:
        profile.disable()
        profile.dump_stats(out)

    signal.signal(signal.SIGUSR1, dump)
    sys.argv = ["uvicorn", *sys.argv[2:]]
    profile.enable()
    uvicorn.main.main()


if __name__ == "__main__":
    main()
