"""A follow-up lesson's prepared position (engines/lessons.py ``prelude``, docs/lessons.md):
the table opens after the prelude's moves, which are the game's own history - the same
moves the script test replays - so the learner meets the position the coach speaks about,
and the game's history and replay tell the game as played."""

from __future__ import annotations

import random
from typing import Any

from engines import bots
from engines.lessons import lesson, prepared
from engines.registry import get_engine
from tests.app.client import Viewer, auth, http


def _decide(engine: Any, view: dict[str, Any], seat: int, level: str,
            rng: random.Random) -> dict[str, Any]:
    return bots.decide(engine, view, seat, level, rng)  # type: ignore[arg-type]


def test_a_follow_up_opens_on_its_prepared_position(live_server: Any) -> None:
    les = lesson("indonesia", "mergers")
    assert les is not None and les.prelude
    engine = get_engine("indonesia")
    moves = prepared(engine, les, _decide)  # type: ignore[arg-type]
    r = http.post(f"{live_server.url}/api/lessons/indonesia/mergers", json={"name": "Ayu"})
    assert r.status_code == 201, r.text
    table = r.json()
    learner = Viewer(live_server.ws_url, table["game_id"], credential=table["credential"])
    try:
        snap = learner.wait_for(lambda f: f["type"] == "snapshot")
        # The learner meets year 4's merger phase, with the merger the coach asks for open.
        assert snap["version"] == len(moves)
        doc = learner.doc
        assert doc is not None
        view = doc["view"]
        assert (view["year"], view["phase"]) == (4, "merger")
        assert any(t["type"] == "announce" and (t["a"], t["b"]) == ("C1", "C3")
                   and t["bid"]["$range"][0] == 75 for t in doc["legal"])
    finally:
        learner.close()
    # The replay of that version, played again from the seed and the history, is the same.
    again = http.get(f"{live_server.url}/api/games/{table['game_id']}/replay",
                     params={"at": len(moves)}, headers=auth(table["credential"])).json()
    assert again["doc"]["view"] == view
    # The prelude is the game's history: every move, the learner's and the bot's, in order.
    history = http.get(f"{live_server.url}/api/games/{table['game_id']}/history",
                       headers=auth(table["credential"])).json()
    assert [(e["seq"], e["seat"], e["type"]) for e in history["events"]] == [
        (n, seat, action["type"]) for n, (seat, action, _) in enumerate(moves, start=1)]


def test_a_lesson_without_a_prelude_opens_on_the_deal(live_server: Any) -> None:
    r = http.post(f"{live_server.url}/api/lessons/jakarta-traffic/first-game", json={})
    assert r.status_code == 201, r.text
    history = http.get(f"{live_server.url}/api/games/{r.json()['game_id']}/history",
                       headers=auth(r.json()["credential"])).json()
    assert all(e["seq"] >= 1 for e in history["events"])
    # Only what the bots played after the start (the bot places its moped first).
    assert [e["type"] for e in history["events"]] in ([], ["start"])
