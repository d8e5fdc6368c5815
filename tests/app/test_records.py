"""Game records: export a finished game as one file, import one, and refuse bad ones in words."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import pytest

from app.store.replaycheck import ReplayCheck, replay_check
from engines.bots import bot_of
from engines.core.copying import canonical_json
from tests.app.client import Viewer, auth, create, http, join, start, watch_id
from tests.app.recorded import LISTED, fixtures, record_of


def post(server: Any, body: Any) -> Any:
    return http.post(f"{server.url}/api/records", json=body)


def get_record(server: Any, game_id: str, **params: Any) -> Any:
    cred = params.pop("credential", None)
    return http.get(f"{server.url}/api/games/{game_id}/record", params=params,
                    headers=auth(cred) if cred else {})


@pytest.mark.parametrize("game", LISTED)
def test_a_record_imports_exports_and_replays_to_the_same_end(live_server: Any,
                                                             game: str) -> None:
    doc = fixtures(game, 1)[0]
    record = record_of(doc, names=["Siti <b>", "Budi"][: doc["players"]]
                       + [f"P{i}" for i in range(2, doc["players"])])
    r = post(live_server, record)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["version"] == len(doc["actions"]) and made["watch_url"].startswith("/watch/")
    store = live_server.app.state.store
    row = store.game(made["game_id"])
    # The stored final state is the recorded game's, byte for byte.
    digest = hashlib.sha256(canonical_json(row["state"]).encode()).hexdigest()
    assert digest == doc["final_state_sha256"]
    assert row["status"] == "finished" and replay_check(store, row["id"]) is ReplayCheck.SAME
    watch = watch_id(made)
    info = http.get(f"{live_server.url}/api/watch/{watch}").json()
    assert info["status"] == "finished" and info["listed"] is False
    assert [s["name"] for s in info["seats"]] == [s["name"] for s in record["seats"]]
    # Exported again, it is the same record.
    out = get_record(live_server, made["game_id"], watch=watch)
    assert out.status_code == 200, out.text
    assert "attachment" in out.headers["content-disposition"]
    again = out.json()
    for key in ("game", "rules_version", "options", "seed", "seats", "actions", "outcome",
                "format", "format_version"):
        assert again[key] == record[key], key
    # The exported file imports again, to the same final state.
    twice = post(live_server, again)
    assert twice.status_code == 201, twice.text
    assert store.game(twice.json()["game_id"])["state"] == row["state"]
    # ...and it replays to its last version.
    last = http.get(f"{live_server.url}/api/games/{made['game_id']}/replay",
                    params={"at": made["version"], "watch": watch}).json()
    assert last["doc"]["outcome"] == record["outcome"] and last["doc"]["status"] == "finished"


def test_a_game_played_here_exports_and_reimports(live_server: Any) -> None:
    lobby = create(live_server, game="race", seats=2, options={"goal": 12})
    friend = join(live_server, lobby, "Budi")
    start(live_server, lobby)
    early = get_record(live_server, lobby["game_id"], credential=lobby["credential"])
    assert early.status_code == 409 and "finished" in early.json()["detail"]
    players = [Viewer(live_server.ws_url, lobby["game_id"], credential=c)
               for c in (lobby["credential"], friend["credential"])]
    for p in players:
        p.wait_for(lambda f: f["type"] == "snapshot")
    turn = 0
    while players[0].doc["outcome"] is None:
        mover = players[turn % 2]
        mover.wait_version(turn)
        assert mover.answer(mover.act({"type": "advance", "n": 6}))["type"] == "accepted"
        turn += 1
        players[0].wait_version(turn)
    for p in players:
        p.close()
    out = get_record(live_server, lobby["game_id"], credential=friend["credential"])
    assert out.status_code == 200, out.text
    record = out.json()
    assert [s["name"] for s in record["seats"]] == ["Host", "Budi"]
    assert record["seed"] == live_server.app.state.store.game(lobby["game_id"])["seed"]
    assert len(record["actions"]) == turn and record["outcome"]["ranks"] == [1, 2]
    back = post(live_server, record)
    assert back.status_code == 201, back.text
    copy_id = back.json()["game_id"]
    store = live_server.app.state.store
    assert store.game(copy_id)["state"] == store.game(lobby["game_id"])["state"]
    # The copy has no seat credentials: nobody can act in it or join it.
    assert all(s["token_hash"] is None for s in store.seats(copy_id))
    invite = store.game(copy_id)["invite_id"]
    r = http.post(f"{live_server.url}/api/invites/{invite}/join", json={"name": "Eve"})
    assert r.status_code == 409


def test_a_record_needs_the_games_watch_link_or_a_seat(live_server: Any) -> None:
    lobby = create(live_server, game="race", seats=2, listed=False)
    assert get_record(live_server, lobby["game_id"]).status_code == 403
    assert get_record(live_server, lobby["game_id"], watch="nope").status_code == 403
    r = get_record(live_server, lobby["game_id"], watch=watch_id(lobby))
    assert r.status_code == 409 and "lobby" in r.json()["detail"]


def _race_record() -> dict[str, Any]:
    return record_of(fixtures("race", 1)[0], names=["Ana", "Budi"])


def _mutations() -> list[tuple[str, Any, str]]:
    """(what, record, a word the refusal must contain)."""
    base = _race_record()
    out: list[tuple[str, Any, str]] = []

    def variant(what: str, word: str, change: Any) -> None:
        rec = copy.deepcopy(base)
        change(rec)
        out.append((what, rec, word))

    variant("unknown game", "no game", lambda r: r.update(game="chess"))
    variant("other rules", "rules version", lambda r: r.update(rules_version="0"))
    variant("illegal action", "Action 1", lambda r: r["actions"][0]["action"].update(n=9))
    variant("malformed action", "Action 2", lambda r: r["actions"][1].update(
        action={"type": "fly"}))
    variant("out of turn", "Action 1", lambda r: r["actions"][0].update(seat=1))
    variant("unfinished", "not ended", lambda r: r["actions"].pop())
    variant("too long", "ended after", lambda r: r["actions"].append(r["actions"][-1]))
    variant("other outcome", "outcome", lambda r: r["outcome"].update(scores=[1, 2]))
    variant("bad options", "options", lambda r: r.update(options={"goal": "far"}))
    variant("too many seats", "players", lambda r: r["seats"].extend(
        {"seat": i, "name": "X"} for i in range(2, 8)))
    variant("blank name", "name", lambda r: r["seats"][0].update(name="   "))
    variant("seats out of order", "numbered", lambda r: r["seats"].reverse())
    variant("other format", "format", lambda r: r.update(format_version=7))
    variant("unknown field", "Invalid", lambda r: r.update(extra=1))
    variant("negative seed", "seed", lambda r: r.update(seed=-1))
    variant("huge seed", "seed", lambda r: r.update(seed=1 << 70))
    variant("seed as a string", "seed", lambda r: r.update(seed=str(r["seed"])))
    # Only the ranks tampered with: the sentence names them, not the equal scores.
    variant("other ranks", "outcome's ranks", lambda r: r["outcome"].update(
        ranks=list(reversed(r["outcome"]["ranks"]))))
    return out


@pytest.mark.parametrize("what, record, word", _mutations(), ids=[m[0] for m in _mutations()])
def test_a_bad_record_is_refused_with_a_sentence(live_server: Any, what: str, record: Any,
                                                 word: str) -> None:
    r = post(live_server, record)
    assert r.status_code == 422, (what, r.text)
    assert word.lower() in r.json()["detail"].lower(), r.json()["detail"]


def test_fuzzed_records_never_break_the_server(live_server: Any) -> None:
    """Random damage to a good record: refused (4xx) or, when harmless, imported."""
    rng = random.Random(13)
    base = _race_record()
    junk: list[Any] = [None, -1, 2**64, "", "x" * 300, [], {}, 1.5, True, {"type": "advance"}]

    def damage(value: Any) -> Any:
        if isinstance(value, dict) and value and rng.random() < 0.7:
            key = rng.choice(sorted(value))
            value[key] = damage(value[key]) if rng.random() < 0.6 else rng.choice(junk)
            return value
        if isinstance(value, list) and value and rng.random() < 0.7:
            i = rng.randrange(len(value))
            value[i] = damage(value[i]) if rng.random() < 0.6 else rng.choice(junk)
            return value
        return rng.choice(junk)

    codes = set()
    for _ in range(40):
        r = post(live_server, damage(copy.deepcopy(base)))
        assert r.status_code in (201, 422), r.text
        codes.add(r.status_code)
    for raw in (b"{", b"[]", b'"record"', b"null", json.dumps({"game": "race"}).encode()):
        r = http.post(f"{live_server.url}/api/records", content=raw,
                      headers={"Content-Type": "application/json"})
        assert r.status_code in (400, 422), r.text
    assert 422 in codes


def test_a_long_record_fits_but_an_oversized_body_is_refused(live_server: Any) -> None:
    # The shortest recorded game whose record is over the limit of every other route.
    doc = next(d for d in fixtures("kaki-lima", 200) if len(json.dumps(d["actions"])) > 60_000
               or len(d["actions"]) > 1300)
    record = record_of(doc)
    assert len(json.dumps(record)) > 64 * 1024
    r = post(live_server, record)
    assert r.status_code == 201, r.text
    big = http.post(f"{live_server.url}/api/records", content=b"{" + b" " * (3 << 20) + b"}",
                    headers={"Content-Type": "application/json"})
    assert big.status_code == 413
    lobby = http.post(f"{live_server.url}/api/lobbies", content=b" " * (100 << 10),
                      headers={"Content-Type": "application/json"})
    assert lobby.status_code == 413


def test_a_game_with_take_backs_replays_exports_and_reimports(live_server: Any) -> None:
    """A take-back is part of the game's history: the record keeps it, the import checks it
    (it must undo the latest actions still in play) and the replay shows the restored
    state at the take-back's version."""
    from engines.core.line import TAKEBACK, Line
    from engines.registry import get_engine

    engine = get_engine("tuk-tuk-taxi")
    assert engine is not None
    rng = random.Random(7)
    line = Line(engine, engine.setup(2, {}, 4242))
    actions: list[dict[str, Any]] = []
    taken: list[int] = []
    while engine.outcome(line.state) is None:
        seat = engine.to_act(line.state)[0]
        raw = bot_of(engine).test_action(line.state, seat, rng)
        result = line.play(seat, raw)
        actions.append({"seat": seat, "action": raw})
        if not result.revealed and len(taken) < 3 and line.takeable(1) == [line.version] \
                and line.own_turn(seat) >= 1:  # the default policy: own moves of the turn
            taken.append(line.version)
            line.take_back([line.version])
            actions.append({"seat": seat, "action": {"type": TAKEBACK, "undo": [taken[-1]]}})
    assert len(taken) == 3, "the random game offered three take-backs"
    outcome = engine.outcome(line.state)
    assert outcome is not None
    record = {"format": "meja-record", "format_version": 1, "game": "tuk-tuk-taxi",
              "rules_version": engine.rules_version, "options": {}, "settings": {},
              "seed": 4242, "seats": [{"seat": 0, "name": "Ana", "bot": False},
                                      {"seat": 1, "name": "Budi", "bot": False}],
              "actions": actions, "outcome": outcome.as_dict()}
    r = post(live_server, record)
    assert r.status_code == 201, r.text
    made = r.json()
    store = live_server.app.state.store
    assert store.game(made["game_id"])["state"] == line.state
    assert replay_check(store, made["game_id"]) is ReplayCheck.SAME
    watch = watch_id(made)

    def doc_at(k: int) -> Any:
        got = http.get(f"{live_server.url}/api/games/{made['game_id']}/replay",
                       params={"at": k, "watch": watch})
        assert got.status_code == 200, got.text
        return got.json()["doc"]["view"]

    # Each take-back's version shows the state from before the move it undid.
    versions = [i + 1 for i, a in enumerate(actions) if a["action"]["type"] == TAKEBACK]
    for version, undone in zip(versions, taken, strict=True):
        assert doc_at(version) == doc_at(undone - 1)
    assert get_record(live_server, made["game_id"], watch=watch).json()["actions"] == actions
    # A take-back that undoes something no longer in play is refused in words.
    bad = copy.deepcopy(record)
    bad["actions"].insert(1, {"seat": 0, "action": {"type": TAKEBACK, "undo": [5]}})
    r = post(live_server, bad)
    assert r.status_code == 422 and "could not be taken back" in r.text


@pytest.mark.parametrize("policy, taker, word", [
    ("own_turn", "other", "did not allow"), ("none", "same", "were off at this table"),
    ("own_turn", "nobody", "did not allow")])
def test_a_take_back_is_imported_only_as_the_table_allowed_it(
        live_server: Any, policy: str, taker: str, word: str) -> None:
    """The record's take-back goes through the table's policy as at the live table: under
    "own_turn" only the seat that made the moves of the current turn takes them back (not
    the other player, not a seat the game does not have), under "none" nobody does."""
    from engines.bots import bot_of
    from engines.core.line import TAKEBACK, Line
    from engines.registry import get_engine

    engine = get_engine("tuk-tuk-taxi")
    assert engine is not None
    rng = random.Random(7)
    line = Line(engine, engine.setup(2, {}, 4242))
    actions: list[dict[str, Any]] = []
    while engine.outcome(line.state) is None:
        seat = engine.to_act(line.state)[0]
        raw = bot_of(engine).test_action(line.state, seat, rng)
        result = line.play(seat, raw)
        actions.append({"seat": seat, "action": raw})
        if not result.revealed and line.own_turn(seat) >= 1 and not any(
                a["action"]["type"] == TAKEBACK for a in actions):
            undone = line.version
            line.take_back([undone])
            by = {"same": seat, "other": 1 - seat, "nobody": 5}[taker]
            actions.append({"seat": by, "action": {"type": TAKEBACK, "undo": [undone]}})
    outcome = engine.outcome(line.state)
    assert outcome is not None
    record = {"format": "meja-record", "format_version": 1, "game": "tuk-tuk-taxi",
              "rules_version": engine.rules_version, "options": {},
              "settings": {"takeback": policy}, "seed": 4242,
              "seats": [{"seat": 0, "name": "Ana", "bot": False},
                        {"seat": 1, "name": "Budi", "bot": False}],
              "actions": actions, "outcome": outcome.as_dict()}
    r = post(live_server, record)
    assert r.status_code == 422, r.text
    assert word in r.json()["detail"]
    if taker != "same":  # the same record with the take-back by the seat that moved: fine
        fixed = copy.deepcopy(record)
        at = next(i for i, a in enumerate(actions) if a["action"]["type"] == TAKEBACK)
        fixed["actions"][at]["seat"] = actions[at - 1]["seat"]
        r = post(live_server, fixed)
        assert r.status_code == 201, r.text
