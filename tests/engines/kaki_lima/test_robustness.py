"""Actions a real player might send at the wrong moment or with wrong values: the engine
answers with a rule error (a sentence), never with a crash."""

from __future__ import annotations

import random

from engines.base import RuleError, expand_template
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
            good = ENGINE.bot_action(state, seat, rng)
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
