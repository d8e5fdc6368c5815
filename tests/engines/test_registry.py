"""Every game package loads and describes itself completely."""

from __future__ import annotations

import json

import pytest

from engines.core.protocol import Engine
from engines.registry import all_engines, get_engine

GAMES = ["indonesia", "jakarta-traffic", "kaki-lima", "race", "tuk-tuk-taxi"]


def packaged() -> dict[str, Engine]:
    """The engines found under engines/ (service tests register test-only engines too)."""
    return {g: e for g, e in all_engines().items() if type(e).__module__.startswith("engines.")}


def test_every_game_package_is_registered() -> None:
    assert sorted(packaged()) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_each_engine_describes_itself_for_the_home_page(game: str) -> None:
    engine = get_engine(game)
    assert isinstance(engine, Engine)
    info = engine.describe()
    assert info["id"] == game and info["name"] and info["rules_version"]
    assert 1 <= info["min_players"] <= info["max_players"] <= 6
    json.dumps(info["options_schema"])
    # The defaults of the options model must give a playable game.
    state = engine.setup(engine.min_players, engine.validate_options({}), seed=1)
    assert engine.to_act(state) and engine.outcome(state) is None


def test_only_the_benchmark_game_is_unlisted() -> None:
    assert [g for g, e in packaged().items() if not e.listed] == ["race"]
