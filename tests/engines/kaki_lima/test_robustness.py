"""Actions a real player might send at the wrong moment or with wrong values: the engine
answers with a rule error (a sentence), never with a crash."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines.bots import bot_of
from engines.core.errors import ActionError, RuleError
from engines.core.templates import expand_template
from engines.kaki_lima import ENGINE

FIELDS = {"cell": range(50), "end": range(50), "source": range(50), "target": range(50),
          "seat": range(6), "to": range(6), "partner": range(6), "steps": range(1, 13)}


def mangled(action: dict, rng: random.Random) -> dict:
    """The action with one number changed to another value of the right type."""
    out = dict(action)
    keys = [k for k in out if k in FIELDS]
    if keys:
        key = rng.choice(keys)
        out[key] = rng.choice(list(FIELDS[key]))
    return out


def test_wrong_seat_and_wrong_values_are_refused_in_words() -> None:
    refused = 0
    for seed in range(30):
        rng = random.Random(seed)
        players = 2 + seed % 5
        state = ENGINE.setup(players, {}, seed)
        for _ in range(400):
            if ENGINE.outcome(state) is not None:
                break
            seat = rng.choice(ENGINE.to_act(state))
            good = bot_of(ENGINE).test_action(state, seat, rng)
            for other in range(players):
                templates = ENGINE.legal_actions(state, other)
                tries = [mangled(good, rng)]
                if other != seat:
                    tries.append(good)
                if templates:
                    tries.append(mangled(expand_template(rng.choice(templates), rng), rng))
                for raw in tries:
                    try:
                        ENGINE.apply(state, other, ENGINE.parse_action(raw))
                    except RuleError as err:
                        assert str(err) and not str(err).startswith("Traceback")
                        refused += 1
            state = ENGINE.apply(state, seat, ENGINE.parse_action(good)).state
    assert refused > 1000


@pytest.mark.parametrize("raw", [
    {"type": "step", "cell": "21"},
    {"type": "step", "cell": True},
    {"type": "step", "cell": 21.0},
    {"type": "step", "cell": 21, "clear": "true"},
    {"type": "step", "cell": 21, "clear": 1},
    {"type": "place", "cell": "0"},
    {"type": "walk", "cards": ["L01"], "end": "3"},
    {"type": "walk", "cards": "L01", "end": 3},
    {"type": "invite", "seat": False},
    {"type": "join_walk", "steps": "2"},
    {"type": "answer_pickup", "accept": 1},
    {"type": "answer_pickup", "accept": "yes"},
    {"type": "offer_trade", "to": True, "cards": ["L01"]},
    {"type": "propose_clearing", "partner": "1", "target": 5, "card": None},
    {"type": "answer_clearing", "accept": 0, "card": None},
], ids=repr)
def test_strict_actions_wrong_types_are_invalid_never_coerced(raw: dict[str, Any]) -> None:
    """Issue 10: a number sent as a string, a boolean for a number or a number for a boolean
    is an invalid action, not quietly turned into the right type."""
    with pytest.raises(ActionError):
        ENGINE.parse_action(raw)


def test_strict_actions_a_declined_clearing_names_no_card() -> None:
    """Declining a collaborative clearing gives nothing, so an answer that declines and names a
    card is invalid rather than silently dropping the card."""
    with pytest.raises(ActionError, match="card"):
        ENGINE.parse_action({"type": "answer_clearing", "accept": False, "card": "L01"})
    assert ENGINE.parse_action({"type": "answer_clearing", "accept": False, "card": None})
    assert ENGINE.parse_action({"type": "answer_clearing", "accept": True, "card": "L01"})
