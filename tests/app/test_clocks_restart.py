"""A restart in the middle of a running clock: the clock is found in the database, the
downtime beyond the grace is not charged, and a deadline that passed is acted on."""

from __future__ import annotations

from typing import Any

import pytest

from app.features.clock import scheduler as clock_scheduler
from tests.app.client import Viewer, http, join, start
from tests.conftest import LiveServer

T0 = 1_900_000_000.0


class FakeTime:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


def test_restart_charges_the_grace_not_the_downtime(db_url: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Ana's bank ran 10 s, then no server ran for 5 minutes: after the restart she is
    charged the 30 s grace, not the 300 s; Budi, with 20 s left when it went down, is out
    of time at once and his stand-in moves."""
    fake = FakeTime()
    monkeypatch.setattr(clock_scheduler, "wall_time", fake)
    first = LiveServer(db_url).start()
    settings: dict[str, Any] = {"time_control": {"kind": "realtime", "bank_seconds": 600,
                                                 "increment_seconds": 0}}
    r = http.post(f"{first.url}/api/lobbies", json={"game": "race", "seats": 2,
                                                    "host_name": "Ana", "settings": settings})
    lobby = r.json()
    budi = join(first, lobby, "Budi")
    start(first, lobby)
    ana = Viewer(first.ws_url, lobby["game_id"], credential=lobby["credential"])
    ana.wait_for(lambda f: f["type"] == "snapshot")
    fake.t += 580  # Ana thinks ...
    ana.answer(ana.act({"type": "advance", "n": 1}))
    fake.t += 10  # ... Budi's bank runs (600 - 10) ...
    ana.close()
    first.stop()  # ... and the server goes away
    fake.t += 300
    second = LiveServer(db_url).start()
    try:
        assert second.app.state.clocks.scheduler.forgiven == pytest.approx(270)
        spec = Viewer(second.ws_url, lobby["game_id"], credential=budi["credential"])
        spec.wait_for(lambda f: f["type"] == "snapshot")
        assert spec.doc is not None
        clock = spec.doc["clock"]
        # Budi: 600 - 10 before, 30 s of the downtime: 560 s left now.
        assert clock["running"] == [1]
        assert clock["remaining"][1] - (round(fake.t * 1000) - clock["since"]) == 560_000
        assert clock["remaining"][0] == 20_000
        spec.close()
    finally:
        second.stop()


def test_a_deadline_that_passed_while_down_is_acted_on_at_the_restart(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Budi had 20 s left when the server went down for a minute: the restarted server
    finds his deadline passed (grace 30 s > 20 s) and his stand-in plays at once."""
    fake = FakeTime()
    monkeypatch.setattr(clock_scheduler, "wall_time", fake)
    first = LiveServer(db_url).start()
    settings = {"time_control": {"kind": "realtime", "bank_seconds": 600,
                                 "increment_seconds": 0}}
    lobby = http.post(f"{first.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ana", "settings": settings}).json()
    budi = join(first, lobby, "Budi")
    start(first, lobby)
    ana = Viewer(first.ws_url, lobby["game_id"], credential=lobby["credential"])
    ana.wait_for(lambda f: f["type"] == "snapshot")
    ana.answer(ana.act({"type": "advance", "n": 1}))
    fake.t += 580
    ana.close()
    first.stop()
    fake.t += 60
    second = LiveServer(db_url).start()
    try:
        v = Viewer(second.ws_url, lobby["game_id"], credential=budi["credential"])
        v.wait_for(lambda f: f["type"] in ("snapshot", "patch") and v.version == 2)
        assert v.log[-1]["seat"] == 1  # Budi's stand-in moved
        v.close()
    finally:
        second.stop()
