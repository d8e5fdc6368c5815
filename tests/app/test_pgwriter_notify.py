"""A batch and its notification are one commit on PostgreSQL: another process hears of a
move only once the move is durable and readable, and never of a batch that was refused."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import psycopg

from app.core.settings import normalize_db_url
from app.store.db import make_engine
from app.store.pgwriter import CHANNEL, AsyncPgWriter, step_digest
from app.store.store import CommitItem, Store
from tests.app.stored import started_race
from tests.asyncrun import run as run_async

GAMES = 3


def _dsn(url: str) -> str:
    return normalize_db_url(url).replace("postgresql+psycopg://", "postgresql://", 1)


def _step(game_id: str, seq: int) -> CommitItem:
    return CommitItem(game_id=game_id, seq=seq, seat=seq % 2, client_id=f"c{seq}",
                      action={"type": "advance", "n": seq},
                      log=[{"seq": seq, "seat": seq % 2, "text": f"moved {seq}", "to": None,
                            "data": None}],
                      state={"pos": [seq, seq]}, finished=False)


async def _listen_and_commit(url: str, game_ids: list[str], batches: list[list[CommitItem]],
                             quiet: float, expect: int = 0,
                             ) -> tuple[list[list[Any]], list[bool], list[int]]:
    """Commit ``batches`` through one writer while another connection listens; on every
    notification a third connection reads the game's events at once. Returns the steps
    heard, the writer's answers and, per notification, how many events of those games were
    readable when it came. Waits (up to 20 s, a loaded machine) for ``expect`` steps, then
    ``quiet`` seconds for any that should not come."""
    listener = await psycopg.AsyncConnection.connect(_dsn(url), autocommit=True)
    reader = await psycopg.AsyncConnection.connect(_dsn(url), autocommit=True)
    await listener.execute(f"LISTEN {CHANNEL}")
    writer = AsyncPgWriter(url, origin="writer")
    writer.notify = True
    heard: list[list[Any]] = []
    visible: list[int] = []
    answers: list[bool] = []

    async def hear() -> None:
        async for note in listener.notifies():
            _, origin, body = note.payload.split(" ", 2)
            assert origin == "writer"
            cur = await reader.execute("SELECT count(*) FROM events WHERE game_id = ANY(%s)",
                                       (game_ids,))
            row = await cur.fetchone()
            visible.append(row[0] if row else 0)
            heard.extend(orjson.loads(body))

    task = asyncio.create_task(hear())
    try:
        for batch in batches:
            answers.extend(await writer.commit_batch(batch))
        for _ in range(400):
            if len(heard) >= expect:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(quiet)  # time for any notification still on its way
    finally:
        task.cancel()
        await writer.close()
        await listener.close()
        await reader.close()
    return heard, answers, visible


def test_a_listener_hears_of_a_batch_only_once_its_moves_are_readable(pg_url: str) -> None:
    # One batch of the group commit: the first move of each of three games.
    game_ids = [started_race(Store(make_engine(pg_url))) for _ in range(GAMES)]
    batch = [_step(game_id, 1) for game_id in game_ids]
    heard, answers, visible = run_async(_listen_and_commit(pg_url, game_ids, [batch], 0.5,
                                                          expect=len(batch)))
    assert answers == [True] * GAMES
    # The steps, in order, each with the digest a replaying process checks its result by.
    assert [s[:5] for s in heard] == [[i.game_id, i.seq, i.seat, i.client_id, i.action]
                                      for i in batch]
    assert [s[5] for s in heard] == [step_digest(i.state, i.log) for i in batch]
    # One notification for the batch, and when it arrived the whole batch could be read.
    assert visible == [GAMES]


def test_a_refused_batch_notifies_nobody(pg_url: str) -> None:
    game_id = started_race(Store(make_engine(pg_url)))
    # Step 2 of a game at version 0 is stale (another writer would have moved it): the
    # writer refuses it, and nothing of it is written or announced.
    heard, answers, visible = run_async(
        _listen_and_commit(pg_url, [game_id], [[_step(game_id, 2)]], 0.5))
    assert answers == [False]
    assert heard == [] and visible == []
    assert Store(make_engine(pg_url)).events(game_id) == []


def test_a_one_move_batch_is_stored_heard_and_refused_as_a_batch_is(pg_url: str) -> None:
    # A batch of one move takes its own statement (plain parameters, no JSON row set): the
    # same rows, the same notification once readable, the same refusals.
    store = Store(make_engine(pg_url))
    game_id = started_race(store)
    first = _step(game_id, 1)
    again = CommitItem(game_id=game_id, seq=2, seat=first.seat, client_id=first.client_id,
                       action=first.action, log=first.log, state=first.state, finished=False)
    heard, answers, visible = run_async(
        _listen_and_commit(pg_url, [game_id], [[first], [again]], 0.5, expect=1))
    # The second is a repeat of the first one's action id: refused, and never announced.
    assert answers == [True, False]
    assert heard == [[game_id, 1, first.seat, first.client_id, first.action,
                      step_digest(first.state, first.log)]]
    assert visible == [1]
    [event] = store.events(game_id)
    assert (event["seq"], event["seat"], event["client_id"], event["action"], event["log"]) == (
        1, first.seat, first.client_id, first.action, first.log)
    game = store.game(game_id)
    assert (game["version"], game["state"], game["status"]) == (1, first.state, "active")
