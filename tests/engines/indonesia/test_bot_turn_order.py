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


# -- spec ruling 14: a bot with no other way to progress keeps the cash of its next merger --
def _last_to_bid(rival_bid: int, cash: int = 90) -> State:
    """Seat 1 (first in turn order) has bid ``rival_bid``; seat 0 bids last, with one
    company, a free slot and deeds on the map."""
    st = _bidding(cash=cash)
    st["order"] = [1, 0]
    st["bids"] = [{"seat": 1, "bid": rival_bid, "counts": rival_bid}]
    return at(st, "bid", {"kind": "bid", "seat": 0, "i": 1})


def _levels(st: State, seat: int = 0) -> dict[str, set[int]]:
    """Every level's bids from the seat's view (easy over several seeds: its noise)."""
    view = ENGINE.view(st, seat)
    return {level: {decide(ENGINE, view, seat, level, random.Random(i), 0.8,
                           iterations=12)["amount"] for i in range(8 if level == "easy" else 1)}
            for level in ("easy", "normal", "hard")}


def test_ruling_14_the_last_bidder_bids_nothing_on_a_place_it_cannot_win() -> None:
    # The reported table: the rival bids all its cash every year; a third of the bot's cash
    # could never beat it, so bidding it only starved the bot's next merger.
    bids = _levels(_last_to_bid(rival_bid=200))
    assert bids["normal"] == bids["hard"] == {0}
    assert max(bids["easy"]) <= 3  # the test bot's own 0-3 (its noise), never its tenth


def test_ruling_14_the_last_bidder_pays_only_what_its_place_needs() -> None:
    # Ahead of a bid of 10 takes 11 (seat 0 is after seat 1 in the old order: ties keep it).
    assert _levels(_last_to_bid(rival_bid=10))["normal"] == {11}
    assert _levels(_last_to_bid(rival_bid=10))["hard"] == {11}
    st = _last_to_bid(rival_bid=10)
    st["order"] = [0, 1]  # now a tie keeps seat 0 ahead
    assert _levels(st)["normal"] == {10}


def test_ruling_14_a_bot_keeps_the_cash_its_cheapest_merger_needs() -> None:
    st = _bidding(cash=90, slots=3)
    company(st, 0, "rice", areas=[34, 35, 36], deeds=["a2"])  # with C1: 4 rice, 80 Rp
    assert ENGINE.legal_actions(st, 0)[0]["amount"]["$range"][1] == 90
    bids = _levels(st)
    assert bids["normal"] == bids["hard"] == {10}, bids  # 90 - 80, not a third (30)
