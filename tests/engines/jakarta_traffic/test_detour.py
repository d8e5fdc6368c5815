"""DETOUR: the dice choose the parking spot (spec "Driving", detour)."""

import pytest

from engines.core.errors import RuleError
from engines.jakarta_traffic import ENGINE
from tests.engines.jakarta_traffic.helpers import (
    act,
    act_log,
    cell,
    position,
    rng_position_rolling,
    walled_board,
)


def detour_with(rolls: list[tuple[int, int]], start: int = cell(1, 1)):
    state = position(tiles=walled_board(), mopeds=[start, cell(5, 1)])
    state["rng"] = rng_position_rolling(*rolls)
    return act_log(state, 0, type="detour")


def test_the_white_die_is_the_column_and_the_black_die_the_row() -> None:
    state, log = detour_with([(2, 4)])
    assert state["mopeds"][0] == cell(2, 4)
    assert "rolled 2+4" in log[0]


@pytest.mark.parametrize(("roll", "spot"), [((6, 3), (3, 3)), ((5, 6), (5, 5))])
def test_a_six_mirrors_the_other_die(roll: tuple[int, int], spot: tuple[int, int]) -> None:
    state, _ = detour_with([roll])
    assert state["mopeds"][0] == cell(*spot)


def test_a_double_six_lets_the_player_pick_any_spot_but_their_own() -> None:
    state, _ = detour_with([(6, 6)])
    assert state["phase"] == "pick_spot"
    spots = {(t["x"], t["y"]) for t in ENGINE.legal_actions(state, 0)}
    assert len(spots) == 24 and (1, 1) not in spots
    with pytest.raises(RuleError, match="but your own"):
        act(state, 0, type="pick_spot", x=1, y=1)
    state = act(state, 0, type="pick_spot", x=5, y=1)
    assert state["mopeds"][0] == cell(5, 1)
    assert state["bubbles"][0] == 1, "landing on a competitor is a chat as usual"


def test_dice_naming_your_own_tile_are_rolled_again() -> None:
    state, log = detour_with([(2, 2), (4, 1)], start=cell(2, 2))
    assert state["mopeds"][0] == cell(4, 1)
    assert "rolled 2+2, 4+1" in log[0]
    assert state["dice"] == {"seat": 0, "rolls": [[2, 2], [4, 1]]}


def test_a_detour_may_replace_a_possible_drive_and_follow_a_honk() -> None:
    state = position(tiles=walled_board(), mopeds=[cell(5, 5), cell(5, 1)])
    assert any(t["type"] == "drive" for t in ENGINE.legal_actions(state, 0))
    state = act(state, 0, type="rotate", x=3, y=3, turns=1)
    assert {"type": "detour"} in ENGINE.legal_actions(state, 0)
    state = act(state, 0, type="detour")
    assert state["mopeds"][0] != cell(5, 5)
