"""The legal templates are exact: every action they describe is accepted, and any other
well-formed action (a sale's alternative routings aside) is refused with a RuleError."""

from __future__ import annotations

import random

import pytest

from engines.base import RuleError, expand_template, template_matches
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
        st = ENGINE.apply(st, seat, ENGINE.parse_action(ENGINE.bot_action(st, seat, rng))).state
        steps += 1
