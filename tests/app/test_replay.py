"""Replays: a viewer scrubbing a game's past sees exactly what it saw then, never more.

The property tests replay recorded and random games of every title through the server's
replay code (:mod:`app.http.replay`, checkpoints and all, asked for versions in a random order)
and compare each document with ``engine.view`` of an independently rebuilt state, then
check that no other seat's private information reaches it: the view must not change when
another seat's hand, secret money or a hidden pile's order changes. The service tests go
through ``GET /api/games/{id}/replay`` on both databases (auth, bounds, and that a replay
equals the document the viewer received live at that version).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.http.replay import GameReplay, ReplayCache, replay_at
from engines.core.types import State
from engines.indonesia.view import SECRET_FIELDS
from engines.registry import get_engine
from tests.app.client import Viewer, auth, create, http, join, start, watch_id
from tests.app.recorded import LISTED, fixtures, played, random_game
from tests.app.secret_engine import SECRET_PREFIX

# -- what each game keeps from whom ------------------------------------------------------------
Perturb = Callable[[State, int | None], State | None]


def _rotate_hidden(state: State, viewer: int | None, hands: str, pile: str | None) -> State:
    """Other seats' hands and the face-down pile, their cards moved round by one: the same
    sizes, other contents."""
    out = json.loads(json.dumps(state))
    others = [s for s in range(len(out[hands])) if s != viewer]
    cards = [c for s in others for c in out[hands][s]] + (out[pile] if pile else [])
    if len(set(map(str, cards))) < 2:
        return out
    cards = cards[1:] + cards[:1]
    for s in others:
        n = len(out[hands][s])
        out[hands][s], cards = cards[:n], cards[n:]
    if pile:
        out[pile] = cards
    return out


def _kaki_lima(state: State, viewer: int | None) -> State | None:
    if state["phase"] == "over":  # the end shows the hands' steps to everyone
        return None
    return _rotate_hidden(state, viewer, "hands", "draw")


def _secret(state: State, viewer: int | None) -> State | None:
    return _rotate_hidden(state, viewer, "hands", "deck")


def _indonesia(state: State, viewer: int | None) -> State | None:
    if state["phase"] == "over":
        return None
    out = _rotate_hidden(state, viewer, "hands", None)
    if state["secret"]:  # secret money stays secret until the end
        for field in SECRET_FIELDS:
            out[field] = [v if s == viewer else v + 7 for s, v in enumerate(out[field])]
    return out


def _tuk_tuk(state: State, viewer: int | None) -> State | None:
    return {**state, "stack": list(reversed(state["stack"]))}  # face down: only its size


#: How to change what a viewer must not see (None: nothing is hidden but the generator).
HIDDEN: dict[str, Perturb | None] = {"kaki-lima": _kaki_lima, "secret-test": _secret,
                                     "indonesia": _indonesia, "tuk-tuk-taxi": _tuk_tuk,
                                     "jakarta-traffic": None, "race": None}


def games_of(title: str) -> list[dict[str, Any]]:
    """Finished recorded games of a listed title; random games of the test engines."""
    if title in LISTED:
        return list(fixtures(title, 2))
    return [random_game(title, players, seed, {"goal": 25} if title == "race" else {})
            for players, seed in ((2, 3), (3, 8))]


TITLES = sorted({*LISTED, "race", "secret-test"})


def check_version(title: str, replay: GameReplay, states: list[State],
                  events: list[dict[str, Any]], k: int, viewer: int | None) -> None:
    engine = replay.engine
    got = replay_at(replay, k, viewer, "finished")
    doc = got["doc"]
    assert doc["view"] == engine.view(states[k], viewer), (title, k, viewer)
    assert doc["legal"] == [] and doc["outcome"] == (
        engine.outcome(states[k]).as_dict() if engine.outcome(states[k]) else None)
    text = json.dumps(doc)
    assert '"rng"' not in text
    if "rng" in states[k]:
        assert str(states[k]["rng"]) not in text
    hide = HIDDEN[title]
    if hide is not None:
        changed = hide(states[k], viewer)
        if changed is not None:
            assert doc["view"] == engine.view(changed, viewer), (
                f"{title} version {k}: viewer {viewer} sees another seat's secrets")
    elif title == "jakarta-traffic":
        assert doc["view"] == engine.view(states[k], None), "Jakarta Traffic hides nothing"
    # The log: public lines and this viewer's own, of the versions up to k, in order.
    want = [(e["seq"], ln["text"]) for e in events[:k] for ln in e["log"]
            if ln["to"] is None or (viewer is not None and viewer in ln["to"])]
    assert [(ln["seq"], ln["text"]) for ln in got["log"]] == want
    assert all(not ln["private"] or viewer is not None for ln in got["log"])


@pytest.mark.parametrize("title", TITLES)
@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_replay_shows_each_viewer_only_what_it_could_see_then(title: str, data: Any) -> None:
    engine = get_engine(title)
    assert engine is not None
    if data.draw(st.booleans(), label="a fresh random game"):
        # A game from a drawn seed, cut short like the past of a live game.
        engine_ = get_engine(title)
        assert engine_ is not None
        players = data.draw(st.integers(engine_.min_players, min(engine_.max_players, 4)),
                            label="players")
        seed = data.draw(st.integers(0, 2**31), label="seed")
        game = random_game(title, players, seed, {"goal": 25} if title == "race" else {},
                           max_actions=120)
    else:
        game = data.draw(st.sampled_from(games_of(title)), label="recorded game")
    states, events = played(engine, game)
    replay = GameReplay(engine, game["players"], game["options"], game["seed"])
    replay.extend(events)
    n = len(events)
    # Versions in a random order (forwards, backwards, jumps), always both ends.
    ks = data.draw(st.lists(st.integers(0, n), min_size=3, max_size=8), label="versions")
    for k in [*ks, 0, n]:
        viewer = data.draw(st.sampled_from([None, *range(game["players"])]), label="viewer")
        check_version(title, replay, states, events, k, viewer)


def test_the_hidden_checks_would_catch_a_leak() -> None:
    """The perturbations change what they hide: a view that showed it would differ."""
    engine = get_engine("kaki-lima")
    assert engine is not None
    states, _ = played(engine, fixtures("kaki-lima")[0])
    state = states[3]
    leaky = {**engine.view(state, 0), "others": state["hands"][1]}
    changed = _kaki_lima(state, 0)
    assert changed is not None and changed["hands"][1] != state["hands"][1]
    assert leaky != {**engine.view(changed, 0), "others": changed["hands"][1]}
    indo = get_engine("indonesia")
    assert indo is not None
    ist = played(indo, fixtures("indonesia")[0])[0][5]
    assert _indonesia(ist, 0)["cash"][1] != ist["cash"][1]


def test_the_cache_keeps_few_games_and_few_states_per_game() -> None:
    engine = get_engine("kaki-lima")
    assert engine is not None
    doc = max(fixtures("kaki-lima", 3), key=lambda d: len(d["actions"]))
    states, events = played(engine, doc)
    cache = ReplayCache(max_games=2)
    for i in range(5):
        row = {"id": f"g{i}", "player_count": doc["players"], "options": doc["options"],
               "seed": doc["seed"]}
        replay = cache.get(row, engine)
        replay.extend(events)
        for k in range(len(events), -1, -7):  # backwards, the costly direction
            assert replay.state_at(k) == states[k]
    assert len(cache) == 2
    assert len(replay._checkpoints) <= 2 * 48


# == through the service ==========================================================================

def get_replay(server: Any, game_id: str, at: Any, *, credential: str | None = None,
               watch: str | None = None, **extra: Any) -> Any:
    params: dict[str, Any] = {"at": at, **extra}
    if watch:
        params["watch"] = watch
    return http.get(f"{server.url}/api/games/{game_id}/replay", params=params,
                    headers=auth(credential) if credential else {})


def secret_table(server: Any) -> tuple[dict[str, Any], dict[str, Any], Viewer, Viewer, Viewer]:
    lobby = create(server, game="secret-test", seats=2)
    friend = join(server, lobby, "Budi")
    start(server, lobby)
    views = [Viewer(server.ws_url, lobby["game_id"], credential=lobby["credential"]),
             Viewer(server.ws_url, lobby["game_id"], credential=friend["credential"]),
             Viewer(server.ws_url, lobby["game_id"], watch=watch_id(lobby))]
    for v in views:
        v.wait_for(lambda f: f["type"] == "snapshot")
    return lobby, friend, *views  # type: ignore[return-value]


def test_a_replay_is_what_each_viewer_received_live_at_that_version(live_server: Any) -> None:
    lobby, friend, host, guest, spec = secret_table(live_server)
    seen: dict[int, list[dict[str, Any]]] = {0: [], 1: [], 2: []}

    def note() -> None:
        for i, v in enumerate((host, guest, spec)):
            v.wait_version(len(seen[i]))
            seen[i].append(json.loads(json.dumps(v.doc)))

    note()
    for turn in range(6):
        mover = (host, guest)[turn % 2]
        action = ({"type": "play", "card": mover.doc["view"]["hand"][0]} if turn % 3 else
                  {"type": "draw"})
        assert mover.answer(mover.act(action))["type"] == "accepted"
        note()
    gid = lobby["game_id"]
    creds = (lobby["credential"], friend["credential"], None)
    for k in (3, 0, 6, 5, 1):
        for i, cred in enumerate(creds):
            r = get_replay(live_server, gid, k, credential=cred,
                           watch=None if cred else watch_id(lobby))
            assert r.status_code == 200, r.text
            got = r.json()
            live = seen[i][k]
            assert got["version"] == k and got["latest"] == 6
            for key in ("view", "to_act", "awaited", "outcome"):
                assert got["doc"][key] == live[key], (k, i, key)
            assert got["doc"]["legal"] == []
            text = r.text
            # Only the viewer's own cards: no other hand, no deck, no seed, no generator.
            mine = set(live["view"].get("hand") or [])
            shown = set(re.findall(f"{SECRET_PREFIX}\\d+", json.dumps(got["doc"])))
            assert shown == mine, (k, i)
            seed = str(live_server.app.state.store.game(gid)["seed"])
            assert seed not in text and '"rng"' not in text
            for line in got["log"]:
                assert not line["private"] or i < 2
                if SECRET_PREFIX in line["text"]:
                    assert line["private"], line
    # The game is still live: a later version simply is not there yet.
    r = get_replay(live_server, gid, 7, credential=lobby["credential"])
    assert r.status_code == 409 and "version 6" in r.json()["detail"]
    for v in (host, guest, spec):
        v.close()


def test_replay_bounds_and_auth_are_refused_in_words(live_server: Any) -> None:
    lobby, friend, host, guest, spec = secret_table(live_server)
    gid = lobby["game_id"]
    assert host.answer(host.act({"type": "draw"}))["type"] == "accepted"
    other = create(live_server, game="race")
    cred = lobby["credential"]
    cases = [
        (get_replay(live_server, gid, -1, credential=cred), 422),
        (get_replay(live_server, gid, "x", credential=cred), 422),
        (get_replay(live_server, gid, 10**9, credential=cred), 422),
        (get_replay(live_server, gid, 2, credential=cred), 409),
        (get_replay(live_server, gid, 1, credential=cred, log_after=2), 422),
        (get_replay(live_server, gid, 1), 401),
        (get_replay(live_server, gid, 1, watch="nope"), 401),
        (get_replay(live_server, gid, 1, credential="not-a-credential"), 401),
        (get_replay(live_server, gid, 1, credential=other["credential"]), 403),
        (get_replay(live_server, "no-such-game", 0, credential=cred), 404),
        (get_replay(live_server, other["game_id"], 0, credential=other["credential"]), 409),
    ]
    for r, code in cases:
        assert r.status_code == code, (r.request.url, r.text)
        detail = r.json()["detail"]
        assert isinstance(detail, str) and len(detail.split()) >= 4, detail
    ok = get_replay(live_server, gid, 1, watch=watch_id(lobby), log_after=1)
    assert ok.status_code == 200 and ok.json()["log"] == []
    assert get_replay(live_server, gid, 1, watch=watch_id(lobby)).json()["log"][0]["seq"] == 1
    for v in (host, guest, spec):
        v.close()


def test_a_game_of_older_rules_is_not_replayed_under_newer_ones(live_server: Any) -> None:
    """A game keeps the rules it was dealt under; replaying it under others proves nothing."""
    from sqlalchemy import update

    from app.store.tables import games
    from tests.app.recorded import record_of

    made = http.post(f"{live_server.url}/api/records",
                     json=record_of(fixtures("tuk-tuk-taxi", 1)[0])).json()
    watch = made["watch_url"].rsplit("/", 1)[1]
    assert get_replay(live_server, made["game_id"], 3, watch=watch).status_code == 200
    store = live_server.app.state.store
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == made["game_id"])
                     .values(rules_version="0"))
    r = get_replay(live_server, made["game_id"], 3, watch=watch)
    assert r.status_code == 409 and "rules version 0" in r.json()["detail"]
