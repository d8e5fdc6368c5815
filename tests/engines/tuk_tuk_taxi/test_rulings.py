"""The rulings Meja makes where the rulebook and the spec are silent (docs/rules)."""

from engines.tuk_tuk_taxi import ENGINE
from tests.engines.tuk_tuk_taxi.helpers import act, ends, make, move_to, roll


def _next_turn_for_seat_0(players: int = 2, **kw) -> dict:
    last = players - 1
    kw.setdefault("taxis", {})
    kw["taxis"].setdefault(last, "12,8")
    s = make(players, phase="no_parking", current=last, **kw)
    return act(s, last, {"type": "stay"})


def test_a_skipped_turn_draws_no_tile() -> None:
    s = make(2, phase="no_parking", current=0, taxis={0: "6,0", 1: "12,8"},
             stack=["stop", "slippery", "police"])
    s["skip"][1] = True
    s = act(s, 0, {"type": "stay"})
    assert s["current"] == 0 and s["drawn"] == "stop" and len(s["stack"]) == 2
    assert s["skip"] == [False, False]


def test_start_of_turn_drop_off_can_end_the_game() -> None:
    s = _next_turn_for_seat_0(taxis={0: "0,0"}, carrying={0: True}, passengers=["4,5"],
                              delivered=[1, 0], stack=["stop"])
    out = ENGINE.outcome(s)
    assert out is not None and out.ranks == [1, 2]
    assert s["stack"] == ["stop"]  # it ended before the draw


def test_a_taxi_starting_on_a_mandatory_turn_leaves_it_any_way() -> None:
    s = make(2, taxis={0: "0,8", 1: "12,8"}, signs={"0,8": ("turn_right", "W")})
    assert ends(roll(s, 1)) == {"0,7", "0,9", "1,8"}


def test_a_boxed_in_taxi_cannot_move_and_the_turn_passes() -> None:
    s = make(2, taxis={0: "0,5", 1: "12,8"}, signs={"0,4": "no_entry", "0,6": "no_entry"})
    s = roll(s, 4)
    assert s["current"] == 1 and s["taxis"][0] == "0,5"


def test_police_do_not_catch_a_taxi_that_started_on_their_cell() -> None:
    s = make(2, taxis={0: "0,6", 1: "12,8"})
    s["signs"]["0,6"] = {"kind": "police", "dir": None}
    s = roll(s, 5)
    assert all("Police" not in m["note"] for m in s["moves"])


def test_a_mechanic_space_under_the_own_taxi_counts_as_free() -> None:
    s = _next_turn_for_seat_0(taxis={0: "6,0", 1: "6,12"}, stack=["mechanic", "stop"])
    assert ENGINE.legal_actions(s, 0) == [{"type": "go_to", "cell": {"$choice": ["6,0"]}}]


def test_no_pick_up_on_a_no_parking_cell_the_taxi_drove_on_from() -> None:
    s = make(2, taxis={0: "7,8", 1: "12,8"}, passengers=["5,8"], signs={"5,8": "no_parking"})
    s = move_to(roll(s, 2), "5,8")
    assert s["phase"] == "no_parking" and s["carrying"][0] is False
    s = move_to(roll(s, 3), "4,10")
    assert s["passengers"] == ["5,8"] and s["carrying"][0] is False


def test_staying_on_no_parking_picks_the_passenger_up() -> None:
    s = make(2, taxis={0: "7,8", 1: "12,8"}, passengers=["5,8"], signs={"5,8": "no_parking"})
    s = act(move_to(roll(s, 2), "5,8"), 0, {"type": "stay"})
    assert s["carrying"][0] is True and s["passengers"] == []


def test_a_taxi_inside_a_one_way_segment_leaves_it_forwards() -> None:
    s = roll(make(2, taxis={0: "0,2", 1: "12,8"}, signs={"0,1": ("one_way", "E")}), 2)
    assert ends(s) == {"0,4"}


def test_getting_through_a_light_costs_what_the_exit_costs() -> None:
    signs = {"4,5": "slippery", "3,4": "slippery", "5,4": "slippery"}
    s = roll(make(2, taxis={0: "4,2", 1: "12,8"}, signs=signs), 3)
    assert "4,3" in ends(s) and not ends(s) & {"4,5", "3,4", "5,4", "4,4"}
