"""Whom the table waits for: the awaited seat, not the token holders who may clear."""

from __future__ import annotations

import random

from engines.bots import bot_of
from engines.kaki_lima import ENGINE


def test_awaited_seats_lead_to_act_and_exclude_optional_clearers() -> None:
    optional_seen = 0
    for seed in range(12):
        state = ENGINE.setup(4, {}, seed)
        rng = random.Random(seed)
        for _ in range(400):
            to_act = ENGINE.to_act(state)
            if not to_act:
                break
            awaited = ENGINE.awaited(state)
            assert awaited and to_act[: len(awaited)] == awaited
            optional_seen += len(to_act) > len(awaited)
            seat = to_act[0]
            action = bot_of(ENGINE).test_action(state, seat, rng)
            state = ENGINE.apply(state, seat, ENGINE.parse_action(action)).state
    # Token holders able to clear out of turn do come up, and are never "awaited".
    assert optional_seen > 0
