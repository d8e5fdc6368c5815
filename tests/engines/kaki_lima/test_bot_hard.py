"""Kaki Lima's hard bot values where a playout leaves the searching seat (bot_search.ahead):
six playout moves rarely reach that seat's next walk, so points alone could not tell a walk
that sets up the next one from a walk that strands it."""

from __future__ import annotations

from engines.kaki_lima import bot_search
from engines.kaki_lima.data import RED
from tests.engines.kaki_lima.helpers import card, position

#: MBPP (a clearing token) and three Red cards far from everyone.
CITY = {(2, 4): "MBPP", (4, 0): RED, (4, 1): RED, (0, 0): RED}


def test_a_pedestrian_in_reach_of_a_clearing_token_is_worth_more_at_equal_points() -> None:
    near = position(3, cards=CITY, pos=[(2, 2), (4, 9), (4, 8)],
                    hands=[[card(2)], [card(3)], [card(3, nth=1)]], current=1)
    far = position(3, cards=CITY, pos=[(0, 9), (4, 9), (4, 8)],
                   hands=[[card(2)], [card(3)], [card(3, nth=1)]], current=1)
    assert bot_search.ahead(near, 0) > bot_search.ahead(far, 0) + 1.0
    # The searching seat's evaluate carries it; the others' values are points alone.
    bot_search._ROOT[0] = 0
    assert bot_search.evaluate(near, 0) > bot_search.evaluate(far, 0)
    bot_search._ROOT[0] = 1
    assert bot_search.evaluate(near, 0) == bot_search.evaluate(far, 0)


def test_no_turn_ahead_once_the_seat_has_played_its_last_turn() -> None:
    state = position(3, cards=CITY, pos=[(2, 2), (4, 9), (4, 8)],
                     hands=[[card(2)], [card(3)], [card(3, nth=1)]], current=1)
    state["trigger"] = 0
    state["end_queue"] = [1, 2]  # seat 0 triggered the end and has no turn left
    assert bot_search.ahead(state, 0) == 0.0
