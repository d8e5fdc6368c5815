"""The turn-order bid of the heuristic bots (engines/indonesia/bot/heuristic.py) and what
the hard bot searches (bot/search.py). A bid is banked (it still scores), so it costs only
the cash a merger could use: normal bids a third of its cash when a slot is free and deeds wait, the
beginner (easy) a tenth, and nobody bids with no slot free. The hard bot plays the
heuristic's bid and research step without searching them (their worth shows a year later,
beyond what its playouts see)."""

from __future__ import annotations

import random

from engines.bots import decide
from engines.core.types import State
from engines.indonesia import BOT, ENGINE
from engines.indonesia.bot import search as bot_search

from .helpers import at, blank, company


def _bidding(cash: int = 90, slots: int = 2) -> State:
    """Seat 0 bids first: one rice company, ``slots`` slots, deeds on the map."""
    st = blank(2)
    st["deeds"] = ["a2", "a3", "a5"]
    st["cash"] = [cash, 100]
    st["bids"] = []
    company(st, 0, "rice", areas=[50], deeds=["a1"])
    st["research"][0]["slots"] = slots
    return at(st, "bid", {"kind": "bid", "seat": 0, "i": 0})


def test_normal_bids_a_third_of_its_cash_for_turn_order() -> None:
    action = BOT.heuristic_action(_bidding(cash=90), 0, random.Random(0), 0.0)
    assert action == {"type": "bid", "amount": 30}


def test_normal_bids_nothing_with_no_slot_free() -> None:
    action = BOT.heuristic_action(_bidding(cash=90, slots=1), 0, random.Random(0), 0.0)
    assert action == {"type": "bid", "amount": 0}


def test_easy_bids_little_for_turn_order() -> None:
    st = _bidding(cash=90)
    bids = {BOT.heuristic_action(st, 0, random.Random(i), 0.35)["amount"]
            for i in range(40)}
    assert 9 in bids  # a tenth, its own bid
    assert max(bids) <= 9  # never the third that normal bids (the test bot bids 0 to 3)


def test_hard_plays_normal_s_bid_and_research_unsearched() -> None:
    st = _bidding(cash=90)
    assert bot_search.candidates(st, 0, ENGINE.legal_actions(st, 0), random.Random(0),
                                 5) == [{"type": "bid", "amount": 30}]
    view = ENGINE.view(st, 0)
    assert decide(ENGINE, view, 0, "hard", random.Random(0), 0.8,
                  iterations=40) == {"type": "bid", "amount": 30}
    st = at(_bidding(), "research", {"kind": "research", "seat": 0, "i": 0})
    normal = BOT.heuristic_action(st, 0, random.Random(0), 0.0)
    assert bot_search.candidates(st, 0, ENGINE.legal_actions(st, 0), random.Random(0),
                                 5) == [normal]
