"""HONK: rotate a tile or swap in the tile in your possession (spec ruling 4)."""

import pytest

from engines.core.errors import RuleError
from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.setup import make_tile
from tests.engines.jakarta_traffic.helpers import act, cell, position, walled_board


def honk_cells(state, kind: str) -> dict[tuple[int, int], object]:
    return {(t["x"], t["y"]): t.get("turns", t.get("rotation"))
            for t in ENGINE.legal_actions(state, state["current"]) if t["type"] == kind}


def test_rotating_turns_the_tile_and_puts_the_marker_on_it() -> None:
    state = position(tiles=walled_board(), mopeds=[cell(1, 1), cell(2, 1)])
    state = act(state, 0, type="rotate", x=3, y=3, turns=3)
    assert state["tiles"][cell(3, 3)]["rot"] == 3
    assert state["marker"] == cell(3, 3)
    assert state["phase"] == "drive" and ENGINE.to_act(state) == [0]
    with pytest.raises(RuleError, match="now drive"):
        act(state, 0, type="rotate", x=4, y=4, turns=1)


def test_a_rotation_that_would_not_change_the_roads_is_refused() -> None:
    tiles = walled_board()
    tiles[cell(3, 3)] = make_tile("pickup", "P6", 0)   # spurs N and S, link W-E
    state = position(tiles=tiles, mopeds=[cell(1, 1), cell(2, 1)])
    with pytest.raises(RuleError, match="would not change"):
        act(state, 0, type="rotate", x=3, y=3, turns=2)
    assert honk_cells(state, "rotate")[(3, 3)] == {"$choice": [1, 3]}
    assert honk_cells(state, "rotate")[(3, 4)] == {"$choice": [1, 2, 3]}
    assert act(state, 0, type="rotate", x=3, y=3, turns=1)["tiles"][cell(3, 3)]["rot"] == 1


@pytest.mark.parametrize("blocker", ["marker", "stack", "own moped", "other moped"])
def test_tiles_with_a_marker_stack_or_moped_cannot_be_manipulated(blocker: str) -> None:
    target = cell(3, 3)
    mopeds = [cell(1, 1), cell(2, 1)]
    stacks = {}
    if blocker == "own moped":
        mopeds[0] = target
    elif blocker == "other moped":
        mopeds[1] = target
    elif blocker == "stack":
        stacks = {target: ("Bakso", 2)}
    state = position(tiles=walled_board(), mopeds=mopeds, stacks=stacks)
    if blocker == "marker":
        state["marker"] = target
    with pytest.raises(RuleError, match="has (the manipulation marker|an order stack|a moped)"):
        act(state, 0, type="rotate", x=3, y=3, turns=1)
    with pytest.raises(RuleError):
        act(state, 0, type="swap", x=3, y=3, rotation=0)
    assert (3, 3) not in honk_cells(state, "rotate")
    assert (3, 3) not in honk_cells(state, "swap")


def test_buildings_can_be_rotated_but_never_swapped() -> None:
    tiles = walled_board()
    tiles[cell(4, 4)] = make_tile("building", "P1", 0, address="Spa")
    state = position(tiles=tiles, mopeds=[cell(1, 1), cell(2, 1)])
    with pytest.raises(RuleError, match="Buildings can never be swapped"):
        act(state, 0, type="swap", x=4, y=4, rotation=1)
    assert (4, 4) in honk_cells(state, "rotate") and (4, 4) not in honk_cells(state, "swap")
    assert act(state, 0, type="rotate", x=4, y=4, turns=1)["tiles"][cell(4, 4)]["rot"] == 1


def test_swapping_places_your_tile_in_any_orientation_and_hands_you_the_other() -> None:
    tiles = walled_board()
    tiles[cell(2, 3)] = make_tile("charging", "P4", 0)
    state = position(tiles=tiles, mopeds=[cell(1, 1), cell(2, 1)])
    mine = state["hand"][0]
    state = act(state, 0, type="swap", x=2, y=3, rotation=2)
    assert state["tiles"][cell(2, 3)] == {**mine, "rot": 2}
    assert state["hand"][0]["kind"] == "charging" and state["hand"][0]["pattern"] == "P4"
    assert state["marker"] == cell(2, 3) and state["phase"] == "drive"


def test_the_marker_moves_to_each_newly_manipulated_tile_and_wanders_home() -> None:
    tiles = walled_board()
    tiles[cell(5, 5)] = make_tile("pickup", "P1", 0)   # rides to (4,5) through the alley
    # (2,5) rides to (3,5) through alley 12-13.
    state = position(tiles=tiles, mopeds=[cell(5, 5), cell(2, 5)])
    state = act(state, 0, type="rotate", x=3, y=3, turns=1)
    state = act(state, 0, type="drive", x=4, y=5)
    state = act(state, 1, type="swap", x=4, y=4, rotation=0)
    assert state["marker"] == cell(4, 4)
    state = act(state, 1, type="drive", x=3, y=5)
    state["marker"] = cell(5, 5)
    state = act(state, 0, type="drive", x=5, y=5)
    assert state["marker"] is None, "parking on the marker sends it back to the board"


def test_a_swap_may_leave_the_roads_as_they_were() -> None:
    tiles = walled_board()
    state = position(tiles=tiles, mopeds=[cell(1, 1), cell(2, 1)])
    state["hand"][0] = make_tile("pickup", "P1", 0)
    state = act(state, 0, type="swap", x=3, y=3, rotation=0)
    assert state["tiles"][cell(3, 3)] == make_tile("pickup", "P1", 0)
    assert state["marker"] == cell(3, 3) and state["phase"] == "drive"
