"""The engine protocol's promise that the service's documents rely on: a seat that is not
in ``to_act`` has no legal actions (the room asks only the seats in ``to_act`` for theirs;
every other seat's document says it has nothing to do)."""

from __future__ import annotations

import random

import pytest

from engines.bots import bot_of
from engines.registry import all_engines, get_engine


@pytest.mark.parametrize("kind", sorted(all_engines()))
def test_a_seat_outside_to_act_has_no_legal_actions(kind: str) -> None:
    engine = get_engine(kind)
    assert engine is not None
    checked = 0
    for players in range(engine.min_players, engine.max_players + 1):
        for seed in range(3):
            rng = random.Random(seed)
            state = engine.setup(players, {}, seed)
            for _ in range(150):
                to_act = engine.to_act(state)
                for seat in range(players):
                    if seat not in to_act:
                        assert engine.legal_actions(state, seat) == [], (
                            f"{kind}: seat {seat} has legal actions outside to_act {to_act} "
                            f"({players} players, seed {seed})")
                        checked += 1
                if not to_act or engine.outcome(state) is not None:
                    break
                seat = to_act[0]
                action = engine.parse_action(bot_of(engine).test_action(state, seat, rng))
                state = engine.apply(state, seat, action).state
    assert checked > 0
