"""Action signs: Mechanic, Gas station, Police, Remove a sign (spec ruling 7)."""

import pytest

from engines.core.errors import RuleError
from engines.tuk_tuk_taxi import ENGINE
from tests.engines.tuk_tuk_taxi.helpers import act, ends, make, move_to, roll


def _draw(kind: str, players: int = 2, **kw) -> dict:
    """Seat ``players-1`` ends its turn; seat 0 draws ``kind`` from the stack."""
    last = players - 1
    kw.setdefault("taxis", {})
    kw["taxis"].setdefault(last, "12,8")
    s = make(players, phase="no_parking", current=last, stack=[kind, "stop", "stop"], **kw)
    return act(s, last, {"type": "stay"})


def _moves(s: dict) -> list[dict]:
    """The offered moves as every viewer sees them (with their route numbers)."""
    return ENGINE.view(s, None)["moves"]


@pytest.mark.parametrize("kind,cells", [("mechanic", ["6,0", "6,12"]),
                                        ("gas_station", ["0,6", "12,6"])])
def test_drive_to_a_free_space_of_that_kind_and_the_turn_ends(kind: str, cells: list) -> None:
    s = _draw(kind)
    assert ENGINE.legal_actions(s, 0) == [{"type": "go_to", "cell": {"$choice": cells}}]
    s = act(s, 0, {"type": "go_to", "cell": cells[1]})
    assert s["taxis"][0] == cells[1]
    assert s["current"] == 1 and s["removed"] == 1


def test_mechanic_skips_the_next_turn() -> None:
    s = _draw("mechanic")
    s = act(s, 0, {"type": "go_to", "cell": "6,0"})
    assert s["skip"][0] is True
    s = act(s, 1, {"type": "place", "cell": "2,0"})  # seat 1 places its Stop
    s = roll(s, 3)
    s = move_to(s, sorted(ends(s))[0])
    assert s["current"] == 1  # seat 0's turn was skipped
    assert s["skip"][0] is False


def test_gas_station_does_not_skip_a_turn() -> None:
    s = act(_draw("gas_station"), 0, {"type": "go_to", "cell": "0,6"})
    assert s["skip"] == [False, False]


def test_a_taken_space_is_not_offered() -> None:
    s = _draw("gas_station", 3, taxis={1: "0,6"})
    assert ENGINE.legal_actions(s, 0)[0]["cell"]["$choice"] == ["12,6"]
    with pytest.raises(RuleError, match="free"):
        act(s, 0, {"type": "go_to", "cell": "0,6"})


def test_both_mechanics_taken_the_taxi_stays_and_still_skips() -> None:
    s = _draw("mechanic", 3, taxis={0: "0,2", 1: "6,0", 2: "6,12"})
    assert s["taxis"][0] == "0,2"
    assert s["current"] == 1  # seat 0's turn ended at once
    assert s["skip"][0] is True


def test_both_gas_stations_taken_the_taxi_stays() -> None:
    s = _draw("gas_station", 3, taxis={0: "0,2", 1: "0,6", 2: "12,6"})
    assert s["taxis"][0] == "0,2" and s["current"] == 1 and s["skip"][0] is False


def test_signs_on_the_space_are_ignored_when_sent_there() -> None:
    s = _draw("gas_station", signs={"0,6": "no_stopping"})
    s = act(s, 0, {"type": "go_to", "cell": "0,6"})
    assert s["taxis"][0] == "0,6" and s["current"] == 1


def test_police_is_placed_like_a_road_sign() -> None:
    s = make(2, phase="sign", drawn="police")
    s = act(s, 0, {"type": "place", "cell": "0,5"})
    assert s["signs"]["0,5"]["kind"] == "police"


@pytest.mark.parametrize("value", [5, 6])
def test_police_send_a_speeding_taxi_home(value: int) -> None:
    s = make(2, taxis={0: "0,6", 1: "12,8"}, signs={"0,7": "police"})
    s = roll(s, value)
    home = [m for m in _moves(s) if m["to"] == "0,0" and "Police" in m["note"]]
    assert home and home[0]["path"][-2:] == ["0,7", "0,8"]
    s = move_to(s, "0,0", home[0]["route"])
    assert s["taxis"][0] == "0,0" and s["current"] == 1


@pytest.mark.parametrize("value", [3, 4])
def test_police_let_a_slow_taxi_pass(value: int) -> None:
    s = roll(make(2, taxis={0: "0,6", 1: "12,8"}, signs={"0,7": "police"}), value)
    assert all("Police" not in m["note"] for m in _moves(s))
    assert f"0,{6 + value}" in ends(s) or value == 4


def test_stopping_on_the_police_is_not_driving_past() -> None:
    s = roll(make(2, taxis={0: "0,2", 1: "12,8"}, signs={"0,7": "police"}), 5)
    assert "0,7" in ends(s)
    assert "Police" not in next(m["note"] for m in _moves(s) if m["to"] == "0,7")


def test_police_sent_home_with_a_passenger_drops_off_only_next_turn() -> None:
    s = make(2, taxis={0: "0,6", 1: "12,8"}, signs={"0,7": "police"}, carrying={0: True},
             passengers=["4,5", "4,6", "4,7"])
    s = roll(s, 5)
    police = next(m for m in _moves(s) if "Police" in m["note"])
    s = move_to(s, "0,0", police["route"])
    assert s["taxis"][0] == "0,0" and s["carrying"][0] is True and s["delivered"][0] == 0
    s = act(s, 1, ENGINE.legal_actions(s, 1)[0] | _concrete(s, 1))
    s = roll(s, 1)
    s = move_to(s, sorted(ends(s))[0])
    assert s["current"] == 0
    assert s["delivered"][0] == 1 and s["carrying"][0] is False


def _concrete(s: dict, seat: int) -> dict:
    """The first concrete choice of the first template."""
    t = ENGINE.legal_actions(s, seat)[0]
    return {k: (v["$choice"][0] if isinstance(v, dict) else v) for k, v in t.items()}


def test_two_routes_to_one_cell_with_different_effects_need_a_route() -> None:
    s = make(2, taxis={0: "2,0", 1: "12,8"}, signs={"3,0": "police"}, carrying={0: True})
    s = roll(s, 5)
    routes = [m for m in _moves(s) if m["to"] == "0,0"]
    assert len(routes) == 2
    template = next(t for t in ENGINE.legal_actions(s, 0) if t.get("to") == "0,0")
    assert sorted(template["route"]["$choice"]) == sorted(m["route"] for m in routes)
    with pytest.raises(RuleError, match="choose one"):
        move_to(s, "0,0")
    drive = next(m for m in routes if "Police" not in m["note"])
    s = move_to(s, "0,0", drive["route"])
    assert s["delivered"][0] == 1  # driven home: dropped off at once


def test_remove_a_sign_removes_the_chosen_sign_and_both_leave_the_game() -> None:
    s = _draw("remove_sign", signs={"0,5": "stop", "2,0": "no_entry"})
    templates = ENGINE.legal_actions(s, 0)
    assert {"type": "discard"} in templates
    s = act(s, 0, {"type": "remove_sign", "cell": "2,0"})
    assert s["signs"] == {"0,5": {"kind": "stop", "dir": None}}
    assert s["removed"] == 2 and s["phase"] == "roll"


def test_remove_a_sign_may_remove_nothing() -> None:
    s = act(_draw("remove_sign", signs={"0,5": "stop"}), 0, {"type": "discard"})
    assert "0,5" in s["signs"] and s["phase"] == "roll"


def test_remove_a_sign_with_an_empty_board_is_discarded() -> None:
    s = _draw("remove_sign")
    assert s["phase"] == "roll" and s["removed"] == 1


def test_removing_an_empty_space_is_refused() -> None:
    s = _draw("remove_sign", signs={"0,5": "stop"})
    with pytest.raises(RuleError, match="no sign"):
        act(s, 0, {"type": "remove_sign", "cell": "0,6"})
