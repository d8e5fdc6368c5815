"""Diagnosis only: run the server with its main thread (the event loop) under cProfile.

    python bench/peer/cprofile_server.py OUT.prof MODULE [arguments...]    (MODULE: app or uvicorn)

uvicorn re-raises SIGTERM after its graceful shutdown, so a plain ``python -m cProfile`` never
writes its file; here SIGUSR1 writes the profile (bench/peer/run.sh sends it before stopping
the server). Only the main thread is profiled.
"""

from __future__ import annotations

import cProfile
import os
import runpy
import signal
import sys


def main() -> None:
    """Profile the server module until SIGUSR1, then write the stats."""
    out, module = sys.argv[1], sys.argv[2]
    sys.path.insert(0, os.getcwd())  # the server's source folder, as ``python -m`` would
    profile = cProfile.Profile()

    def dump(*_: object) -> None:
        profile.disable()
        profile.dump_stats(out)

    signal.signal(signal.SIGUSR1, dump)
    sys.argv = [module, *sys.argv[3:]]
    profile.enable()
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
