"""``timeout_action``: the pass a seat out of time plays on a "skip" table is always a
legal action of the rules' own pass types, and each game offers one where its rules do."""

from __future__ import annotations

import random

import pytest

from engines.bots import bot_of
from engines.registry import get_engine

GAMES = ["tuk-tuk-taxi", "jakarta-traffic", "kaki-lima", "indonesia"]


@pytest.mark.parametrize("game", GAMES)
def test_timeout_pass_is_legal_and_found_in_play(game: str) -> None:
    """Random play from several seeds: whenever a pass is offered for an awaited seat it
    applies cleanly, and it is offered at some point of every game."""
    engine = get_engine(game)
    assert engine is not None and engine.timeout_passes
    offered = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.setup(engine.min_players, {}, seed)
        for _ in range(250):
            if engine.outcome(state) is not None:
                break
            awaited = engine.awaited(state)
            for seat in awaited:
                action = engine.timeout_action(state, seat)
                if action is not None:
                    offered += 1
                    assert action["type"] in engine.timeout_passes
                    engine.apply(state, seat, engine.parse_action(action))
            seat = engine.to_act(state)[0]
            raw = bot_of(engine).test_action(state, seat, rng)
            state = engine.apply(state, seat, engine.parse_action(raw)).state
    assert offered > 0


def test_a_game_without_passes_has_no_timeout_action() -> None:
    """The default hook: no pass types, no pass (the service lets the bot play)."""
    engine = get_engine("race")
    assert engine is not None
    state = engine.setup(2, {}, 1)
    assert engine.timeout_action(state, 0) is None
