"""events.game_id has no foreign key (migration 0010, it cost PostgreSQL a fifth of its CPU
per move): the commit path itself still never stores a move of a game that is not there,
and a good move batched with such a one is still committed."""

from __future__ import annotations

import sqlalchemy as sa

from app.store.db import make_engine
from app.store.pgwriter import AsyncPgWriter
from app.store.store import CommitItem, Store
from app.store.tables import events
from tests.app.stored import started_race
from tests.asyncrun import run as run_async


def _step(game_id: str, seq: int) -> CommitItem:
    return CommitItem(game_id=game_id, seq=seq, seat=0, client_id=f"c{game_id}{seq}",
                      action={"type": "advance", "n": 1}, log=[], state={"pos": [seq, 0]},
                      finished=False)


def _commit(url: str, store: Store, items: list[CommitItem]) -> list[bool]:
    if store.engine.dialect.name != "postgresql":
        return store.commit_batch(items)

    async def go() -> list[bool]:
        writer = AsyncPgWriter(url, origin="test")
        writer.notify = True
        try:
            return await writer.commit_batch(items)
        finally:
            await writer.close()

    return run_async(go())


def test_a_move_of_a_missing_game_is_refused_and_its_batch_mate_committed(db_url: str) -> None:
    engine = make_engine(db_url)
    store = Store(engine)
    try:
        assert sa.inspect(engine).get_foreign_keys("events") == []
        real = started_race(store)
        answers = _commit(db_url, store, [_step(real, 1), _step("no-such-game", 1)])
        assert answers == [True, False]
        with engine.connect() as conn:
            stored = conn.execute(sa.select(events.c.game_id, events.c.seq).where(
                events.c.game_id.in_([real, "no-such-game"]))).all()
        assert [tuple(r) for r in stored] == [(real, 1)]
        assert store.game(real)["version"] == 1
    finally:
        engine.dispose()
