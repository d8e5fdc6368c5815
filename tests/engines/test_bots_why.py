"""A hint's reason (issue 41, ``GameBot.explain``) over random seeded positions of every
game with bots: it never fails, it is a message every language words with all its
placeholders filled, and it is the same when what the seat cannot see is drawn again (it
is worded from the seat's view, through the server's own path, app/http/hints.py)."""

from __future__ import annotations

from typing import Any

import pytest

from app.http.hints import _hint
from engines import bots
from engines.core.protocol import Engine
from engines.core.types import State
from engines.messages import LANGS, catalogue, placeholders, render
from engines.registry import all_engines
from tests.engines.test_bots_play import _hidden_twin, positions

GAMES = [e for e in all_engines().values() if bots.has_bots(e)]
#: Random positions per game (the normal bot decides each twice).
POSITIONS = 400


def _worded_everywhere(message: dict[str, Any]) -> None:
    """The key and every term among its parameters exist in all three catalogues, each
    language's pattern names only parameters given, and the sentence has none left over."""
    key, params = message["key"], message["params"]
    for lang in LANGS:
        pattern = catalogue(lang).get(key)
        assert pattern is not None, (lang, key)
        assert placeholders(pattern) <= set(params), (lang, key, params)
        line = render(key, params, lang)
        assert "{" not in line and line.strip(), (lang, key, line)
    for value in params.values():
        if isinstance(value, dict) and "term" in value:
            _worded_everywhere({"key": value["term"], "params": value.get("params") or {}})


@pytest.fixture(scope="module", params=GAMES, ids=[e.id for e in GAMES])
def game(request: pytest.FixtureRequest) -> tuple[Engine, list[tuple[State, int]]]:
    engine: Engine = request.param
    return engine, positions(engine, POSITIONS, seed=41)


def test_every_game_explains_its_hints() -> None:
    assert {e.id for e in GAMES} >= {"tuk-tuk-taxi", "jakarta-traffic", "kaki-lima",
                                     "indonesia"}


def test_a_hint_always_has_a_reason_in_every_language_read_from_the_view_alone(
        game: tuple[Engine, list[tuple[State, int]]]) -> None:
    engine, found = game
    keys: set[str] = set()
    generic = 0
    twins = 0
    for i, (state, seat) in enumerate(found):
        action, why = _hint(engine.id, state, seat, f"why:{i}")
        assert set(why) == {"key", "params"}
        _worded_everywhere(why)
        keys.add(why["key"])
        generic += why["key"] == "base.why.generic"
        if i % 5 == 0:
            twin = _hidden_twin(engine, state, seat, i)
            if twin is not None:
                twins += 1
                assert engine.view(twin, seat) == engine.view(state, seat)
                assert _hint(engine.id, twin, seat, f"why:{i}") == (action, why)
    assert twins >= 10
    # The game's own reasons, not only the generic line, explain most moves.
    assert len(keys - {"base.why.generic"}) >= 4, keys
    assert generic <= len(found) // 10, (generic, keys)
