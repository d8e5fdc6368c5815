"""Arrival effects (spec ruling 2), accepting orders (rulings 1 and 3) and delivering."""

import pytest

from engines.core.errors import RuleError
from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.orderboard import deliver as board_after
from engines.jakarta_traffic.orderboard import take_star
from engines.jakarta_traffic.setup import make_tile
from tests.engines.jakarta_traffic.helpers import act, cell, land, position, walled_board

SPA, MALL = cell(4, 4), cell(2, 4)


def city(players: int = 2, **kw):
    """A walled board with a charging station at (1,1), the Spa at (4,4), the Mall at (2,4)."""
    tiles = walled_board()
    tiles[cell(1, 1)] = make_tile("charging", "P1", 0)
    tiles[SPA] = make_tile("building", "P1", 0, address="Spa")
    tiles[MALL] = make_tile("building", "P5", 0, address="Mall")
    kw.setdefault("mopeds", [cell(5, 1) + 5 * i for i in range(players)])
    state = position(players, tiles=tiles, **kw)
    state["board"] = {"rows": ["Sate", "Nasi Goreng", "Ibu", "Bakso", "Bapak"],
                      "slots": ["Spa", "Residency", "Mall"], "idle": ["Workshop",
                                                                      "Business Center"]}
    return state


# -- chatting, charging, the marker ------------------------------------------------------

def test_a_chat_gives_both_riders_energy_and_the_mover_a_speech_bubble() -> None:
    state = city(3, mopeds=[cell(5, 1), cell(3, 3), cell(5, 5)])
    state["energy"] = [1, 3, 2]
    state, log = land(state, 0, 3, 3)
    assert state["energy"] == [2, 3, 2], "energy never goes above 3"
    assert state["bubbles"] == [1, 0, 0], "only the active player takes a bubble"
    assert any("chatted" in line for line in log)


def test_two_competitors_mean_two_chats() -> None:
    state = city(3, mopeds=[cell(5, 1), cell(3, 3), cell(3, 3)])
    state["energy"] = [0, 1, 1]
    state, _ = land(state, 0, 3, 3)
    assert state["energy"] == [2, 2, 2] and state["bubbles"] == [2, 0, 0]


def test_a_player_has_at_most_three_speech_bubbles() -> None:
    state = city(3, mopeds=[cell(5, 1), cell(3, 3), cell(3, 3)])
    state["bubbles"][0] = 2
    state, _ = land(state, 0, 3, 3)
    assert state["bubbles"][0] == 3


def test_a_charging_station_fills_the_phone() -> None:
    state = city()
    state["energy"][0] = 1
    state, log = land(state, 0, 1, 1)
    assert state["energy"][0] == 3 and "charged" in log[-1]


# -- accepting orders ----------------------------------------------------------------------

def test_accepting_costs_energy_and_the_rest_of_the_stack_moves() -> None:
    state = city(stacks={cell(3, 2): ("Sate", 3)})
    state, _ = land(state, 0, 3, 2)
    assert ENGINE.legal_actions(state, 0) == [{"type": "accept"}, {"type": "decline"}]
    state = act(state, 0, type="accept")
    assert state["energy"][0] == 2 and state["phone"][0] == ["Sate"]
    assert state["phase"] == "place_stack"
    spots = {(t["x"], t["y"]) for t in ENGINE.legal_actions(state, 0)}
    assert (3, 2) not in spots and (5, 2) not in spots, "not onto mopeds"
    assert (1, 1) not in spots and (4, 4) not in spots, "only pick-up locations"
    state["marker"] = cell(3, 1)
    with pytest.raises(RuleError, match="vacant pick-up"):
        act(state, 0, type="place_stack", x=3, y=1)
    state = act(state, 0, type="place_stack", x=2, y=2)
    assert state["stacks"][cell(2, 2)] == {"order": "Sate", "count": 2}
    assert state["stacks"][cell(3, 2)] is None
    assert ENGINE.to_act(state) == [1]


def test_taking_the_last_token_leaves_nothing_to_move() -> None:
    state = city(stacks={cell(3, 2): ("Sate", 1)})
    state, _ = land(state, 0, 3, 2)
    state = act(state, 0, type="accept")
    assert state["stacks"][cell(3, 2)] is None and ENGINE.to_act(state) == [1]


def test_declining_leaves_the_stack_in_place() -> None:
    state = city(stacks={cell(3, 2): ("Sate", 3)})
    state, _ = land(state, 0, 3, 2)
    state = act(state, 0, type="decline")
    assert state["stacks"][cell(3, 2)] == {"order": "Sate", "count": 3}
    assert state["phone"][0] == [] and state["energy"][0] == 3


@pytest.mark.parametrize(("phone", "energy", "order", "reason"), [
    ([], 0, "Sate", "no energy left"),
    (["Bakso", "Nasi Goreng"], 3, "Sate", "the phone is full"),
    (["Sate"], 3, "Sate", "already carrying one"),
    (["Ibu"], 3, "Bapak", "a passenger is already riding"),
])
def test_an_order_that_cannot_be_taken_is_left_and_the_turn_passes(
        phone: list[str], energy: int, order: str, reason: str) -> None:
    state = city(stacks={cell(3, 2): (order, 3)})
    state["phone"][0] = list(phone)
    state["energy"][0] = energy
    state, log = land(state, 0, 3, 2)
    assert reason in log[-1]
    assert ENGINE.to_act(state) == [1] and state["phone"][0] == phone
    assert state["energy"][0] == energy


def test_a_passenger_and_a_food_order_may_ride_together() -> None:
    state = city(stacks={cell(3, 2): ("Ibu", 3)})
    state["phone"][0] = ["Bakso"]
    state, _ = land(state, 0, 3, 2)
    state = act(state, 0, type="accept")
    assert state["phone"][0] == ["Bakso", "Ibu"]


# -- delivering ------------------------------------------------------------------------------

def test_delivering_one_order_pays_one_energy_and_takes_its_row_s_star() -> None:
    state = city()
    state["phone"][0] = ["Sate", "Ibu"]
    state, _ = land(state, 0, 4, 4)   # the Spa is in A1, facing r1: Sate, 7 stars
    assert ENGINE.legal_actions(state, 0) == [{"type": "deliver"}, {"type": "decline"}]
    state = act(state, 0, type="deliver")
    assert state["stars"][0] == [7] and state["energy"][0] == 2
    assert state["phone"][0] == ["Ibu"] and state["delivered"][0] == ["Sate"]
    assert state["supply"]["7"] == 3
    assert state["board"]["rows"] == ["Nasi Goreng", "Ibu", "Bakso", "Bapak", "Sate"]
    assert state["board"]["slots"] == ["Workshop", "Residency", "Mall"]
    assert state["board"]["idle"] == ["Business Center", "Spa"]
    assert ENGINE.to_act(state) == [1]


def test_the_rulebook_order_board_example() -> None:
    board = {"rows": ["Sate", "Nasi Goreng", "Ibu", "Bakso", "Bapak"],
             "slots": ["Spa", "Residency", "Mall"], "idle": ["Workshop", "Business Center"]}
    after = board_after(board, ["Nasi Goreng"])
    # Nasi Goreng drops to r5; the Ibu rises to r2, worth 5, and wants the Spa (moved down
    # to A2); Bakso, Bapak and Nasi Goreng in r3..r5 all want the Mall in A3.
    assert after["rows"] == ["Sate", "Ibu", "Bakso", "Bapak", "Nasi Goreng"]
    assert after["slots"] == ["Workshop", "Spa", "Mall"]
    assert after["idle"] == ["Business Center", "Residency"]
    view = ENGINE.view(dict(city(), board=after), None)["orderboard"]
    assert view[1] == {"order": "Ibu", "value": 5, "address": "Spa"}
    assert [r["address"] for r in view[2:]] == ["Mall"] * 3


def test_two_orders_for_one_address_go_together_for_one_energy() -> None:
    state = city()
    state["phone"][0] = ["Bapak", "Bakso"]     # r5 and r4, both facing A3: the Mall
    state, _ = land(state, 0, 2, 4)
    state = act(state, 0, type="deliver")
    assert state["energy"][0] == 2 and sorted(state["stars"][0]) == [3, 3]
    assert state["phone"][0] == [] and state["board"]["slots"] == ["Workshop", "Spa",
                                                                    "Residency"]
    assert state["phase"] == "arrange"
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "arrange", "bottom": {"$choice": ["Bakso", "Bapak"]}}]
    with pytest.raises(RuleError, match="Choose one of the delivered"):
        act(state, 0, type="arrange", bottom="Sate")
    state = act(state, 0, type="arrange", bottom="Bakso")
    assert state["board"]["rows"] == ["Sate", "Nasi Goreng", "Ibu", "Bapak", "Bakso"]
    assert ENGINE.to_act(state) == [1]


def test_no_energy_means_no_delivery() -> None:
    state = city()
    state["phone"][0] = ["Sate"]
    state["energy"][0] = 0
    state, log = land(state, 0, 4, 4)
    assert "no energy" in log[-1] and ENGINE.to_act(state) == [1]
    assert state["phone"][0] == ["Sate"]


def test_an_address_nobody_wants_does_nothing() -> None:
    state = city()
    state["tiles"][SPA]["address"] = "Workshop"   # idle: wanted by nobody
    state["phone"][0] = ["Sate"]
    state, _ = land(state, 0, 4, 4)
    assert ENGINE.to_act(state) == [1]


def test_chatting_on_an_address_can_pay_for_the_delivery() -> None:
    state = city(mopeds=[cell(5, 1), SPA])
    state["phone"][0] = ["Sate"]
    state["energy"][0] = 0
    state, _ = land(state, 0, 4, 4)
    assert ENGINE.legal_actions(state, 0)[0] == {"type": "deliver"}


def test_starting_on_the_wanted_address_does_not_deliver() -> None:
    state = city(mopeds=[SPA, cell(1, 5)])
    state["phone"][0] = ["Sate"]
    assert all(t["type"] != "deliver" for t in ENGINE.legal_actions(state, 0))
    with pytest.raises(RuleError, match="different parking spot"):
        act(state, 0, type="drive", x=4, y=4)


def test_an_empty_star_value_gives_the_next_lower_or_nothing() -> None:
    supply = {"7": 0, "5": 0, "4": 1, "3": 0}
    assert take_star(supply, 7) == 4 and supply["4"] == 0
    assert take_star(supply, 7) is None
    supply = {"7": 1, "5": 0, "4": 0, "3": 2}
    assert take_star(supply, 5) == 3, "never a higher value"


def test_with_two_orders_the_higher_row_takes_its_star_first() -> None:
    state = city()
    state["supply"] = {"7": 0, "5": 0, "4": 1, "3": 0}
    state["phone"][0] = ["Bakso", "Ibu"]   # r4 and r3, both facing the Mall
    state, _ = land(state, 0, 2, 4)
    state = act(state, 0, type="deliver")
    assert state["stars"][0] == [4], "Ibu (r3, worth 4) took the last 4; Bakso got nothing"
    assert state["delivered"][0] == ["Ibu", "Bakso"]
