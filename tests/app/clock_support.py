"""A Meja server on a clock the test moves (``app.features.clock.scheduler.wall_time`` is
replaced before the server starts): the clock, holiday and My games tests share it through
tests/app/conftest.py. A module that needs another ``server`` defines its own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.features.clock import scheduler as clock_scheduler
from tests.conftest import LiveServer

T0 = 1_800_000_000.0


class FakeTime:
    """A server clock that only moves when the test says so."""

    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


@pytest.fixture(scope="module")
def fake() -> FakeTime:
    return FakeTime()


@pytest.fixture(scope="module")
def server(db_url: str, fake: FakeTime) -> Iterator[LiveServer]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(clock_scheduler, "wall_time", fake)
        srv = LiveServer(db_url).start()
        yield srv
        srv.stop()
