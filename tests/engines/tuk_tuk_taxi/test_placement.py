"""Placing road signs and Police (spec ruling 3)."""

import pytest

from engines.core.errors import RuleError
from engines.tuk_tuk_taxi import ENGINE, data
from engines.tuk_tuk_taxi.signs import placements
from tests.engines.tuk_tuk_taxi.helpers import act, make


def _cells(s: dict) -> set[str]:
    out: set[str] = set()
    for t in ENGINE.legal_actions(s, s["current"]):
        cell = t["cell"]
        out |= set(cell["$choice"]) if isinstance(cell, dict) else {cell}
    return out


@pytest.mark.parametrize("kind", ["stop", "police", "slippery", "no_entry"])
def test_plain_sign_goes_on_any_street_but_lights_stops_and_taxis(kind: str) -> None:
    s = make(2, phase="sign", drawn=kind, taxis={0: "0,2", 1: "6,4"})
    cells = _cells(s)
    assert len(cells) == 88 - 4 - 4 - 2
    assert not cells & {"4,4", "4,8", "8,4", "8,8"}
    assert not cells & {"0,0", "0,12", "12,12", "12,0"}
    assert "0,2" not in cells and "6,4" not in cells
    assert {"0,6", "6,0", "4,5"} <= cells  # gas station, mechanic, passenger spot


def test_placed_sign_stands_on_the_board_and_the_turn_moves_to_the_roll() -> None:
    s = make(2, phase="sign", drawn="stop")
    s = act(s, 0, {"type": "place", "cell": "0,5"})
    assert s["signs"]["0,5"] == {"kind": "stop", "dir": None}
    assert s["phase"] == "roll"
    assert ENGINE.view(s, None)["signs"]["0,5"]["name"] == "Stop"


def test_sign_on_a_traffic_light_is_refused_in_words() -> None:
    s = make(2, phase="sign", drawn="stop")
    with pytest.raises(RuleError, match="cannot go on that space"):
        act(s, 0, {"type": "place", "cell": "4,4"})


def test_sign_on_a_taxi_is_refused() -> None:
    s = make(2, phase="sign", drawn="stop", taxis={1: "0,5"})
    with pytest.raises(RuleError):
        act(s, 0, {"type": "place", "cell": "0,5"})


def test_new_sign_replaces_the_old_one_which_leaves_the_game() -> None:
    s = make(2, phase="sign", drawn="slippery", signs={"0,5": "stop"})
    s = act(s, 0, {"type": "place", "cell": "0,5"})
    assert s["signs"]["0,5"]["kind"] == "slippery"
    assert s["removed"] == 1


def test_mandatory_turn_goes_only_on_intersections_with_a_direction_per_side() -> None:
    s = make(2, phase="sign", drawn="turn_right")
    templates = ENGINE.legal_actions(s, 0)
    cells = {c for t in templates for c in t["cell"]["$choice"]}
    assert cells == {"0,4", "0,8", "4,0", "8,0", "4,12", "8,12", "12,4", "12,8"}
    top = next(t for t in templates if "0,4" in t["cell"]["$choice"])
    assert sorted(top["direction"]["$choice"]) == ["E", "N", "W"]
    with pytest.raises(RuleError, match="which way"):
        act(s, 0, {"type": "place", "cell": "0,4"})
    with pytest.raises(RuleError):
        act(s, 0, {"type": "place", "cell": "0,4", "direction": "S"})
    s = act(s, 0, {"type": "place", "cell": "0,4", "direction": "E"})
    assert s["signs"]["0,4"] == {"kind": "turn_right", "dir": "E"}


def test_one_way_goes_between_intersections_pointing_along_the_street() -> None:
    s = make(2, phase="sign", drawn="one_way")
    templates = ENGINE.legal_actions(s, 0)
    by_dirs = {tuple(t["direction"]["$choice"]): set(t["cell"]["$choice"]) for t in templates}
    assert "0,5" in by_dirs[("E", "W")] and "5,0" in by_dirs[("N", "S")]
    assert "0,4" not in by_dirs[("E", "W")]
    with pytest.raises(RuleError):
        act(s, 0, {"type": "place", "cell": "0,5", "direction": "N"})


def test_one_way_replaces_another_one_way_in_its_segment() -> None:
    s = make(2, phase="sign", drawn="one_way", signs={"0,1": ("one_way", "W")})
    s = act(s, 0, {"type": "place", "cell": "0,3", "direction": "E"})
    assert "0,1" not in s["signs"] and s["signs"]["0,3"]["dir"] == "E"
    assert s["removed"] == 1


def test_plain_sign_with_a_direction_is_refused() -> None:
    s = make(2, phase="sign", drawn="stop")
    with pytest.raises(RuleError, match="no direction"):
        act(s, 0, {"type": "place", "cell": "0,5", "direction": "E"})


def test_sign_that_cannot_be_placed_anywhere_is_discarded(monkeypatch) -> None:
    # Our board always has room; shrink the intersections so the taxis fill every one.
    monkeypatch.setattr(data, "INTERSECTIONS", frozenset({(0, 4), (0, 8)}))
    assert placements("turn_left", ["0,4", "0,8"]) == {}
    s = make(3, phase="no_parking", taxis={1: "0,4", 2: "0,8"}, current=2,
             stack=["turn_left", "stop"])
    s = act(s, 2, {"type": "stay"})  # seat 2's turn ends; seat 0 draws the turn sign
    assert s["current"] == 0 and s["drawn"] == "turn_left"
    assert s["phase"] == "roll" and s["removed"] == 1
    assert s["signs"] == {}
