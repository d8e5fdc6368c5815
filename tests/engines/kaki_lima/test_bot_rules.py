"""The normal bot plays Kaki Lima's obvious good moves (engines/kaki_lima/bot/heuristic.py),
each shown on a hand-made position where that move is clearly best; and the levels are
ordered: normal beats the easy bot, the hard bot plays legal moves and keeps to its search."""

from __future__ import annotations

import math
import random

from engines.bots import decide
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import cell
from engines.kaki_lima.data import RED
from tests.engines.kaki_lima.helpers import card, position

State = dict[str, object]


def normal(state: State, seat: int = 0) -> dict[str, object]:
    """The normal bot's move for ``seat`` from its view."""
    return decide(ENGINE, ENGINE.view(state, seat), seat, "normal", random.Random(3))


def test_walks_its_longest_card_into_a_friend_at_a_gathering_spot() -> None:
    # Kopitiam (a gathering spot) is 5 steps away with Aunty Toh on it: 5 VP at once; the
    # 2-step card reaches nothing.
    state = position(2, cards={(0, 5): "Kopitiam"}, pos=[(0, 0), (0, 5)],
                     hands=[[card(5), card(2)], [card(3)]])
    move = normal(state)
    assert move == {"type": "walk", "cards": [card(5)], "end": cell(0, 5)}


def test_goes_for_a_clearing_token_over_an_empty_card() -> None:
    state = position(2, cards={(2, 2): "MBPP", (4, 9): "Arts-ED"}, pos=[(2, 0), (4, 9)],
                     hands=[[card(2, nth=0), card(2, nth=1)], [card(3)]])
    move = normal(state)
    assert move["type"] == "walk" and move["end"] == cell(2, 2)


def test_proposes_a_collaborative_clearing_to_a_token_holder() -> None:
    # Aunty Toh holds a token and has room: a path for Lay Ting's cheapest card.
    cards = {(4, 0): RED, (4, 9): RED}
    state = position(2, cards=cards, pos=[(0, 0), (2, 9)],
                     hands=[[card(1), card(4)], [card(3)]], held=[0, 1])
    move = normal(state)
    assert move["type"] == "propose_clearing"
    assert move["partner"] == 1 and move["card"] == card(1)
    assert move["target"] in (cell(4, 0), cell(4, 9))


def test_gives_a_card_for_a_path_but_keeps_its_own_token_from_a_rival() -> None:
    cards = {(4, 0): RED, (4, 9): RED}
    # Aunty Toh holds the token and asks for a card: Lay Ting gains a path, gives her 1.
    state = position(2, cards=cards, pos=[(0, 0), (2, 9)],
                     hands=[[card(1), card(4)], [card(3)]], held=[0, 1], current=1)
    state["answer"] = {"kind": "clearing", "from": 1, "to": 0, "target": cell(4, 0),
                       "card": None}
    assert normal(state) == {"type": "answer_clearing", "accept": True, "card": card(1)}
    # Lay Ting holds the token: spending it for both only helps the one rival of a
    # two-player game (she can clear alone later), so she declines.
    state = position(2, cards=cards, pos=[(0, 1), (2, 9)],
                     hands=[[card(1), card(4)], [card(3)]], held=[1, 0], current=1)
    state["answer"] = {"kind": "clearing", "from": 1, "to": 0, "target": cell(4, 0),
                       "card": card(3)}
    state["hands"][1] = []
    assert normal(state) == {"type": "answer_clearing", "accept": False, "card": None}


def test_clears_the_red_card_that_opens_the_way_to_its_goal() -> None:
    # Three Red cards are in Lay Ting's row; clearing (0, 3) opens the row towards the Bank
    # (her task): 7 cards instead of 11 round the gap at (1, 3).
    cards = {(0, 3): RED, (0, 8): RED, (1, 8): "Bank", (0, 9): RED}
    state = position(2, cards=cards, pos=[(0, 0), (4, 0)],
                     hands=[[card(2)], [card(3)]], held=[1, 0])
    state["task_card"] = [0, 1]  # Lay Ting: visit Kopitiam, Chinese Temple, Bank, ...
    move = normal(state)
    assert move == {"type": "clear", "cell": cell(0, 3)}


def test_invites_a_pedestrian_along_to_an_empty_gathering_spot() -> None:
    # Arriving together at an empty gathering spot scores the walk's steps.
    state = position(2, cards={(0, 4): "LUMA"}, pos=[(0, 0), (0, 2)],
                     hands=[[card(4), card(1)], [card(3)]])
    state = ENGINE.apply(state, 0, ENGINE.parse_action(
        {"type": "walk", "cards": [card(4)], "end": cell(0, 4)})).state
    while state["turn"]["stage"] == "path":
        options = ENGINE.legal_actions(state, 0)
        step = next(t for t in options if t["type"] == "step")
        state = ENGINE.apply(state, 0, ENGINE.parse_action(
            {"type": "step", "cell": step["cell"]["$choice"][0], "clear": False})).state
    assert state["turn"]["stage"] == "invite"
    assert normal(state) == {"type": "invite", "seat": 1}


def test_starts_where_the_dealt_hand_reaches_a_clearing_token() -> None:
    state = ENGINE.setup(2, {}, 5)
    assert state["phase"] == "place"
    move = normal(state)
    assert move["type"] == "place"
    legal = ENGINE.legal_actions(state, 0)[0]["cell"]["$choice"]
    assert move["cell"] in legal


def test_normal_wins_at_least_half_of_its_two_player_games_against_easy() -> None:
    # Easy is normal with a beginner's mistakes now and then (easy.py): normal's edge is
    # about 70% (the ladder, n=400: docs/bots.md "Round easy"), which forty games cannot tell
    # from 60%; they do catch an easy bot that has become the stronger of the two (ten were
    # too few: normal won 4 of them at 73.5% over the ladder's 400).
    wins = 0.0
    games = 40
    for g in range(games):
        hero = g % 2
        state = ENGINE.setup(2, {}, 500 + g)
        rng = random.Random(g)
        while ENGINE.outcome(state) is None:
            seat = ENGINE.awaited(state)[0]
            level = "normal" if seat == hero else "easy"
            action = decide(ENGINE, ENGINE.view(state, seat), seat, level, rng)
            state = ENGINE.apply(state, seat, ENGINE.parse_action(action)).state
        outcome = ENGINE.outcome(state)
        assert outcome is not None
        wins += outcome.ranks[hero] == 1
    assert wins >= games / 2


def test_hard_bot_plays_a_legal_walk_and_repeats_itself_for_the_same_seed() -> None:
    state = position(3, cards={(0, 5): "Kopitiam", (2, 2): "MBPP"},
                     pos=[(0, 0), (0, 5), (4, 9)],
                     hands=[[card(5), card(2), card(3)], [card(3, nth=1)], [card(4)]])
    view = ENGINE.view(state, 0)
    first = decide(ENGINE, view, 0, "hard", random.Random(9), math.inf, iterations=30)
    again = decide(ENGINE, view, 0, "hard", random.Random(9), math.inf, iterations=30)
    assert first == again
    ENGINE.apply(state, 0, ENGINE.parse_action(first))  # legal: no RuleError
    assert first == {"type": "walk", "cards": [card(5)], "end": cell(0, 5)}
