"""The server's own work per move, without the network or the disk: CPU microseconds per move
of ``Room.submit`` (checks, engine apply, commit item, the viewers' documents, JSON Patch,
frames queued for each connection), with the commit answered at once.

    .venv/bin/python bench/room_path.py                  # 100 games x 2 players, race
    .venv/bin/python bench/room_path.py --games 1 --players 4 --moves 3000 --reps 7
    .venv/bin/python bench/room_path.py --players 4 --calls   # + Python calls per move

Each connection writes through the server's own WebSocket send path
(``MejaWebSocketProtocol.try_send_text``: the frame built into bytes) into a transport that
only counts them, so the frame encoding is measured; the socket's system call is not.
``--calls`` runs one more pass under cProfile and adds its function calls per move: a
deterministic count, for comparing two commits on a busy machine.

On a shared machine a whole-server figure moves with the load; this one times one thread's
CPU (``time.process_time``) and keeps the best of ``--reps`` repetitions, so a change to the
move path shows even when the peer bench cannot tell it from the noise. It is a part of a
move's cost only: the WebSocket frames in and out, psycopg and PostgreSQL come on top.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import sys
import tempfile
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


from app.main import assemble  # noqa: E402
from app.realtime.outbox import Connection  # noqa: E402
from app.realtime.wsproto import detached_protocol  # noqa: E402
from app.store.db import make_engine, migrate  # noqa: E402
from app.store.store import CommitItem, Store  # noqa: E402
from engines.registry import get_engine  # noqa: E402


class _Transport:
    """A transport that takes every write at once (counts the bytes)."""

    def __init__(self) -> None:
        self.bytes = 0

    def write(self, data: bytes) -> None:
        self.bytes += len(data)

    def is_closing(self) -> bool:
        return False


class _Sink:
    """A socket whose frames go through the server's own send path into a
    :class:`_Transport` (found the way :func:`app.realtime.outbox.find_protocol` finds it)."""

    def __init__(self) -> None:
        self._meja_transport = _Transport()
        self._meja_protocol = detached_protocol(self._meja_transport)

    async def send_text(self, data: str) -> None:
        self._meja_transport.bytes += len(data)


async def _committed(item: CommitItem) -> bool:
    return True


async def run(games: int, players: int, moves: int, reps: int, kind: str,
              calls: bool = False) -> dict[str, Any]:
    """Best-of-``reps`` CPU microseconds per move over ``moves`` moves spread over ``games``
    (and, with ``calls``, Python function calls per move of one more pass)."""
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None  # the set-up's writes, not timed
    with tempfile.TemporaryDirectory(dir=shm) as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        migrate(url)
        store = Store(make_engine(url))
        hub = assemble(store, bot_delay=0.0).hub
        hub.committer.commit = _committed  # type: ignore[method-assign, assignment]
        engine = get_engine(kind)
        assert engine is not None
        rooms = []
        for g in range(games):
            row, _ = store.create_lobby(kind, {}, players, f"host{g}", spectators=False,
                                        listed=False, rules_version=engine.rules_version)
            for p in range(1, players):
                store.join(row["id"], f"guest{g}-{p}")
            store.start(row["id"], engine.setup(players, {}, row["seed"]), engine.rules_version)
            room = await hub.room(row["id"])
            for seat in range(players):
                conn = Connection(_Sink(), seat)  # type: ignore[arg-type]
                conn.start()
                room.join(conn, None)
            rooms.append(room)
        best = float("inf")
        profile = cProfile.Profile() if calls else None
        for rep in range(reps + (1 if calls else 0)):
            prof = profile if rep == reps else None
            done, spent = 0, 0.0
            while done < moves:
                for room in rooms:
                    assert room.state is not None
                    seat = room.engine.to_act(room.state)[0]
                    raw = await hub.bot_move(room, seat)  # not timed
                    origin = next(c for c in room.conns if c.seat == seat)
                    start = time.process_time()
                    if prof is not None:
                        prof.enable()
                    reply = await room.submit(seat, f"m{room.version}", room.version, raw,
                                              origin)
                    if prof is not None:
                        prof.disable()
                    spent += time.process_time() - start
                    assert reply.frame["type"] == "accepted", reply.frame
                    done += 1
            if prof is None:
                best = min(best, spent / done * 1e6)
        await hub.stop()
        out: dict[str, Any] = {"kind": kind, "games": games, "players": players,
                               "moves": moves, "reps": reps, "us_per_move_best": round(best, 1)}
        if profile is not None:
            total = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
            out["calls_per_move"] = round(total / moves, 1)
        return out


def main() -> None:
    """Parse the arguments, run, print one line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--moves", type=int, default=4000)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--kind", default="race")
    p.add_argument("--calls", action="store_true", help="also count Python calls per move")
    a = p.parse_args()
    print(asyncio.run(run(a.games, a.players, a.moves, a.reps, a.kind, a.calls)))


if __name__ == "__main__":
    main()
