"""Issue 12's leftover: a seat that runs out of time on a "skip" table passes, and the seats
the game then waits for get their your-turn notice (here: the table's webhook), as after any
move - the pass commits through ``Room.submit`` like a player's move."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from app.features.clock import scheduler as clock_scheduler
from engines.registry import register
from tests.app.bids_engine import ENGINE as BIDS_ENGINE
from tests.app.client import Viewer, http, join, start
from tests.app.clock_support import T0, FakeTime
from tests.app.notices_support import Mailbox, Receiver, notice_settings, wait_until
from tests.conftest import LiveServer

register(BIDS_ENGINE)


@pytest.fixture(scope="module")
def fake() -> FakeTime:
    return FakeTime()


@pytest.fixture(scope="module")
def server(own_db_url: Callable[[], str], fake: FakeTime,
           mailbox: Mailbox) -> Iterator[LiveServer]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(clock_scheduler, "wall_time", fake)
        settings = notice_settings(mailbox.port)  # type: ignore[attr-defined]
        srv = LiveServer(own_db_url(), notices=settings).start()
        yield srv
        srv.stop()


def test_a_skipped_seat_hands_the_turn_on_with_a_notice(server: LiveServer, fake: FakeTime,
                                                        mailbox: Mailbox) -> None:
    assert fake.t >= T0
    receiver = Receiver().start()
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": "bids-test", "seats": 3, "host_name": "Ana", "webhook_url": receiver.url,
        "settings": {"time_control": {"kind": "realtime", "bank_seconds": 60,
                                      "increment_seconds": 10},
                     "out_of_time": "skip"}})
    assert r.status_code == 201, r.text
    lobby = r.json()
    creds = [lobby["credential"]] + [join(server, lobby, n)["credential"]
                                     for n in ("Budi", "Citra")]
    start(server, lobby)
    wait_until(lambda: receiver.bodies(), what="the first turn's post")
    assert receiver.bodies()[0]["awaited"] == ["Ana", "Budi", "Citra"]
    citra = Viewer(server.ws_url, lobby["game_id"], credential=creds[2])
    citra.wait_for(lambda f: f["type"] == "snapshot")
    answer = citra.answer(citra.act({"type": "bid", "n": 4}))
    assert answer["type"] == "accepted", answer
    posts = len(receiver.bodies())
    # Ana and Budi run out of time and pass; the next round waits for everyone again,
    # Citra included, who was not awaited before the passes: she is told.
    fake.t += 61
    server.app.state.clocks.scheduler.poke()
    citra.wait_for(lambda f: f["type"] in ("snapshot", "patch")
                   and citra.doc is not None and citra.doc["view"]["round"] == 1)
    wait_until(lambda: any("Citra" in b["awaited"] for b in receiver.bodies()[posts:]),
               what="a post naming Citra after the passes")
    citra.close()
