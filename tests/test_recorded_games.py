"""Recorded games: every fixture in ``tests/fixtures/<game>/`` replays to the same end.

A fixture is one whole game (see ``tools/record_games.py``). Replaying its actions from its
seed under today's rules must give the same final state (by hash) and the same outcome, and
the fixture must have been recorded under the engine's current ``rules_version``: a rules
change that alters any recorded game fails here until the version is bumped and the
fixtures are re-recorded with a note of why.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engines.core.copying import canonical_json
from engines.core.protocol import Engine
from engines.registry import all_engines, get_engine
from tools import record_games

FIXTURES = Path(__file__).parent / "fixtures"
PATHS = sorted(p for p in FIXTURES.glob("*/*.json"))
#: Every listed game keeps at least this many recorded games (issue 10).
MIN_PER_GAME = 20


def rerecord_hint(game: str) -> str:
    return (f"if the rules changed on purpose, bump the engine's rules_version and run "
            f".venv/bin/python tools/record_games.py {game} --rerecord --note \"<why>\"")


def problems(doc: dict[str, Any], folder: str) -> list[str]:
    """Everything in which a fixture disagrees with the current engine (empty: it agrees)."""
    game = doc.get("game")
    if game != folder:
        return [f"fixture says game {game!r} but lives in tests/fixtures/{folder}/"]
    engine = get_engine(game)
    if engine is None:
        return [f"no engine {game!r}"]
    if doc["rules_version"] != engine.rules_version:
        return [f"recorded under rules version {doc['rules_version']!r}, the engine is at "
                f"{engine.rules_version!r}: re-record with tools/record_games.py and say why "
                f"({rerecord_hint(game)})"]
    state = engine.setup(doc["players"], doc["options"], doc["seed"])
    for i, (seat, raw) in enumerate(doc["actions"]):
        if engine.outcome(state) is not None:
            return [f"the game ended after action {i - 1}, but "
                    f"{len(doc['actions']) - i} more are recorded; {rerecord_hint(game)}"]
        try:
            state = engine.apply(state, seat, engine.parse_action(raw)).state
        except Exception as exc:
            return [f"action {i} (seat {seat}: {json.dumps(raw)}) no longer applies: "
                    f"{type(exc).__name__}: {exc}; {rerecord_hint(game)}"]
    outcome = engine.outcome(state)
    if outcome is None:
        return [f"after all {len(doc['actions'])} recorded actions the game has not ended; "
                f"{rerecord_hint(game)}"]
    found = []
    digest = hashlib.sha256(canonical_json(state).encode()).hexdigest()
    if digest != doc["final_state_sha256"]:
        found.append(f"final state differs: sha256 {digest}, recorded "
                     f"{doc['final_state_sha256']}")
    got = json.loads(json.dumps(outcome.as_dict()))
    for key in ("scores", "ranks", "detail"):
        if got[key] != doc["outcome"][key]:
            found.append(f"outcome {key} differs: now {json.dumps(got[key])}, recorded "
                         f"{json.dumps(doc['outcome'][key])}")
    if found:
        found.append(rerecord_hint(game))
    return found


def test_there_are_recorded_games() -> None:
    assert PATHS, "no fixtures under tests/fixtures/"


@pytest.mark.parametrize("path", PATHS, ids=[f"{p.parent.name}/{p.name}" for p in PATHS])
def test_recorded_game_replays_to_the_same_end(path: Path) -> None:
    doc = json.loads(path.read_text())
    found = problems(doc, path.parent.name)
    assert not found, f"{path.parent.name}/{path.name}: " + "; ".join(found)


def _listed() -> list[Engine]:
    return [e for e in all_engines().values() if e.listed]


@pytest.mark.parametrize("engine", _listed(), ids=lambda e: e.id)
def test_every_title_has_twenty_games_over_every_player_count_and_option(
        engine: Engine) -> None:
    docs = [json.loads(p.read_text()) for p in (FIXTURES / engine.id).glob("*.json")]
    assert len(docs) >= MIN_PER_GAME, (
        f"{engine.id} has {len(docs)} recorded games, needs {MIN_PER_GAME}: "
        f".venv/bin/python tools/record_games.py {engine.id} --count {MIN_PER_GAME}")
    counts = {d["players"] for d in docs}
    missing = set(range(engine.min_players, engine.max_players + 1)) - counts
    assert not missing, f"{engine.id}: no recorded game with {sorted(missing)} players"
    recorded = [canonical_json(d["options"]) for d in docs]
    for options in record_games.option_choices(engine):
        assert canonical_json(options) in recorded, (
            f"{engine.id}: no recorded game with options {json.dumps(options)}")


# -- the checks themselves can fail, and the tool makes what they accept -------------------
RACE = {"goal": 12}


@pytest.fixture
def race_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tool writes into a temporary fixtures folder."""
    monkeypatch.setattr(record_games, "FIXTURES", tmp_path)
    monkeypatch.setattr(record_games, "ROOT", tmp_path)
    return tmp_path / "race"


def _record(*args: str) -> int:
    return record_games.main(["race", "--options", json.dumps(RACE), *args])


def test_the_tool_records_games_the_replay_accepts(race_dir: Path) -> None:
    assert _record("--count", "3", "--seeds", "4,5,6", "--note", "three races") == 0
    names = sorted(p.name for p in race_dir.glob("*.json"))
    assert names == ["2p-goal12-s4.json", "3p-goal12-s5.json", "4p-goal12-s6.json"]
    for path in race_dir.glob("*.json"):
        doc = json.loads(path.read_text())
        assert doc["note"] == "three races" and doc["rules_version"] == "1"
        assert problems(doc, "race") == []


def test_a_changed_game_and_a_stale_version_are_reported(race_dir: Path) -> None:
    assert _record("--seeds", "7", "--players", "2", "--prefix", "bug") == 0
    doc = json.loads((race_dir / "bug-2p-goal12-s7.json").read_text())
    wrong = dict(doc, outcome=dict(doc["outcome"], ranks=[9, 9]))
    assert any("final state differs" in p for p in problems(dict(doc, final_state_sha256="0"),
                                                             "race"))
    assert any("outcome ranks differs" in p for p in problems(wrong, "race"))
    cut = dict(doc, actions=doc["actions"][:-1])
    assert "has not ended" in problems(cut, "race")[0]
    longer = dict(doc, actions=doc["actions"] + doc["actions"][-1:])
    assert "more are recorded" in problems(longer, "race")[0]
    stale = dict(doc, rules_version="0")
    assert "re-record with tools/record_games.py and say why" in problems(stale, "race")[0]


def test_a_game_that_never_ends_is_an_error_not_a_fixture(race_dir: Path) -> None:
    code = record_games.main(["race", "--players", "2", "--max-actions", "40"])  # goal 10**6
    assert code == 1
    assert not list(race_dir.glob("*.json"))


def test_rerecord_needs_a_version_bump_for_a_changed_game(
        race_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _record("--seeds", "3", "--players", "3") == 0
    path = race_dir / "3p-goal12-s3.json"
    doc = json.loads(path.read_text())
    # As if the game had been recorded under other rules: its end no longer matches.
    path.write_text(record_games.dump(dict(doc, final_state_sha256="old")))
    note = ["--rerecord", "--note", "the goal now counts exactly"]
    assert record_games.main(["race", *note]) == 1
    assert json.loads(path.read_text())["final_state_sha256"] == "old"
    engine = get_engine("race")
    assert engine is not None
    monkeypatch.setattr(type(engine), "rules_version", "2")
    assert record_games.main(["race", *note]) == 0
    new = json.loads(path.read_text())
    assert new["rules_version"] == "2"
    assert new["final_state_sha256"] == doc["final_state_sha256"]
    assert new["note"].endswith("the goal now counts exactly")
    assert problems(new, "race") == []


def test_rerecord_replays_by_bot_when_the_old_actions_are_illegal(
        race_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _record("--seeds", "2", "--players", "2") == 0
    path = race_dir / "2p-goal12-s2.json"
    doc = json.loads(path.read_text())
    bad = [[1, {"type": "advance", "n": 1}], *doc["actions"]]   # seat 1 moves first
    path.write_text(record_games.dump(dict(doc, actions=bad)))
    engine = get_engine("race")
    assert engine is not None
    monkeypatch.setattr(type(engine), "rules_version", "2")
    assert record_games.main(["race", "--rerecord", "--note", "seat 0 starts"]) == 0
    new = json.loads(path.read_text())
    assert new["actions"] == doc["actions"]
    assert "re-played by the engine bot" in new["note"]


def test_a_hand_made_game_is_recorded_from_its_action_list(race_dir: Path,
                                                           tmp_path: Path) -> None:
    moves = tmp_path / "moves.json"
    moves.write_text(json.dumps([[0, {"type": "advance", "n": 6}],
                                 [1, {"type": "advance", "n": 1}],
                                 [0, {"type": "advance", "n": 6}]]))
    assert _record("--actions", str(moves), "--players", "2", "--seeds", "1",
                   "--prefix", "two-sixes", "--note", "a hand-made win") == 0
    doc = json.loads((race_dir / "two-sixes-2p-goal12-s1.json").read_text())
    assert doc["outcome"]["ranks"] == [1, 2] and len(doc["actions"]) == 3
    assert problems(doc, "race") == []
    moves.write_text(json.dumps([[0, {"type": "advance", "n": 6}]]))   # not a whole game
    assert _record("--actions", str(moves), "--players", "2", "--seeds", "2") == 1
    assert not (race_dir / "2p-goal12-s2.json").exists()
