"""Spec rulings 11-16 (added after an audit of the first engine) and the audit's examples.

Seat 0 here is the rulebook's "seat 1" (the first lobby seat, taxi stop 0,0).
"""

import pytest

from engines.core.errors import ActionError
from engines.tuk_tuk_taxi import ENGINE
from tests.engines.tuk_tuk_taxi.helpers import act, ends, make, move_to, option, roll

FAR = {1: "12,8"}


def _police_moves(s: dict) -> list[dict]:
    return [m for m in s["moves"] if m["police"]]


# -- ruling 12: stopping on the Police cell is not driving past it ---------------------------
def test_ruling_12_police_before_a_light_the_taxi_cannot_pass_is_not_driven_past() -> None:
    # The audit's example: seat 1 on 4,1, Police on 4,3, a yellow 6. Half the roll (3) takes
    # the taxi onto the light with no move left to leave it: it stops on the Police cell.
    s = roll(make(2, taxis={0: "4,1", **FAR}, signs={"4,3": "police"}), 6)
    assert "4,3" in ends(s)
    assert not _police_moves(s)
    s = move_to(s, "4,3")
    assert s["taxis"][0] == "4,3" and s["current"] == 1


def test_ruling_12_police_in_front_of_an_occupied_last_cell_is_not_driven_past() -> None:
    # A 5: 0,2 0,3 0,4 0,5 (Police) and the 5th step would land on the taxi on 0,6.
    s = roll(make(2, taxis={0: "0,1", 1: "0,6"}, signs={"0,5": "police"}), 5)
    assert "0,5" in ends(s)
    assert "Police" not in option(s, "0,5")["note"]
    assert not _police_moves(s)


def test_ruling_12_passing_a_taxi_beyond_the_police_is_driving_past() -> None:
    # A 6: the taxi passes the one on 0,6 and ends on 0,7, so it did leave the Police cell.
    s = roll(make(2, taxis={0: "0,1", 1: "0,6"}, signs={"0,5": "police"}), 6)
    assert _police_moves(s)
    assert "0,7" not in ends(s)  # the police move ends on the own stop 0,0


def test_ruling_12_passing_the_police_on_a_four_does_not_use_the_sign_up() -> None:
    # Round the top-left block in one turn with three No parking re-rolls: past the Police
    # on a 4 (nothing happens), then past them again on a 6 (sent home).
    signs = {"0,2": "police", "1,0": "no_parking", "4,2": "no_parking", "1,4": "no_parking"}
    s = roll(make(2, taxis={0: "0,3", **FAR}, signs=signs), 4)
    assert not _police_moves(s)
    s = move_to(s, "1,0")
    s = move_to(roll(s, 5), "4,2")
    s = move_to(roll(s, 5), "1,4")  # green 5 through the light on 4,4
    s = roll(s, 6)
    assert _police_moves(s)
    assert "1,0" not in ends(s)  # 0,4 0,3 0,2 0,1 0,0 1,0 would drive past the Police


# -- ruling 11: a stop in front of a light ends the turn --------------------------------------
@pytest.mark.parametrize("start,value", [("4,2", 4), ("4,1", 6), ("4,1", 3), ("4,2", 2)])
def test_ruling_11_no_parking_in_front_of_a_light_gives_no_second_roll(start: str,
                                                                       value: int) -> None:
    # The audit's example is the first: seat 1 on 4,2, No parking on 4,3, a (yellow) 4.
    s = roll(make(2, taxis={0: start, **FAR}, signs={"4,3": "no_parking"}), value)
    assert "No parking" not in option(s, "4,3")["note"]
    s = move_to(s, "4,3")
    assert s["current"] == 1 and s["taxis"][0] == "4,3"


@pytest.mark.parametrize("start,value", [("4,2", 4), ("4,1", 3), ("4,2", 2)])
def test_ruling_11_no_stopping_in_front_of_a_light_drives_nowhere(start: str,
                                                                  value: int) -> None:
    s = roll(make(2, taxis={0: start, **FAR}, signs={"4,3": "no_stopping"}), value)
    s = move_to(s, "4,3")
    assert s["current"] == 1 and s["taxis"][0] == "4,3"


def test_ruling_11_pushed_back_over_a_light_by_a_taxi_is_a_stop_in_front_of_it() -> None:
    # Green 3: 4,3 4,4 4,5, but a taxi stands on 4,5; the taxi cannot end on the light and
    # ends in front of it, so the No parking there does nothing (a Meja reading of 11).
    s = roll(make(2, taxis={0: "4,2", 1: "4,5"}, signs={"4,3": "no_parking"}), 3)
    s = move_to(s, "4,3")
    assert s["current"] == 1


def test_ruling_11_ending_in_front_of_a_light_by_the_exact_count_is_no_light_stop() -> None:
    # The light plays no part in a route that never tries to enter it (S5): No parking acts.
    s = roll(make(2, taxis={0: "4,1", **FAR}, signs={"4,3": "no_parking"}), 2)
    s = move_to(s, "4,3")
    assert s["phase"] == "no_parking" and s["current"] == 0


# -- ruling 13: Slippery road with one move left ----------------------------------------------
def test_ruling_13_slippery_with_one_move_left_ends_the_move_in_front_of_it() -> None:
    # West: 12,5 (Slippery, 2 moves) then 12,4, and both ways on from there are Slippery with
    # one move left: the move ends on 12,4, a legal shorter route (the last move is lost).
    # East: 12,7 12,8 12,9 and No entry ahead with a move left: that route is merely stuck,
    # and stuck routes count only when no route ends by a rule. So 12,4 is the only end.
    signs = {"12,5": "slippery", "11,4": "slippery", "12,3": "slippery",
             "12,10": "no_entry", "11,8": "no_entry"}
    s = roll(make(2, taxis={0: "12,6", 1: "0,8"}, signs=signs), 4)
    assert ends(s) == {"12,4"}


def test_ruling_13_slippery_as_the_only_way_with_one_move_left_keeps_the_taxi_there() -> None:
    signs = {"0,3": "slippery", "0,1": "no_entry"}
    s = roll(make(2, taxis={0: "0,2", **FAR}, signs=signs), 1)
    # it cannot move at all: the turn passes on without a choice
    assert s["current"] == 1 and s["taxis"][0] == "0,2"


# -- ruling 14: Speed limit 40 counts steps, per roll -------------------------------------------
@pytest.mark.parametrize("second", ["slippery", "warning"])
def test_ruling_14_speed_limit_counts_steps_not_moves(second: str) -> None:
    # Speed limit on step 1, then a sign that spends two moves on step 2; a 6 still allows
    # steps 3 and 4 (moves 4 and 5), never a 5th step.
    s = roll(make(2, taxis={0: "0,1", **FAR}, signs={"0,2": "speed_limit", "0,3": second}), 6)
    assert {"0,5", "1,4"} <= ends(s)
    assert not ends(s) & {"0,6", "2,4"}


def test_ruling_14_after_a_no_parking_re_roll_the_steps_count_from_one() -> None:
    # The limit entered on the first roll still binds this turn (S6 "this turn"), counted
    # afresh for the new roll: 4 steps of a 6, not 2 (4 - the first roll's 2), nor all 6.
    s = make(2, taxis={0: "0,1", **FAR}, signs={"0,2": "speed_limit", "0,3": "no_parking"})
    s = move_to(roll(s, 2), "0,3")
    s = roll(s, 6)
    assert {"0,7", "3,4"} <= ends(s)
    assert not ends(s) & {"0,8", "0,9", "1,8"}


def test_ruling_14_a_speed_limit_entered_after_the_re_roll_counts_that_roll_only() -> None:
    s = make(2, taxis={0: "0,1", **FAR}, signs={"0,2": "no_parking", "0,4": "speed_limit"})
    s = move_to(roll(s, 1), "0,2")
    s = roll(s, 6)  # 0,3 0,4 (step 2 of this roll) 0,5 0,6, then no 5th step
    assert "0,6" in ends(s) and not ends(s) & {"0,7", "0,8"}


# -- ruling 15: the No stopping drive and the lights ---------------------------------------------
@pytest.mark.parametrize("start,value,expected", [
    ("0,0", 6, {"4,5", "3,4", "5,4"}),   # yellow 6: 3 moves for the drive, through the light
    ("2,0", 4, {"4,3"}),                 # yellow 4: 2 moves, onto the light: stop in front
    ("1,0", 5, {"4,7", "1,4", "7,4"}),   # green: all 5 steps
    ("4,0", 2, {"4,3"}),                 # red: stop in front of the light
])
def test_ruling_15_the_no_stopping_drive_obeys_the_latest_roll_at_a_light(
        start: str, value: int, expected: set[str]) -> None:
    s = roll(make(2, taxis={0: start, **FAR}, signs={"4,2": "no_stopping"}), value)
    s = move_to(s, "4,2")
    assert s["phase"] == "move" and ends(s) == expected


def test_ruling_15_the_longest_route_fallback_is_measured_in_steps() -> None:
    # Every way is blocked with moves left: west after 1 step (Slippery: 2 moves), east after
    # 2 steps (2 moves). The most steps wins: 12,8, not 12,5.
    signs = {"12,5": "slippery", "12,4": "no_entry", "12,9": "no_entry", "11,8": "no_entry"}
    s = roll(make(2, taxis={0: "12,6", 1: "0,8"}, signs=signs), 4)
    assert ends(s) == {"12,8"}


# -- ruling 16: Mechanic with both spaces taken ------------------------------------------------
def test_ruling_16_mechanic_with_both_spaces_taken_stays_ends_and_skips() -> None:
    s = make(3, taxis={0: "0,2", 1: "6,0", 2: "6,12"}, phase="no_parking", current=2,
             stack=["mechanic", "stop", "stop", "stop", "stop"])
    s = act(s, 2, {"type": "stay"})  # seat 2 ends its turn; seat 0 draws the Mechanic
    assert s["taxis"][0] == "0,2" and s["current"] == 1 and s["skip"][0] is True
    for seat in (1, 2):  # both play a turn; then seat 0's turn is skipped
        s = act(s, seat, {"type": "place", "cell": f"{2 + seat},12"})
        s = roll(s, 1)
        s = move_to(s, sorted(ends(s))[0])
    assert s["current"] == 1 and s["skip"][0] is False and s["taxis"][0] == "0,2"


# -- strict actions ----------------------------------------------------------------------------
@pytest.mark.parametrize("raw", [
    {"type": "move", "to": "0,3", "route": "1"},
    {"type": "move", "to": "0,3", "route": 1.0},
    {"type": "move", "to": "0,3", "route": True},
    {"type": "place", "cell": ["0", "3"]},
    {"type": "place", "cell": "0,3", "direction": "n"},
])
def test_wrong_types_are_invalid_never_coerced(raw: dict) -> None:
    with pytest.raises(ActionError):
        ENGINE.parse_action(raw)


# -- Meja readings around rulings 14 and 15 (docs/rules/tuk-tuk-taxi.md) -----------------------
def test_meja_no_stopping_drive_past_the_police_after_a_five_goes_home() -> None:
    s = roll(make(2, taxis={0: "0,0", **FAR}, signs={"0,5": "no_stopping", "0,7": "police"}), 5)
    s = move_to(s, "0,5")  # the drive 0,6 0,7 0,8 ... leaves the Police cell on step 3
    assert s["moves"] and all(m["police"] for m in s["moves"]) and ends(s) == {"0,0"}


def test_meja_an_active_speed_limit_caps_the_no_stopping_drive_at_four_steps() -> None:
    s = make(2, taxis={0: "0,1", **FAR}, signs={"0,2": "speed_limit", "0,3": "no_stopping"})
    s = move_to(roll(s, 2), "0,3")
    assert ends(s) == {"0,7", "3,4"}  # 0,4 then 3 more: the drive's own count, 4 at most


def test_ruling_11_stopping_early_for_a_passenger_on_no_parking_keeps_the_re_roll() -> None:
    # Green 3 from 5,4: 6,4 7,4 and the light on 8,4 is out of reach, but 7,4 is also a
    # passenger's cell: stopping there by choice is no light stop, so No parking acts, and
    # the light stop on the same route (turn over) is no separate choice (staying is).
    s = make(2, taxis={0: "5,4", **FAR}, signs={"7,4": "no_parking"}, passengers=["7,4"])
    s = roll(s, 3)
    assert [m["continuation"] for m in s["moves"] if m["to"] == "7,4"] == ["no_parking"]
    s = move_to(s, "7,4")
    assert s["phase"] == "no_parking"


# -- ruling 17: a Speed limit binds once entered; the one the taxi starts on caps nothing ------
def test_ruling_17_speed_limit_start_cell_caps_nothing() -> None:
    # The audit's position: the taxi starts its turn on the Speed limit at 0,2, stops on the
    # No parking at 0,4 with a 2 and rolls a 6. It never entered the limit this turn, so the
    # re-roll goes all 6 steps: 0,10 and 2,8; south, the yellow 6 stops it in front of 4,4.
    s = make(2, taxis={0: "0,2", **FAR}, signs={"0,2": "speed_limit", "0,4": "no_parking"})
    s = move_to(roll(s, 2), "0,4")
    assert s["phase"] == "no_parking"
    s = roll(s, 6)
    assert ends(s) == {"0,10", "2,8", "3,4"}


def test_ruling_17_speed_limit_start_cell_does_not_cap_the_no_stopping_drive() -> None:
    # The same start with No stopping on 0,4: the drive makes all 5 of its steps (0,9, 1,8);
    # south, the red 2 stops it in front of the light on 4,4.
    s = make(2, taxis={0: "0,2", **FAR}, signs={"0,2": "speed_limit", "0,4": "no_stopping"})
    s = move_to(roll(s, 2), "0,4")
    assert s["phase"] == "move" and ends(s) == {"0,9", "1,8", "3,4"}


def test_ruling_17_speed_limit_start_cell_lets_the_first_roll_go_six() -> None:
    # All 6 steps east (0,8) and west (4,0, or the own stop 0,0 early); south, the yellow 6
    # stops it in front of 4,4.
    s = roll(make(2, taxis={0: "0,2", **FAR}, signs={"0,2": "speed_limit"}), 6)
    assert ends(s) == {"0,8", "4,0", "0,0", "3,4"}


@pytest.mark.parametrize("second,expected", [
    ("no_parking", None),            # the re-roll: a 6, at most 4 steps (0,7 and 3,4)
    ("no_stopping", {"0,7", "3,4"}),  # the drive: 4 of its 5 steps
])
def test_ruling_17_an_entered_speed_limit_caps_every_later_leg_at_four_steps(
        second: str, expected: set[str] | None) -> None:
    s = make(2, taxis={0: "0,1", **FAR}, signs={"0,2": "speed_limit", "0,3": second})
    s = move_to(roll(s, 2), "0,3")
    if expected is None:
        s = roll(s, 6)
        expected = {"0,7", "3,4"}
    assert ends(s) == expected


def test_meja_a_slippery_road_the_taxi_started_on_costs_two_when_entered_later() -> None:
    # Read as S17 reads the Speed limit: the Slippery road on the start cell 0,3 has not been
    # entered. Round the block and back with a 3: 0,4, then 0,3 costs 2 moves: it ends there.
    signs = {"0,3": "slippery", "1,0": "no_parking", "4,2": "no_parking", "1,4": "no_parking"}
    s = move_to(roll(make(2, taxis={0: "0,3", **FAR}, signs=signs), 4), "1,0")
    s = move_to(roll(s, 5), "4,2")
    s = move_to(roll(s, 5), "1,4")
    s = roll(s, 3)
    assert ends(s) == {"0,3", "0,6"}


# -- ruling 18: No parking / No stopping act only where the taxi stops ---------------------------
def test_ruling_18_no_parking_driven_over_still_acts_when_stopped_on_later() -> None:
    # The audit's position: round the top-left block with three No parking re-rolls, then a
    # 3 ends on 0,2, a No parking the taxi only drove over on its first leg: it rolls again.
    signs = {"0,2": "no_parking", "1,0": "no_parking", "4,2": "no_parking", "1,4": "no_parking"}
    s = move_to(roll(make(2, taxis={0: "0,3", **FAR}, signs=signs), 4), "1,0")
    s = move_to(roll(s, 5), "4,2")
    s = move_to(roll(s, 5), "1,4")  # green 5 through the light on 4,4
    s = roll(s, 3)
    assert option(s, "0,2")["continuation"] == "no_parking"
    s = move_to(s, "0,2")
    assert s["phase"] == "no_parking" and s["current"] == 0


def test_ruling_18_no_stopping_driven_over_still_acts_when_stopped_on_later() -> None:
    # Over the No stopping on 0,2 on the first leg, round the block, and a 3 ends on it:
    # the taxi drives 5 steps on, west (it came from 0,3): to 3,0, or early to its own stop.
    signs = {"0,2": "no_stopping", "1,0": "no_parking", "4,2": "no_parking", "1,4": "no_parking"}
    s = move_to(roll(make(2, taxis={0: "0,3", **FAR}, signs=signs), 4), "1,0")
    s = move_to(roll(s, 5), "4,2")
    s = move_to(roll(s, 5), "1,4")
    s = move_to(roll(s, 3), "0,2")
    assert s["phase"] == "move" and ends(s) == {"3,0", "0,0"}


# -- ruling 19: held back in front of a light, the turn ends whatever the colour ---------------
@pytest.mark.parametrize("start,value", [("8,12", 4), ("7,12", 5)])
def test_ruling_19_pushed_back_in_front_of_a_light_ends_the_turn(start: str,
                                                                 value: int) -> None:
    # The audit's position: a Warning on 8,9 right in front of the light on 8,8 with the
    # other taxi on it, No parking on 8,10. The taxi cannot pay the Warning's extra move into
    # the light (yellow 4: half the roll; green 5: one move short) and cannot end on the
    # occupied 8,9, so it comes to rest on 8,10: held back by the light, no re-roll there.
    signs = {"8,9": "warning", "8,10": "no_parking"}
    s = roll(make(2, taxis={0: start, 1: "8,9"}, signs=signs), value)
    assert option(s, "8,10")["continuation"] is None
    s = move_to(s, "8,10")
    assert s["current"] == 1 and s["taxis"][0] == "8,10"


def test_ruling_19_a_warning_one_move_short_of_the_light_is_a_light_stop() -> None:
    # Green 5 from 7,12, 8,9 free: the taxi ends on the Warning in front of the light because
    # it cannot pay the extra move into it; the route's note says the turn ends there.
    s = roll(make(2, taxis={0: "7,12", **FAR}, signs={"8,9": "warning"}), 5)
    assert option(s, "8,9")["light"] is True


@pytest.mark.parametrize("dead_end", [
    {"8,0": "no_entry"},                           # stuck on 9,0
    {"8,0": ("turn_left", "N")},                   # the turn would leave the board: 9,0
    {"6,0": ("one_way", "S"), "8,1": "no_entry"},  # stuck on the corner 8,0
])
def test_ruling_19_a_dead_end_past_the_police_on_a_six_is_no_legal_move(
        dead_end: dict) -> None:
    # North from 11,0 past the Police on 10,0 into a dead end with moves left, while
    # full-length routes east exist: that route is no move, so speeding past the Police
    # there cannot be chosen to be sent home (a free ride to the stop).
    signs = {"10,0": "police", **dead_end}
    s = roll(make(2, taxis={0: "11,0", **FAR}, signs=signs), 6)
    assert not _police_moves(s)
    assert ends(s) == {"12,5", "11,4"}
