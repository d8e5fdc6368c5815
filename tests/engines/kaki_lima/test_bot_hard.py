"""Kaki Lima's hard bot values where a playout leaves the searching seat (bot_search.ahead):
six playout moves rarely reach that seat's next walk, so points alone could not tell a walk
that sets up the next one from a walk that strands it."""

from __future__ import annotations

import random
from typing import Any

from engines.kaki_lima import BOT, ENGINE
from engines.kaki_lima.bot import search as bot_search
from engines.kaki_lima.bot.heuristic import heuristic_action
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
    assert BOT.search_value(near, 0, 0) > BOT.search_value(far, 0, 0)
    assert BOT.search_value(near, 0, 1) == BOT.search_value(far, 0, 1)
    assert BOT.evaluate(near, 0) == BOT.evaluate(far, 0)


def test_no_turn_ahead_once_the_seat_has_played_its_last_turn() -> None:
    state = position(3, cards=CITY, pos=[(2, 2), (4, 9), (4, 8)],
                     hands=[[card(2)], [card(3)], [card(3, nth=1)]], current=1)
    state["trigger"] = 0
    state["end_queue"] = [1, 2]  # seat 0 triggered the end and has no turn left
    assert bot_search.ahead(state, 0) == 0.0


def _walk_position(n: int) -> dict[str, Any]:
    spots = [(2, 2), (4, 9), (4, 8), (0, 9), (0, 8), (4, 7)][:n]
    hands = [[card(2), card(3)], [card(3, nth=1)], [card(4)], [card(4, nth=1)],
             [card(5)], [card(5, nth=1)]][:n]
    return position(n, cards=CITY, pos=spots, hands=hands, current=0)


def test_hard_weighs_the_best_walks_where_the_search_won() -> None:
    """With playouts on to the searching seat's next turn the search won at least as many
    of the same deals as the heuristic at 3, 4 and 6 players (round 7): there it weighs the
    heuristic's walk, first, against its next best walks. At 5 it lost more of them, so
    there hard walks where the normal bot walks."""
    for n in (3, 4, 5, 6):
        state = _walk_position(n)
        templates = ENGINE.legal_actions(state, 0)
        found = bot_search.candidates(state, 0, random.Random(3), 3, templates)
        assert found[0] == heuristic_action(state, 0, random.Random(3), 0.0, templates)
        assert found[0]["type"] == "walk"
        assert len(found) == (1 if n == 5 else 3)
