"""PostgreSQL's own CPU per move of the commit statement (``app.store.pgwriter.COMMIT_BATCH``),
measured in its backend, without the server or the network: what the events table's keys
and indexes cost.

    .venv/bin/python bench/pg_commit_cpu.py --url "$MEJA_TEST_PG_URL"            # as migrated
    .venv/bin/python bench/pg_commit_cpu.py --url ... --sql "ALTER TABLE events ..."  # a variant

Each run makes a fresh database (``pgcc_<n>``) on that cluster, migrates it, applies the
``--sql`` statements, starts 100 race games, then commits batches of ``--batch`` moves
spread over the games through the service's own writer (notifications on, as with the
PostgreSQL fan-out) and reads the backend's utime+stime from /proc: the cluster must run on
this machine. Clock ticks are 10 ms, so keep ``--batches`` large (1,000 x 30 moves is about
2 s of backend CPU); on a shared machine repeat runs and compare their spread.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import psycopg  # noqa: E402
from sqlalchemy import text  # noqa: E402

from app.core.settings import normalize_db_url  # noqa: E402
from app.store.db import make_engine, migrate  # noqa: E402
from app.store.pgwriter import AsyncPgWriter  # noqa: E402
from app.store.store import CommitItem, Store  # noqa: E402
from engines.registry import get_engine  # noqa: E402


def _cpu(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _measure(url: str, games: list[list], batches: int, batch: int) -> float:
    writer = AsyncPgWriter(url, "bench")
    writer.notify = True
    conn = await writer._connection()
    row = await (await conn.execute("SELECT pg_backend_pid()")).fetchone()
    assert row is not None
    pid, start, moves = row[0], 0.0, 0
    warm = batches // 10
    for b in range(warm + batches):
        if b == warm:
            start, moves = _cpu(pid), 0
        items = []
        for k in range(batch):
            g = games[(b * batch + k) % len(games)]
            g[1] += 1
            seat = g[1] % 2
            items.append(CommitItem(
                game_id=g[0], seq=g[1], seat=seat, client_id=f"m{g[1]}",
                action={"type": "advance", "n": 3},
                log=[{"seq": g[1], "seat": seat, "to": None, "data": None,
                      "key": "race.log.advanced", "params": {"seat": {"seat": seat}, "n": 3}}],
                state={"positions": [g[1], g[1]], "current": 1 - seat, "goal": 1_000_000,
                       "winner": None}, finished=False))
        assert all(await writer.commit_batch(items))
        moves += batch
    spent = _cpu(pid) - start
    await writer.close()
    return spent * 1000 / moves


def main() -> None:
    """Make the database, run, print one line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default=os.environ.get("MEJA_TEST_PG_URL"))
    p.add_argument("--sql", action="append", default=[], help="run after migrating")
    p.add_argument("--batches", type=int, default=1000)
    p.add_argument("--batch", type=int, default=30)
    a = p.parse_args()
    if not a.url:
        p.error("--url (or MEJA_TEST_PG_URL) names the cluster")
    base = normalize_db_url(a.url)
    name = f"pgcc_{uuid.uuid4().hex[:8]}"
    admin = base.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = base.rsplit("/", 1)[0] + "/" + name
    engine = make_engine(url)
    try:
        migrate(url)
        with engine.begin() as conn:
            for sql in a.sql:
                conn.execute(text(sql))
        store, race = Store(engine), get_engine("race")
        assert race is not None
        games = []
        for g in range(100):
            row, _ = store.create_lobby("race", {}, 2, f"h{g}", spectators=False,
                                        listed=False, rules_version=race.rules_version)
            store.join(row["id"], f"g{g}")
            store.start(row["id"], race.setup(2, {}, row["seed"]), race.rules_version)
            games.append([row["id"], 0])
        t0 = time.perf_counter()
        ms = asyncio.run(_measure(url, games, a.batches, a.batch))
        print({"backend_ms_per_move": round(ms, 4), "batch": a.batch, "batches": a.batches,
               "sql": a.sql, "wall_s": round(time.perf_counter() - t0, 1)})
    finally:
        engine.dispose()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
