"""Phase 2: turn-order bids with multipliers and the bank (spec ruling 2)."""

import pytest

from engines.core.errors import RuleError
from engines.indonesia import ENGINE

from .helpers import act, at, blank


def _bidding(players: int = 3) -> dict:
    st = blank(players)
    st["bids"] = []
    return at(st, "bid", {"kind": "bid", "seat": 0, "i": 0})


def test_a_bid_of_5_at_level_2_counts_25_and_goes_to_the_bank() -> None:
    st = _bidding()
    st["research"][0]["bid"] = 2
    st = act(st, 0, {"type": "bid", "amount": 5})
    assert st["bids"] == [{"seat": 0, "bid": 5, "counts": 25}]
    assert st["cash"][0] == 95 and st["bank"][0] == 5


def test_highest_multiplied_bid_goes_first_and_ties_keep_the_old_order() -> None:
    st = _bidding(4)
    st["research"][3]["bid"] = 3
    for seat, amount in [(0, 2), (1, 10), (2, 10), (3, 1)]:
        st = act(st, seat, {"type": "bid", "amount": amount})
    # seat 3 counts 25, seats 1 and 2 tie at 10 and keep their order, seat 0 counts 2.
    assert st["order"] == [3, 1, 2, 0]
    assert st["phase"] != "bid"


def test_bids_range_over_cash_and_never_above_it() -> None:
    st = _bidding()
    st["cash"][0] = 40
    assert ENGINE.legal_actions(st, 0) == [{"type": "bid", "amount": {"$range": [0, 40]}}]
    with pytest.raises(RuleError, match="more money"):
        act(st, 0, {"type": "bid", "amount": 41})


def test_a_player_in_debt_can_only_bid_zero() -> None:
    st = _bidding()
    st["cash"][0] = -15
    assert ENGINE.legal_actions(st, 0)[0]["amount"] == {"$range": [0, 0]}
    st = act(st, 0, {"type": "bid", "amount": 0})
    assert st["cash"][0] == -15


def test_only_the_bidder_in_turn_may_bid() -> None:
    st = _bidding()
    with pytest.raises(RuleError, match="not your turn"):
        act(st, 1, {"type": "bid", "amount": 0})
    assert ENGINE.legal_actions(st, 1) == []
