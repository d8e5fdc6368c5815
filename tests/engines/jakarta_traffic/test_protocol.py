"""The engine protocol: registration, turns, phases, malformed actions and views."""

import pytest

from engines.core.errors import ActionError, RuleError
from engines.jakarta_traffic import ENGINE
from engines.registry import get_engine
from tests.engines.jakarta_traffic.helpers import act, cell, position, walled_board


def test_the_registry_finds_jakarta_traffic() -> None:
    engine = get_engine("jakarta-traffic")
    assert engine is ENGINE and engine.name == "Jakarta Traffic"


def test_only_the_current_player_may_act() -> None:
    state = position(tiles=walled_board(), mopeds=[cell(1, 1), cell(2, 1)])
    assert ENGINE.legal_actions(state, 1) == []
    with pytest.raises(RuleError, match="not your turn"):
        act(state, 1, type="detour")


def test_an_action_of_another_phase_is_refused_with_a_hint() -> None:
    state = position(tiles=walled_board(), mopeds=[cell(1, 1), cell(2, 1)])
    with pytest.raises(RuleError, match="Honk, drive or take a detour"):
        act(state, 0, type="accept")


@pytest.mark.parametrize("bad", [
    {"type": "rotate", "x": 0, "y": 1, "turns": 1},
    {"type": "rotate", "x": 1, "y": 1, "turns": 4},
    {"type": "swap", "x": 1, "y": 6, "rotation": 0},
    {"type": "drive", "x": 1},
    {"type": "honk"},
    {"type": "detour", "dice": [6, 6]},
])
def test_malformed_actions_are_refused_before_any_rule(bad: dict) -> None:
    with pytest.raises(ActionError):
        ENGINE.parse_action(bad)


def test_views_show_the_table_but_not_the_generator() -> None:
    state = ENGINE.setup(3, {}, seed=4)
    for seat in (None, 0, 1, 2):
        view = ENGINE.view(state, seat)
        assert "rng" not in view
        assert view["hand"] == state["hand"], "the tiles in possession lie open"
        assert len(view["orderboard"]) == 5


def test_legal_actions_offer_the_reachable_spots_after_the_honk() -> None:
    tiles = walled_board()
    state = position(tiles=tiles, mopeds=[cell(5, 5), cell(1, 1)])
    state = act(state, 0, type="rotate", x=2, y=2, turns=1)
    assert ENGINE.legal_actions(state, 0) == [{"type": "drive", "x": 4, "y": 5},
                                               {"type": "detour"}]
    assert list(ENGINE.view(state, 1)["routes"]) == [str(cell(4, 5))]
