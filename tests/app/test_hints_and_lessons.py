"""The lessons' and the hints' HTTP routes (issue 41), on a live server and each database.

A lesson's table is a real game with the lesson's seed, the learner in seat 0 and bots in
the others; its script is served without the seed. A hint is the normal bot's move from the
asking seat's own view, on a table whose host turned hints on, on the asker's own turn, a
few times a minute per seat.
"""

from __future__ import annotations

import copy
from typing import Any

from app.http.hints import _good_move, _hint
from engines.bots import bot_of
from engines.core.templates import template_matches
from engines.lessons import lesson
from engines.messages import render
from engines.registry import get_engine
from tests.app.client import auth, http
from tests.conftest import LiveServer


def _lobby(server: Any, game: str, hints: bool, host_name: str = "Ana") -> dict[str, Any]:
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": game, "seats": 2, "host_name": host_name, "settings": {"hints": hints}})
    assert r.status_code == 201, r.text
    lobby: dict[str, Any] = r.json()
    r = http.post(f"{server.url}/api/games/{lobby['game_id']}/seats/1/bot",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    r = http.post(f"{server.url}/api/games/{lobby['game_id']}/start",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    return lobby


def test_a_lesson_opens_a_started_table_with_its_seed_and_a_bot(live_server: LiveServer) -> None:
    r = http.post(f"{live_server.url}/api/lessons/tuk-tuk-taxi/first-game", json={"name": "Sari"})
    assert r.status_code == 201, r.text
    made = r.json()
    info = http.get(f"{live_server.url}/api/games/{made['game_id']}",
                    headers=auth(made["credential"])).json()
    assert info["status"] == "active" and info["you"] == 0
    assert info["settings"]["lesson"] == "tuk-tuk-taxi/first-game"
    assert info["settings"]["takeback"] == "none"
    assert [s["bot"] for s in info["seats"]] == [False, True]
    # The deal is the lesson's: the stored seed is the script's.
    game = live_server.app.state.store.game(made["game_id"])
    script = lesson("tuk-tuk-taxi", "first-game")
    assert script is not None and game["seed"] == script.seed
    # The script a browser reads has every step, but not the seed.
    public = http.get(f"{live_server.url}/api/lessons/tuk-tuk-taxi/first-game").json()
    assert "seed" not in public and len(public["steps"]) == len(script.steps)
    cards = http.get(f"{live_server.url}/api/lessons").json()
    assert {"tuk-tuk-taxi", "kaki-lima"} <= {c["game"] for c in cards if c["kind"] == "guided"}


def test_unknown_lessons_and_a_host_claiming_one_are_refused(live_server: LiveServer) -> None:
    r = http.post(f"{live_server.url}/api/lessons/tuk-tuk-taxi/no-such-lesson")
    assert r.status_code == 404 and "no lesson" in r.json()["detail"]
    assert http.get(f"{live_server.url}/api/lessons/nothing/first-game").status_code == 404
    r = http.post(f"{live_server.url}/api/lobbies", json={
        "game": "tuk-tuk-taxi", "seats": 2, "host_name": "Ana",
        "settings": {"lesson": "tuk-tuk-taxi/first-game"}})
    assert r.status_code == 422


def test_a_hint_is_a_legal_move_for_the_askers_turn_only_where_hints_are_on(
        live_server: LiveServer) -> None:
    off = _lobby(live_server, "tuk-tuk-taxi", hints=False)
    r = http.post(f"{live_server.url}/api/games/{off['game_id']}/hint",
                  headers=auth(off["credential"]))
    assert r.status_code == 409 and r.json()["detail"] == "Hints are off at this table."

    on = _lobby(live_server, "tuk-tuk-taxi", hints=True)
    info = http.get(f"{live_server.url}/api/games/{on['game_id']}",
                    headers=auth(on["credential"])).json()
    assert info["settings"]["hints"] is True  # everyone at the table reads it
    r = http.post(f"{live_server.url}/api/games/{on['game_id']}/hint",
                  headers=auth(on["credential"]))
    assert r.status_code == 200, r.text
    action = r.json()["action"]
    engine = get_engine("tuk-tuk-taxi")
    assert engine is not None
    state = live_server.app.state.store.game(on["game_id"])["state"]
    assert any(template_matches(t, action) for t in engine.legal_actions(state, 0))
    # With its reason, in one line: the first sign (placed, or a Gas station's or
    # Mechanic's drive) is explained in Tuk-Tuk Taxi's own words, from Siti's view.
    why = r.json()["why"]
    assert why == bot_of(engine).explain(engine.view(state, 0), 0, action)
    assert why["key"].startswith("tuk-tuk-taxi.why.")
    english, indonesian = (render(why["key"], why["params"], lang) for lang in ("en", "id"))
    assert english and "{" not in english and indonesian != english
    # Nobody else gets one: a stranger's credential is refused, and so is a missing one.
    assert http.post(f"{live_server.url}/api/games/{on['game_id']}/hint",
                     headers=auth(off["credential"])).status_code == 403
    assert http.post(f"{live_server.url}/api/games/{on['game_id']}/hint").status_code == 401


def test_a_hint_waits_for_the_askers_turn(live_server: LiveServer) -> None:
    # Kaki Lima's first seat places first; the second (a bot here) has no turn to ask about,
    # so ask with a human in seat 1 instead.
    r = http.post(f"{live_server.url}/api/lobbies", json={
        "game": "kaki-lima", "seats": 2, "host_name": "Ana", "settings": {"hints": True}})
    lobby = r.json()
    invite = lobby["invite_url"].rsplit("/", 1)[1]
    friend = http.post(f"{live_server.url}/api/invites/{invite}/join", json={"name": "Budi"}).json()
    http.post(f"{live_server.url}/api/games/{lobby['game_id']}/start",
              headers=auth(lobby["credential"]))
    r = http.post(f"{live_server.url}/api/games/{lobby['game_id']}/hint",
                  headers=auth(friend["credential"]))
    assert r.status_code == 409 and "not your turn" in r.json()["detail"]


def test_hints_are_rate_limited_per_seat(db_url: str) -> None:
    server = LiveServer(db_url, rate_hints=2).start()
    try:
        lobby = _lobby(server, "tuk-tuk-taxi", hints=True)
        url = f"{server.url}/api/games/{lobby['game_id']}/hint"
        codes = [http.post(url, headers=auth(lobby["credential"])).status_code
                 for _ in range(3)]
        assert codes == [200, 200, 429]
        # Another table's seat has its own allowance.
        other = _lobby(server, "tuk-tuk-taxi", hints=True)
        assert http.post(f"{server.url}/api/games/{other['game_id']}/hint",
                         headers=auth(other["credential"])).status_code == 200
    finally:
        server.stop()


def test_a_hint_never_reads_what_the_seat_cannot_see() -> None:
    """The bot is told the asking seat's view only: changing the other seat's hidden hand
    (and the draw pile) changes nothing in the hint."""
    engine = get_engine("kaki-lima")
    assert engine is not None
    state = engine.setup(2, engine.validate_options({}), 7)
    state = engine.apply(state, 0, engine.parse_action({"type": "place", "cell": 20})).state
    state = engine.apply(state, 1, engine.parse_action({"type": "place", "cell": 3})).state
    other = copy.deepcopy(state)
    other["hands"][1], other["draw"] = other["draw"][:3], other["hands"][1] + other["draw"][3:]
    assert engine.view(other, 0) == engine.view(state, 0)
    assert engine.view(other, 1) != engine.view(state, 1)
    assert _good_move("kaki-lima", state, 0, "s") == _good_move("kaki-lima", other, 0, "s")
    # Nor in its reason, worded from that same view.
    assert _hint("kaki-lima", state, 0, "s") == _hint("kaki-lima", other, 0, "s")
