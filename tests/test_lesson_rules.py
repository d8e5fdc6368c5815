"""Each lesson of Jakarta Traffic and Indonesia meets, in its game, the rules it is there to
teach (issue 41: "every rule of the rulebook's core turn is met at least once in the guided
game"). Checked on what the engine logs while the lesson plays (the learner's steps and the
bots' answers, after any prepared position), not on the script's words: a rules or bot change
that makes a lesson skip a rule - no detour rolled, no city growing - fails here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines import bots
from engines.lessons import BOT, PRELUDE, Lesson, lesson, play_through
from engines.registry import get_engine

#: The rulebook's core turn, as the engine's log keys: what each lesson must show happening.
MEETS = {
    ("jakarta-traffic", "first-game"): {
        "started", "rotated", "swapped", "drove", "detour", "accepted", "moved_stack",
        "chatted", "delivered", "charged"},
    ("jakarta-traffic", "orderboard"): {"accepted", "rotated", "marker_back", "delivered_two",
                                        "arranged"},
    ("indonesia", "first-game"): {
        "city_founded", "turn_bid", "turn_order", "started", "started_at_sea", "research",
        "sailed", "ship_placed", "sold", "ship_fees", "expanded", "city_grows", "year_ends"},
    ("indonesia", "mergers"): {"merger_announced", "merger_raise", "merger_drop",
                               "merger_won", "merger_payout"},
    ("indonesia", "eras"): {"era_begins", "city_founded", "turn_bid", "started"},
}


def _decide(engine: Any, view: dict[str, Any], seat: int, level: str,
            rng: random.Random) -> dict[str, Any]:
    return bots.decide(engine, view, seat, level, rng)  # type: ignore[arg-type]


def met(les: Lesson) -> set[str]:
    """The log keys (without the game's prefix) written while the lesson itself plays."""
    engine = get_engine(les.game)
    assert engine is not None
    state = engine.setup(les.players, engine.validate_options(les.options), les.seed)
    keys: set[str] = set()
    left = len(les.prelude)
    for index, seat, action, after in play_through(engine, les, _decide):  # type: ignore[arg-type]
        result = engine.apply(state, seat, engine.parse_action(action))
        if index == PRELUDE:
            left -= 1
        elif left == 0 or index != BOT:
            keys |= {str(entry.key).split(".log.")[-1] for entry in result.log}
        state = after
    return keys


@pytest.mark.parametrize(("game", "lesson_id"), sorted(MEETS))
def test_the_lesson_meets_its_rules(game: str, lesson_id: str) -> None:
    les = lesson(game, lesson_id)
    assert les is not None
    missing = MEETS[(game, lesson_id)] - met(les)
    assert not missing, f"{game}/{lesson_id} no longer shows {sorted(missing)}"


def test_a_lesson_that_skips_a_rule_is_caught() -> None:
    """The check can fail: the guided game cut before its detour no longer shows one."""
    les = lesson("jakarta-traffic", "first-game")
    assert les is not None
    cut = les.model_copy(deep=True)
    at = next(i for i, s in enumerate(cut.steps) if s.action == {"type": "detour"})
    cut.steps = cut.steps[:at]
    assert "detour" not in met(cut)
