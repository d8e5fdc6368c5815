"""Passengers, occupied cells, and the end of the game (rulebook "Victory", ruling 9)."""

from engines.tuk_tuk_taxi import ENGINE
from tests.engines.tuk_tuk_taxi.helpers import act, ends, make, move_to, roll


def test_an_empty_taxi_picks_up_where_it_stops_at_the_passengers_feet() -> None:
    s = make(2, taxis={0: "7,4", 1: "12,8"}, passengers=["6,4", "4,6"])
    s = move_to(roll(s, 1), "6,4")
    assert s["carrying"][0] is True and s["passengers"] == ["4,6"]


def test_may_stop_early_to_pick_up_and_loses_the_rest_of_the_move() -> None:
    s = roll(make(2, taxis={0: "7,4", 1: "12,8"}, passengers=["6,4"]), 2)
    assert "6,4" in ends(s) and "5,4" in ends(s)
    s = move_to(s, "6,4")
    assert s["taxis"][0] == "6,4" and s["carrying"][0] and s["current"] == 1


def test_a_taxi_with_a_passenger_cannot_take_a_second_one() -> None:
    s = make(2, taxis={0: "7,4", 1: "12,8"}, passengers=["6,4", "5,4"],
             carrying={0: True})
    s = roll(s, 2)
    assert "6,4" not in ends(s)  # no early stop: it could not pick anyone up
    s = move_to(s, "5,4")
    assert s["passengers"] == ["6,4", "5,4"] and s["carrying"][0] is True


def test_may_stop_early_at_its_own_stop_and_drops_off_there() -> None:
    s = roll(make(2, taxis={0: "0,2", 1: "12,8"}, carrying={0: True}), 5)
    assert "0,0" in ends(s)
    s = move_to(s, "0,0")
    assert s["delivered"][0] == 1 and s["carrying"][0] is False


def test_a_taxi_on_the_final_cell_makes_the_mover_stop_before_it() -> None:
    s = roll(make(2, taxis={0: "0,2", 1: "0,4"}), 2)
    assert "0,3" in ends(s) and "0,4" not in ends(s)


def test_taxis_overtake_each_other() -> None:
    s = roll(make(2, taxis={0: "0,2", 1: "0,3"}), 2)
    assert "0,4" in ends(s)


def test_another_players_stop_counts_as_occupied() -> None:
    s = roll(make(2, taxis={0: "0,10", 1: "12,8"}), 2)
    assert "0,12" not in ends(s) and "0,11" in ends(s)


def test_a_corner_nobody_plays_from_is_an_ordinary_cell() -> None:
    s = roll(make(2, taxis={0: "12,10", 1: "0,8"}), 2)
    assert "12,12" in ends(s)


def _deliver(s: dict) -> dict:
    """Seat 0, carrying, drives from 0,2 onto its stop 0,0."""
    s["taxis"][0] = "0,2"
    s["carrying"][0] = True
    return move_to(roll(s, 2), "0,0")


def test_two_players_second_passenger_wins() -> None:
    s = make(2, taxis={1: "12,8"}, passengers=["4,5", "4,6"], delivered=[1, 0])
    s = _deliver(s)
    out = ENGINE.outcome(s)
    assert out is not None and out.ranks == [1, 2] and out.scores == [2, 0]
    assert ENGINE.to_act(s) == []


def test_two_players_one_each_the_game_goes_on() -> None:
    s = make(2, taxis={1: "12,8"}, passengers=["4,5", "4,6"], delivered=[0, 1])
    s = _deliver(s)
    assert ENGINE.outcome(s) is None and s["current"] == 1


def test_three_players_third_passenger_wins() -> None:
    s = make(3, taxis={1: "12,8", 2: "8,12"}, passengers=["4,5"], delivered=[2, 1, 1])
    s = _deliver(s)
    assert ENGINE.outcome(s).ranks[0] == 1


def test_three_players_two_each_first_to_get_there_wins() -> None:
    s = make(3, taxis={1: "12,8", 2: "8,12"}, passengers=[], delivered=[1, 2, 2],
             last_drop=[1, 3, 4])
    s = _deliver(s)
    out = ENGINE.outcome(s)
    assert out.scores == [2, 2, 2] and out.ranks == [3, 1, 2]


def test_four_players_fourth_passenger_wins() -> None:
    s = make(4, taxis={1: "12,8", 2: "8,12", 3: "12,2"}, passengers=[],
             delivered=[3, 3, 1, 0])
    s = _deliver(s)
    assert ENGINE.outcome(s).ranks == [1, 2, 3, 4]


def test_four_players_three_three_nil_nil_with_two_left_goes_on() -> None:
    s = make(4, taxis={1: "12,8", 2: "8,12", 3: "12,2"}, passengers=["4,5"],
             delivered=[2, 3, 0, 0], carrying={2: True})
    s = _deliver(s)
    assert s["delivered"] == [3, 3, 0, 0]
    assert ENGINE.outcome(s) is None


def test_four_players_two_each_is_over() -> None:
    s = make(4, taxis={1: "12,8", 2: "8,12", 3: "12,2"}, passengers=[],
             delivered=[1, 2, 2, 2], last_drop=[2, 5, 1, 4])
    s = _deliver(s)
    assert ENGINE.outcome(s).ranks == [4, 3, 1, 2]


def test_game_ends_after_the_turn_that_drew_the_last_sign() -> None:
    s = make(2, taxis={0: "0,2", 1: "12,8"}, stack=[], delivered=[0, 1])
    assert ENGINE.outcome(s) is None
    s = move_to(roll(s, 2), "0,4")
    out = ENGINE.outcome(s)
    assert out is not None and out.ranks == [2, 1]


def test_nobody_delivered_at_the_end_of_the_stack_is_a_draw() -> None:
    s = make(3, taxis={0: "0,2", 1: "12,8", 2: "8,12"}, stack=[])
    s = move_to(roll(s, 2), "0,4")
    assert ENGINE.outcome(s).ranks == [1, 1, 1]


def test_the_game_goes_on_while_signs_remain() -> None:
    s = make(2, taxis={0: "0,2", 1: "12,8"}, stack=["stop"])
    s = move_to(roll(s, 2), "0,4")
    assert ENGINE.outcome(s) is None and s["drawn"] == "stop" and s["stack"] == []


def test_nothing_may_be_done_after_the_end() -> None:
    s = make(2, taxis={1: "12,8"}, passengers=["4,5", "4,6"], delivered=[1, 0])
    s = _deliver(s)
    assert ENGINE.legal_actions(s, 0) == [] == ENGINE.legal_actions(s, 1)
    try:
        act(s, 1, {"type": "roll"})
    except Exception as err:
        assert "over" in str(err)
    else:
        raise AssertionError("an action after the end was accepted")
