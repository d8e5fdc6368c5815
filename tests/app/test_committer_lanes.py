"""How many batches the group commit keeps in flight at once (app/store/committer.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.store.committer import Committer
from app.store.db import make_engine
from app.store.store import CommitItem, Store
from tests.asyncrun import run as run_async


def _item(n: int) -> CommitItem:
    return CommitItem(game_id=f"g{n}", seq=1, seat=0, client_id=f"c{n}", action={}, log=[],
                      state={}, finished=False)


async def _in_flight(tmp_path: Path, notify: bool) -> tuple[int, int]:
    """Most batches in flight at once and batches used for 40 moves arriving together,
    over two lanes that take a while to commit."""
    committer = Committer(Store(make_engine(f"sqlite:///{tmp_path}/x.db")))
    now = peak = 0

    async def slow_lane(items: list[CommitItem]) -> list[bool]:
        nonlocal now, peak
        now += 1
        peak = max(peak, now)
        await asyncio.sleep(0.02)
        now -= 1
        return [True] * len(items)

    committer._lanes = [slow_lane, slow_lane]
    committer.notify = notify
    committer.start()
    results = await asyncio.gather(*(committer.commit(_item(n)) for n in range(40)),
                                   *(asyncio.sleep(0.005 * k) for k in range(5)))
    assert all(results[:40])
    batches = committer.batches
    await committer.stop()
    return peak, batches


@pytest.mark.parametrize("notify", [True, False])
def test_a_notifying_committer_keeps_one_batch_in_flight(tmp_path: Path, notify: bool,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """With the PostgreSQL fan-out every commit notifies and holds PostgreSQL's notify lock
    until its flush, so a second lane would only wait behind the first: one batch at a
    time, everything else gathers into the next. Without notifications both lanes work."""
    monkeypatch.delenv("MEJA_COMMIT_LANES", raising=False)
    peak, _ = run_async(_in_flight(tmp_path, notify))
    assert peak == (1 if notify else 2)


def test_the_lanes_setting_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MEJA_COMMIT_LANES, when set, is used as it is, notifications or not."""
    monkeypatch.setenv("MEJA_COMMIT_LANES", "2")
    peak, _ = run_async(_in_flight(tmp_path, True))
    assert peak == 2
