"""A Tuk-Tuk Taxi hint's reason (issue 41): the normal bot's move on a constructed position,
and the one line that says why, read from the seat's own view
(engines/tuk_tuk_taxi/bot/why.py)."""

from __future__ import annotations

import random
from typing import Any

from engines import bots
from engines.messages import render
from engines.tuk_tuk_taxi import BOT, ENGINE
from tests.engines.tuk_tuk_taxi.helpers import act, make, roll


def hint(s: Any, seat: int = 0) -> tuple[dict[str, Any], dict[str, Any]]:
    view = ENGINE.view(s, seat)
    action = bots.decide(ENGINE, view, seat, "normal", random.Random(0))
    return action, BOT.explain(view, seat, action)


def test_a_drop_off_at_the_own_stop_is_named_with_its_delivery_number() -> None:
    s = roll(make(taxis={0: "0,3", 1: "12,12"}, carrying={0: True}, passengers=["4,5"]), 3)
    action, why = hint(s)
    assert action == {"type": "move", "to": "0,0"}
    assert why == {"key": "tuk-tuk-taxi.why.drop_off", "params": {"n": 1}}
    assert act(s, 0, action)["delivered"][0] == 1  # the move does deliver the first one
    assert render(why["key"], why["params"]) == (
        "It brings your passenger home to your taxi stop: delivery number 1.")


def test_a_move_onto_a_waiting_passenger_is_a_pick_up() -> None:
    s = roll(make(taxis={0: "0,4", 1: "12,12"}, passengers=["4,5"]), 5)
    action, why = hint(s)
    assert action == {"type": "move", "to": "4,5"}
    assert why["key"] == "tuk-tuk-taxi.why.pick_up"
    assert act(s, 0, action)["carrying"][0] is True


def test_a_move_short_of_the_passenger_says_how_far_is_left() -> None:
    # 8,7 and 5,4 wait; the bot drives west along row 8 to 8,9, two squares from 8,7.
    s = roll(make(taxis={0: "8,12", 1: "0,12"}, passengers=["8,7", "5,4"]), 3)
    action, why = hint(s)
    assert action == {"type": "move", "to": "8,9"}
    assert why == {"key": "tuk-tuk-taxi.why.toward",
                   "params": {"target": "passenger", "left": 2}}
    assert render(why["key"], why["params"]) == (
        "It drives toward the nearest waiting passenger: 2 squares left as the crow flies.")


def test_a_sign_on_the_rivals_way_home_names_it_and_its_distance() -> None:
    s = make(phase="sign", drawn="no_entry", taxis={0: "0,4", 1: "4,12"},
             carrying={1: True}, passengers=["8,6"])
    action, why = hint(s)
    assert action["type"] == "place"
    assert why["key"] == "tuk-tuk-taxi.why.sign_rival"
    assert why["params"]["sign"] == {"term": "tuk-tuk-taxi.term.no_entry"}
    r, c = (int(x) for x in action["cell"].split(","))
    assert why["params"]["n"] == abs(r - 4) + abs(c - 12)
    assert render(why["key"], why["params"]).startswith(
        "It puts the No entry sign in a rival's way")
