"""Every road sign, met from every side it can be met (rulebook "Road Signs", ruling 6).

The sign stands on the intersection X = 0,4 (three sides: from the west, east and south).
The taxi starts two cells before X on that side, so it enters X with its 2nd move.
"""

import pytest

from engines.core.errors import RuleError
from engines.tuk_tuk_taxi.routes import Leg, leg_outcomes
from tests.engines.tuk_tuk_taxi.helpers import act, ends, make, move_to, roll

X = "0,4"
#: side -> (start, the cell before X, cells k steps beyond X by k)
SIDES = {
    "west": ("0,2", "0,3", lambda k: {f"0,{4 + k}", f"{k},4"}),
    "east": ("0,6", "0,5", lambda k: {f"0,{4 - k}", f"{k},4"}),
    "south": ("2,4", "1,4", lambda k: {f"0,{4 - k}", f"0,{4 + k}"}),
}


def _taxi(side: str, sign: str | tuple[str, str], **kw) -> dict:
    start = SIDES[side][0]
    return make(2, taxis={0: start, 1: "12,8"}, signs={X: sign}, **kw)


@pytest.mark.parametrize("side", SIDES)
def test_without_a_sign_the_taxi_drives_through(side: str) -> None:
    s = roll(make(2, taxis={0: SIDES[side][0], 1: "12,8"}), 3)
    assert SIDES[side][2](1) <= ends(s)


@pytest.mark.parametrize("side", SIDES)
def test_slippery_road_costs_one_move_more(side: str) -> None:
    s = roll(_taxi(side, "slippery"), 3)
    assert X in ends(s) and not SIDES[side][2](1) & ends(s)
    s = roll(_taxi(side, "slippery"), 4)
    assert SIDES[side][2](1) <= ends(s)


@pytest.mark.parametrize("side", SIDES)
def test_slippery_road_cannot_be_entered_with_one_move_left(side: str) -> None:
    s = roll(_taxi(side, "slippery"), 2)
    assert SIDES[side][1] in ends(s) and X not in ends(s)


@pytest.mark.parametrize("side", SIDES)
def test_warning_leaving_the_sign_costs_one_move(side: str) -> None:
    s = roll(_taxi(side, "warning"), 2)
    assert X in ends(s)  # stopping on it costs nothing
    s = roll(_taxi(side, "warning"), 3)
    assert X in ends(s) and not SIDES[side][2](1) & ends(s)
    s = roll(_taxi(side, "warning"), 4)
    assert SIDES[side][2](1) <= ends(s)


def test_warning_still_slows_the_taxi_that_stopped_on_it() -> None:
    s = roll(make(2, taxis={0: X, 1: "12,8"}, signs={X: "warning"}), 2)
    assert ends(s) == {"0,3", "0,5", "1,4"}


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("kind", ["stop", "pedestrian_crossing"])
def test_stop_and_pedestrian_crossing_hold_the_taxi_in_front(side: str, kind: str) -> None:
    s = roll(_taxi(side, kind), 4)
    before = SIDES[side][1]
    assert before in ends(s)
    assert X not in ends(s) and not SIDES[side][2](2) & ends(s)


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("kind", ["stop", "pedestrian_crossing"])
def test_next_turn_the_first_step_may_enter_the_sign(side: str, kind: str) -> None:
    before = SIDES[side][1]
    s = make(2, taxis={0: before, 1: "12,8"}, signs={X: kind})
    s = roll(s, 3)
    assert SIDES[side][2](2) <= ends(s)


@pytest.mark.parametrize("side", SIDES)
def test_speed_limit_forbids_the_fifth_and_sixth_move(side: str) -> None:
    s = roll(_taxi(side, "speed_limit"), 6)
    assert SIDES[side][2](2) <= ends(s)
    assert not SIDES[side][2](3) & ends(s) and not SIDES[side][2](4) & ends(s)


def test_speed_limit_rulebook_example_four_away_and_a_five() -> None:
    s = make(2, taxis={0: "0,8", 1: "12,8"}, signs={"0,4": "speed_limit"})
    s = roll(s, 5)
    assert "0,4" in ends(s)
    assert not ends(s) & {"0,3", "1,4"}


@pytest.mark.parametrize("side", SIDES)
def test_no_entry_cannot_be_entered(side: str) -> None:
    s = roll(_taxi(side, "no_entry"), 3)
    assert all(X not in m["path"] for m in s["moves"])


def test_only_when_every_route_is_blocked_the_taxi_goes_as_far_as_it_can() -> None:
    s = make(2, taxis={0: "0,5", 1: "12,8"}, signs={"0,4": "no_entry", "0,7": "no_entry"})
    s = roll(s, 3)
    assert ends(s) == {"0,6"}


@pytest.mark.parametrize("side", SIDES)
def test_no_parking_lets_the_taxi_roll_again_and_drive_on(side: str) -> None:
    s = roll(_taxi(side, "no_parking"), 2)
    s = move_to(s, X)
    assert s["phase"] == "no_parking" and s["current"] == 0
    s = roll(s, 1)
    before = SIDES[side][1]
    assert before not in ends(s)  # no reversal after the second roll
    assert ends(s) == SIDES[side][2](1)


def test_no_parking_the_player_may_also_stay() -> None:
    s = move_to(roll(_taxi("west", "no_parking"), 2), X)
    s = act(s, 0, {"type": "stay"})
    assert s["taxis"][0] == X and s["current"] == 1


def test_after_a_second_roll_a_stop_sign_is_not_a_first_step() -> None:
    s = make(2, taxis={0: "0,2", 1: "12,8"}, signs={X: "no_parking", "0,5": "stop"})
    s = move_to(roll(s, 2), X)
    s = roll(s, 3)
    assert "0,5" not in ends(s) and all("0,5" not in m["path"] for m in s["moves"])
    assert "3,4" in ends(s)


@pytest.mark.parametrize("side,start", [("west", "0,1"), ("east", "0,7"), ("south", "3,4")])
def test_no_stopping_drives_the_taxi_five_steps_on(side: str, start: str) -> None:
    s = make(2, taxis={0: start, 1: "12,8"}, signs={X: "no_stopping"})
    s = move_to(roll(s, 3), X)
    assert s["phase"] == "move" and s["current"] == 0
    assert s["moves"]
    for m in s["moves"]:
        assert m["path"][0] == X and m["path"][1] != SIDES[side][1]  # no reversal
        # five steps, unless it stops early at its own stop 0,0
        assert len(m["path"]) == 6 or m["to"] == "0,0"


def test_no_stopping_steps_obey_the_latest_roll_at_a_light() -> None:
    s = move_to(roll(_taxi("west", "no_stopping"), 2), X)  # a red 2
    assert "3,4" in ends(s) and "Red light" in next(
        m["note"] for m in s["moves"] if m["to"] == "3,4")


def test_no_stopping_five_steps_exactly() -> None:
    s = move_to(roll(_taxi("south", "no_stopping"), 2), X)
    # west: 0,3 0,2 0,1 then seat 0's own stop (may stop early) ... ; east: 0,5 .. 0,8 and on
    assert {"0,9", "1,8"} <= ends(s)
    assert "0,0" in ends(s)  # own stop on the way: stopping there is allowed


@pytest.mark.parametrize("kind", ["turn_right", "turn_left"])
def test_mandatory_turn_from_the_arrow_base_forces_the_turn(kind: str) -> None:
    # travel W into 0,8 from 0,9; right of W is N (off the board), left of W is S
    sign = (kind, "W")
    s = roll(make(2, taxis={0: "0,10", 1: "12,8"}, signs={"0,8": sign}), 4)
    through = [m for m in s["moves"] if "0,8" in m["path"]]
    if kind == "turn_left":
        assert through and all(m["path"][m["path"].index("0,8") + 1] == "1,8"
                               for m in through if m["path"][-1] != "0,8")
        assert "1,8" in ends(roll(make(2, taxis={0: "0,10", 1: "12,8"},
                                       signs={"0,8": sign}), 3))
        assert "0,6" not in ends(s)
    else:  # the turn would leave the board: no entry from this side
        assert not through


@pytest.mark.parametrize("side", ["south", "east"])
def test_mandatory_turn_does_not_bind_cars_from_other_sides(side: str) -> None:
    s = roll(_taxi(side, ("turn_right", "E")), 3)
    assert SIDES[side][2](1) <= ends(s)


def test_mandatory_turn_right_from_the_west_goes_south() -> None:
    s = roll(_taxi("west", ("turn_right", "E")), 3)
    assert "1,4" in ends(s) and "0,5" not in ends(s)


def test_one_way_traffic_only_in_the_arrow_direction() -> None:
    signs = {"0,2": ("one_way", "E")}
    s = roll(make(2, taxis={0: "0,4", 1: "12,8"}, signs=signs), 2)
    assert "0,2" not in ends(s) and "0,3" not in ends(s)
    s = roll(make(2, taxis={0: "1,0", 1: "12,8"}, signs=signs), 3)
    assert "0,2" in ends(s)


def test_one_way_governs_only_its_own_segment() -> None:
    s = roll(make(2, taxis={0: "0,6", 1: "12,8"}, signs={"0,2": ("one_way", "E")}), 2)
    assert "0,4" in ends(s)  # the intersection is not part of the segment


def test_a_sign_acts_at_most_once_per_turn() -> None:
    leg = Leg(start=(0, 2), prev=None, first=True, budget=3, roll=3,
              signs={(0, 4): ("slippery", None)}, used=frozenset({(0, 4)}), own_stop=(0, 0),
              not_endable=frozenset(), pick_up=frozenset())
    assert (0, 5) in {o.end for o in leg_outcomes(leg)}
    leg.used = frozenset()
    assert (0, 5) not in {o.end for o in leg_outcomes(leg)}


def test_no_reversal_within_a_turn() -> None:
    s = roll(make(2, taxis={0: "0,2", 1: "12,8"}), 2)
    assert ends(s) == {"0,4", "0,0"}
    for m in s["moves"]:
        assert len(set(m["path"])) == len(m["path"])


def test_moving_to_a_cell_not_offered_is_refused() -> None:
    s = roll(make(2, taxis={0: "0,2", 1: "12,8"}), 2)
    with pytest.raises(RuleError, match="cannot end"):
        move_to(s, "0,3")


def test_mandatory_turn_into_no_entry_closes_the_intersection_from_that_side() -> None:
    signs = {"0,8": ("turn_left", "W"), "1,8": "no_entry"}
    s = roll(make(2, taxis={0: "0,10", 1: "12,8"}, signs=signs), 4)
    assert all("0,8" not in m["path"] for m in s["moves"])
    # from the other side the same intersection is open
    s = roll(make(2, taxis={0: "0,6", 1: "12,8"}, signs=signs), 3)
    assert "0,9" in ends(s)
