"""A burst of moves stores its clocks in order, newest last, without a chain of waiting
tasks (2,000 quick moves once left 2,000 tasks each awaiting the one before, and the
server's shutdown failed cancelling them)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from app.features.clock import db as clock_db
from app.features.clock.model import Clock
from app.features.clock.scheduler import ClockScheduler
from tests.asyncrun import run as run_async

#: The fake game of this test (no server holds it).
GAME = "clock-burst-test"


def clock(version: int) -> Clock:
    return Clock(version=version, since=0.0, remaining=[60.0, 60.0], running=[])


def test_a_burst_of_clocks_is_stored_in_order_and_the_newest_last(
        monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[tuple[str, int]] = []
    busy = threading.Lock()
    real_write, real_beat = clock_db.write, clock_db.beat

    def slow_write(engine: Any, game_id: str, c: Clock) -> None:
        # The patch is process-wide: a live server of another test on this worker stores
        # its games' clocks through it meanwhile, and they must reach its database.
        if game_id != GAME:
            real_write(engine, game_id, c)
            return
        assert busy.acquire(blocking=False), "two writes of one game at once"
        try:
            time.sleep(0.01)
            written.append((game_id, c.version))
        finally:
            busy.release()

    monkeypatch.setattr(clock_db, "write", slow_write)
    monkeypatch.setattr(clock_db, "beat",
                        lambda engine, *a: None if engine is None else real_beat(engine, *a))

    async def burst() -> None:
        scheduler = ClockScheduler(None, "test")  # type: ignore[arg-type]
        scheduler._loop = asyncio.get_running_loop()
        for version in range(1, 2001):
            scheduler.stored(GAME, clock(version))
        await scheduler.store(GAME, clock(2001))  # waits for its own write
        assert written[-1] == (GAME, 2001)
        for version in range(2002, 2100):
            scheduler.stored(GAME, clock(version))
        await scheduler.stop()  # the last clocks are stored before it returns

    run_async(burst())
    versions = [v for _, v in written]
    assert versions == sorted(versions), "an older clock landed after a newer one"
    assert versions[-1] == 2099
    assert len(versions) < 20, f"{len(versions)} writes for two bursts"
