"""Spec ruling 10 (extended): the test bot never sits on full slots for ever. Holding no free
slot and unable to pay for any merger, it raises cash (bids 0, pays for no expansion) and
researches Mergers or Slots."""

from __future__ import annotations

import random

from engines.bots import bot_of
from engines.core.types import State
from engines.indonesia import ENGINE

from .helpers import at, blank, company


def _stuck(cash: int = 40) -> State:
    """Seat 0: one slot, holding a rice company; the only merger costs 60 > its cash."""
    st = blank(2)
    st["cash"] = [cash, 100]
    company(st, 0, "rice", areas=[50, 51], deeds=["a1"])
    company(st, 1, "rice", areas=[36], deeds=["a2"])
    st["research"][0]["mergers"] = 2
    st["bids"] = []
    return st


def _actions(st: State, seat: int, tries: int = 60) -> list[dict]:
    return [bot_of(ENGINE).test_action(st, seat, random.Random(i)) for i in range(tries)]


def test_ruling_10_a_bot_with_full_slots_and_no_affordable_merger_bids_0() -> None:
    st = at(_stuck(), "bid", {"kind": "bid", "seat": 0, "i": 0})
    assert {a["amount"] for a in _actions(st, 0)} == {0}


def test_ruling_10_a_bot_that_can_afford_a_merger_may_still_bid() -> None:
    st = at(_stuck(cash=80), "bid", {"kind": "bid", "seat": 0, "i": 0})
    assert {a["amount"] for a in _actions(st, 0)} > {0}


def test_ruling_10_a_bot_with_a_free_slot_may_still_bid() -> None:
    st = _stuck()
    st["research"][0]["slots"] = 2
    st = at(st, "bid", {"kind": "bid", "seat": 0, "i": 0})
    assert {a["amount"] for a in _actions(st, 0)} > {0}


def test_ruling_10_a_stuck_bot_never_pays_to_expand() -> None:
    st = at(_stuck(), "operate", {"kind": "expand", "seat": 0, "company": "C1", "left": 1,
                                  "paid": True})
    assert ENGINE.legal_actions(st, 0)[0]["type"] == "expand"  # it could pay
    assert {a["type"] for a in _actions(st, 0)} == {"pass"}


def test_ruling_10_a_stuck_bot_researches_mergers_or_slots() -> None:
    st = at(_stuck(), "research", {"kind": "research", "seat": 0, "i": 0})
    picks = {(a["type"], a.get("track")) for a in _actions(st, 0)}
    assert picks == {("research", "slots")}
    st["research"][0]["slots"] = 5
    for kind, where in [("spice", 78), ("rubber", 109), ("oil", 70)]:
        company(st, 0, kind, areas=[where])
    company(st, 0, "shipping", ships={117: 1})
    picks = {(a["type"], a.get("track")) for a in _actions(st, 0)}
    assert picks == {("research", "mergers")}
