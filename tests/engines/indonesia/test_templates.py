"""The legal templates are exact: every action they describe is accepted, and any other
well-formed action (a sale's alternative routings aside) is refused with a RuleError."""

from __future__ import annotations

import random

import pytest

from engines.bots import bot_of
from engines.core.errors import ActionError, RuleError
from engines.core.templates import expand_template, template_matches
from engines.indonesia import ENGINE
from engines.indonesia.data.components import CITY_CARDS, DEEDS, TRACKS


def _junk(rng: random.Random) -> dict:
    kind = rng.choice(["place_city", "bid", "announce", "raise", "remove_good", "acquire",
                       "research", "sail", "place_ship", "expand", "grow", "pass", "sell"])
    company = f"C{rng.randint(1, 30)}"
    area = rng.randint(0, 140)
    return {
        "place_city": {"type": kind, "card": rng.choice(list(CITY_CARDS)), "area": area},
        "bid": {"type": kind, "amount": rng.randint(0, 300)},
        "announce": {"type": kind, "a": company, "b": f"C{rng.randint(1, 30)}",
                     "bid": rng.randint(0, 300)},
        "raise": {"type": kind, "amount": rng.randint(0, 400)},
        "remove_good": {"type": kind, "area": area},
        "acquire": {"type": kind, "deed": rng.choice(list(DEEDS)), "area": area},
        "research": {"type": kind, "track": rng.choice(TRACKS), "player": rng.randint(0, 4)},
        "sail": {"type": kind, "company": company},
        "place_ship": {"type": kind, "sea": rng.randint(110, 140)},
        "expand": {"type": kind, "area": area},
        "grow": {"type": kind, "city": area},
        "pass": {"type": kind},
        "sell": {"type": kind, "company": company, "routes": [
            {"from": area, "ship": f"C{rng.randint(1, 30)}", "seas": [rng.randint(115, 135)],
             "city": rng.randint(0, 137), "count": rng.randint(1, 3)}]},
    }[kind]


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_templates_accept_exactly_the_legal_actions(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 4
    st = ENGINE.setup(players, {}, seed)
    steps = 0
    while ENGINE.outcome(st) is None:
        seat = ENGINE.to_act(st)[0]
        templates = ENGINE.legal_actions(st, seat)
        if steps % 4 == 0:
            for t in templates:
                ENGINE.apply(st, seat, ENGINE.parse_action(expand_template(t, rng)))
            for _ in range(6):
                raw = _junk(rng)
                other = (seat + 1) % players
                with pytest.raises(RuleError):
                    ENGINE.apply(st, other, ENGINE.parse_action(raw))
                if any(template_matches(t, raw) for t in templates):
                    continue
                if raw["type"] == "sell" and any(t["type"] == "sell" for t in templates):
                    continue  # another routing may be a legal alternative
                with pytest.raises(RuleError):
                    ENGINE.apply(st, seat, ENGINE.parse_action(raw))
        raw = bot_of(ENGINE).test_action(st, seat, rng)
        st = ENGINE.apply(st, seat, ENGINE.parse_action(raw)).state
        steps += 1


_INT_FIELDS = [
    {"type": "bid", "amount": 1},
    {"type": "announce", "a": "C1", "b": "C2", "bid": 100},
    {"type": "raise", "amount": 108},
    {"type": "place_city", "card": "A1", "area": 36},
    {"type": "remove_good", "area": 36},
    {"type": "acquire", "deed": "a1", "area": 50},
    {"type": "research", "track": "hull", "player": 1},
    {"type": "place_ship", "sea": 117},
    {"type": "expand", "area": 36},
    {"type": "grow", "city": 36},
]


@pytest.mark.parametrize("good", _INT_FIELDS, ids=lambda a: a["type"])
@pytest.mark.parametrize("bad", [True, False, "1", 1.0, None])
def test_strict_actions_wrong_types_are_refused_never_coerced(good: dict, bad) -> None:
    ENGINE.parse_action(good)  # the well-typed action is accepted
    field = next(k for k, v in good.items() if isinstance(v, int))
    with pytest.raises(ActionError):
        ENGINE.parse_action({**good, field: bad})


def test_strict_actions_a_boolean_bid_is_refused_with_a_sentence() -> None:
    # Before: {"amount": true} was coerced to a bid of 1.
    with pytest.raises(ActionError, match="amount"):
        ENGINE.parse_action({"type": "bid", "amount": True})
    with pytest.raises(ActionError, match="amount"):
        ENGINE.parse_action({"type": "bid", "amount": "5"})


@pytest.mark.parametrize("bad", [True, "2", 2.0])
def test_strict_actions_route_numbers_are_not_coerced(bad) -> None:
    route = {"from": 36, "ship": "C2", "seas": [117], "city": 52, "count": 1}
    ENGINE.parse_action({"type": "sell", "company": "C1", "routes": [route]})
    for field in ("from", "city", "count"):
        with pytest.raises(ActionError):
            ENGINE.parse_action({"type": "sell", "company": "C1",
                                 "routes": [{**route, field: bad}]})
    with pytest.raises(ActionError):
        ENGINE.parse_action({"type": "sell", "company": "C1",
                             "routes": [{**route, "seas": [bad]}]})
