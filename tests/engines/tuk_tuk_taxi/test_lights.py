"""Traffic lights and the die's colour (rulebook "Die and Traffic Light", spec ruling 5)."""

import pytest

from engines.tuk_tuk_taxi import ENGINE
from tests.engines.tuk_tuk_taxi.helpers import ends, make, move_to, option, roll

FAR = {1: "12,8"}


def _at(cell: str) -> dict:
    return make(2, taxis={0: cell, **FAR})


@pytest.mark.parametrize("value", [1, 2])
def test_red_stops_the_taxi_in_front_of_the_light(value: int) -> None:
    s = roll(_at("4,3"), value)
    assert "4,3" in ends(s)  # stays in front of the light
    assert not ends(s) & {"4,5", "3,4", "5,4"}
    assert "Red light" in option(s, "4,3")["note"]
    # the way away from the light is still free
    assert ("4,1" if value == 2 else "4,2") in ends(s)


def test_red_light_ends_the_turn_even_on_no_parking() -> None:
    s = make(2, taxis={0: "4,2", **FAR}, signs={"4,3": "no_parking"})
    s = roll(s, 2)  # the route runs into the light on its 2nd move
    s = move_to(s, "4,3")
    assert s["current"] == 1  # no second roll: the light holds the taxi


@pytest.mark.parametrize("value,through", [(3, {"4,6", "2,4", "6,4"}),
                                           (5, {"4,7", "0,4", "7,4"})])
def test_green_lets_the_taxi_drive_through(value: int, through: set[str]) -> None:
    assert through <= ends(roll(_at("4,3"), value))


def test_green_without_moves_to_pass_through_stops_in_front() -> None:
    s = roll(_at("4,1"), 3)  # 4,2 4,3 then the light would be the last move
    assert "4,3" in ends(s)
    assert "4,4" not in ends(s)
    assert all("4,4" != m["to"] for m in s["moves"])


@pytest.mark.parametrize("value,beyond", [(4, 1), (6, 2)])
def test_yellow_route_through_the_light_is_worth_half_the_roll(value: int,
                                                               beyond: int) -> None:
    s = roll(_at("4,3"), value)
    assert f"4,{4 + beyond}" in ends(s)
    assert f"4,{5 + beyond}" not in ends(s)
    # a route away from the light uses the whole roll
    assert {f"{4 - (value - 3)},0", f"{4 + (value - 3)},0"} <= ends(s)


def test_yellow_half_not_enough_stops_in_front_of_the_light() -> None:
    s = roll(_at("4,1"), 4)  # half = 2: 4,2 4,3 and no move left to pass the light
    assert "4,3" in ends(s)
    assert not ends(s) & {"4,5", "3,4", "5,4"}


def test_a_taxi_never_ends_on_a_traffic_light() -> None:
    for start in ("4,1", "4,2", "4,3", "1,4", "2,4"):
        for value in range(1, 7):
            s = roll(_at(start), value)
            assert not ends(s) & {"4,4", "4,8", "8,4", "8,8"}


def test_die_colour_is_named_in_words_for_every_viewer() -> None:
    s = roll(_at("0,2"), 4)
    for viewer in (None, 0, 1):
        assert ENGINE.view(s, viewer)["die"] == {"value": 4, "colour": "yellow"}
