"""Clock benchmark: 1,000 tables with running real-time clocks on one server process.

It measures what the clocks add (issue 12):

* the CPU per second of the process while 1,000 clocks run and nothing happens (the
  scheduler sleeps until the earliest deadline; heartbeats every 5 s), against the same
  process with the same 1,000 tables on no clock;
* the lateness of timeouts: the deadlines of all 1,000 tables are spread over a window of
  ``--spread`` seconds, each one runs out (policy "bot": the seat becomes a stand-in bot,
  which then moves, starting the other seat's clock), and for each the bench records how
  late the scheduler began to act, and how late the stand-in was committed (p50/p99/max).

Everything runs in this one process: a Hub on a SQLite file in /dev/shm (or --db), no
HTTP and no sockets (viewers are not what is measured here). Usage::

    .venv/bin/python bench/clocks.py                 # 1,000 tables, deadlines over 20 s
    .venv/bin/python bench/clocks.py --tables 200 --spread 5
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent]
sys.path.insert(0, str(ROOT))

from app.core import security  # noqa: E402
from app.features.clock import clock_of  # noqa: E402
from app.features.clock import db as clock_db  # noqa: E402
from app.features.clock import scheduler as clock_scheduler  # noqa: E402
from app.main import assemble  # noqa: E402
from app.realtime.hub import Hub  # noqa: E402
from app.store.db import make_engine, migrate  # noqa: E402
from app.store.store import Store, now  # noqa: E402
from app.store.tables import games, seats  # noqa: E402
from engines.registry import get_engine  # noqa: E402

TIMED = {"time_control": {"kind": "realtime", "bank_seconds": 60, "increment_seconds": 0},
         "out_of_time": "bot"}


def make_tables(store: Store, n: int, settings: dict) -> list[str]:
    """``n`` started two-player race tables, written in one transaction (the lobby path
    costs three transactions a table, which is not what is measured here)."""
    engine = get_engine("race")
    assert engine is not None
    t = now()
    ids, game_rows, seat_rows = [], [], []
    for i in range(n):
        gid = security.new_public_id()
        seed = security.new_seed()
        ids.append(gid)
        game_rows.append({
            "id": gid, "kind": "race", "options": {}, "settings": settings,
            "status": "active", "seed": seed, "version": 0,
            "state": engine.setup(2, {}, seed), "rules_version": engine.rules_version,
            "player_count": 2, "spectators": True, "listed": False,
            "invite_id": security.new_public_id(), "watch_id": security.new_public_id(),
            "created_at": t, "updated_at": t, "started_at": t, "finished_at": None})
        for seat in range(2):
            seat_rows.append({"game_id": gid, "seat": seat, "name": f"P{seat} of {i}",
                              "token_hash": security.hash_secret(security.new_credential()),
                              "claim_hash": None, "is_host": seat == 0, "is_bot": False,
                              "connected": False, "left": False, "stand_in": False})
    with store.engine.begin() as conn:
        conn.execute(insert(games), game_rows)
        conn.execute(insert(seats), seat_rows)
    return ids


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


async def idle_cpu(hub: Hub, seconds: float) -> float:
    """Process CPU seconds per wall second over an idle window."""
    c0, t0 = time.process_time(), time.monotonic()
    await asyncio.sleep(seconds)
    return (time.process_time() - c0) / (time.monotonic() - t0)


async def run(args: argparse.Namespace) -> None:
    folder = Path(args.db or ("/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()))
    path = Path(tempfile.mkdtemp(dir=folder)) / "clocks.db"
    url = f"sqlite:///{path}"
    migrate(url)
    store = Store(make_engine(url))
    service = assemble(store, bot_delay=0.0)
    hub = service.hub
    hub.rt.room_idle = 1e9  # keep every room loaded while the bench runs
    await hub.start()
    try:
        plain = await asyncio.to_thread(make_tables, store, args.tables, {})
        timed = await asyncio.to_thread(make_tables, store, args.tables, TIMED)
        for gid in plain:
            await hub.room(gid)
        base = await idle_cpu(hub, args.idle)  # the same number of rooms, on no clock
        for gid in timed:
            await hub.room(gid)
        clocks = [clock_of(hub.rooms[gid]) for gid in timed]
        running = sum(1 for clock in clocks if clock is not None and clock.running)
        loaded = await idle_cpu(hub, args.idle)

        # Spread the deadlines: each clock is moved back so that it runs out within the
        # window (what 1,000 players starting at different moments would look like).
        now = time.time()
        deadlines: dict[str, float] = {}
        for i, gid in enumerate(timed):
            room = hub.rooms[gid]
            clock = clock_of(room)
            assert clock is not None
            due = now + args.lead + args.spread * i / len(timed)
            clock.since = due - clock.remaining[0]
            deadlines[gid] = due
            await asyncio.to_thread(clock_db.write, store.engine, gid, clock)
            service.clocks.scheduler.push(gid, clock.version, due)
        committed: list[float] = []
        original = clock_scheduler.stand_in

        async def timed_stand_in(h: object, room: object, seat: int, version: int) -> bool:
            ok = await original(h, room, seat, version)  # type: ignore[arg-type]
            if ok:
                committed.append(time.time() - deadlines[room.id])  # type: ignore[attr-defined]
            return ok

        clock_scheduler.stand_in = timed_stand_in  # type: ignore[assignment]
        c0, t0 = time.process_time(), time.monotonic()
        end = time.monotonic() + args.lead + args.spread + 10
        while len(committed) < len(timed) and time.monotonic() < end:
            await asyncio.sleep(0.1)
        burst_cpu = time.process_time() - c0
        burst_wall = time.monotonic() - t0
        clock_scheduler.stand_in = original
        acted = service.clocks.scheduler.lateness
        stood = sum(1 for gid in timed if hub.rooms[gid].seats[0]["is_bot"])
        moved = sum(1 for gid in timed if hub.rooms[gid].version >= 1)
        print(f"tables with a running clock: {running} (+ {len(plain)} without a clock)")
        print(f"idle CPU: {base * 100:.2f}% of a core without clocks, {loaded * 100:.2f}% with "
              f"{running} running clocks (added {(loaded - base) * 1000:.1f} ms CPU per s)")
        print(f"timeouts: {len(acted)} acted on, {stood} seats stood in for, {moved} stand-ins "
              f"moved, over {burst_wall:.1f} s; CPU {burst_cpu:.2f} s "
              f"({burst_cpu / max(1, len(acted)) * 1000:.2f} ms per timeout, incl. the "
              f"stand-in's commit and the bot's move)")
        print(f"lateness, scheduler acts:  p50 {pct(acted, .5) * 1000:.1f} ms  "
              f"p99 {pct(acted, .99) * 1000:.1f} ms  max {max(acted) * 1000:.1f} ms")
        print(f"lateness, stand-in stored: p50 {pct(committed, .5) * 1000:.1f} ms  "
              f"p99 {pct(committed, .99) * 1000:.1f} ms  max {max(committed) * 1000:.1f} ms"
              f"  (mean {statistics.fmean(committed) * 1000:.1f} ms)")
    finally:
        await hub.stop()
        store.engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--spread", type=float, default=20.0,
                        help="seconds over which the deadlines fall")
    parser.add_argument("--lead", type=float, default=2.0, help="seconds before the first")
    parser.add_argument("--idle", type=float, default=6.0, help="idle window for CPU")
    parser.add_argument("--db", help="folder for the SQLite file (default /dev/shm)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
