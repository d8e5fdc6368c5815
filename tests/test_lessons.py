"""Every lesson script still plays on the current engine (like the recorded games).

A lesson (engines/<game>/lessons/*.json, docs/lessons.md) is a seed, the learner's actions
and the service's own bots: replayed here exactly as the service plays it
(``engines.lessons.play_through``), each step's action must be legal when its turn comes,
and every step's words must exist in every language. A rules or bot change that breaks a
lesson fails here, with the step that no longer fits.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines import bots
from engines.core.templates import template_matches
from engines.lessons import LANGS, PLAYER_SEAT, Lesson, lessons_of, play_through
from engines.registry import all_engines, get_engine

LESSONS = [les for e in all_engines().values() if e.listed for les in lessons_of(e.id)]
#: The titles whose lessons issue 41's first part delivers: a guided game and at least one
#: follow-up each (Jakarta Traffic and Indonesia follow on the same framework).
TAUGHT = ("tuk-tuk-taxi", "kaki-lima")


def _decide(engine: Any, view: dict[str, Any], seat: int, level: str,
            rng: random.Random) -> dict[str, Any]:
    return bots.decide(engine, view, seat, level, rng)  # type: ignore[arg-type]


@pytest.mark.parametrize("les", LESSONS, ids=[f"{les.game}/{les.id}" for les in LESSONS])
def test_the_script_plays_on_the_current_engine(les: Lesson) -> None:
    engine = get_engine(les.game)
    assert engine is not None
    state = engine.setup(les.players, engine.validate_options(les.options), les.seed)
    played = []
    for index, seat, action, after in play_through(engine, les, _decide):
        if index >= 0:
            assert seat == PLAYER_SEAT
            # The learner's move is one the board offers (a template allows it).
            assert any(template_matches(t, action)
                       for t in engine.legal_actions(state, seat)), (index, action)
            played.append(index)
        state = after
    expected = [i for i, s in enumerate(les.steps) if s.action is not None]
    assert played == expected


@pytest.mark.parametrize("les", LESSONS, ids=[f"{les.game}/{les.id}" for les in LESSONS])
def test_every_text_is_in_every_language(les: Lesson) -> None:
    texts = [les.title, les.summary, les.done, *(s.say for s in les.steps),
             *(s.try_ for s in les.steps if s.try_ is not None)]
    for words in texts:
        for lang in LANGS:
            assert getattr(words, lang).strip(), (les.id, lang, words.en)
    # A step that waits for a move says how to recover from a wrong one.
    assert all(s.try_ is not None for s in les.steps if s.action is not None)


@pytest.mark.parametrize("game", TAUGHT)
def test_each_taught_title_has_a_guided_game_and_a_follow_up(game: str) -> None:
    kinds = [les.kind for les in lessons_of(game)]
    assert kinds and kinds[0] == "guided"
    assert kinds.count("guided") == 1
    assert "follow-up" in kinds


def test_a_changed_move_is_caught() -> None:
    """The check can fail: a script whose step asks for a move the game does not allow
    stops with a sentence naming the step."""
    les = lessons_of("tuk-tuk-taxi")[0]
    broken = les.model_copy(deep=True)
    first = next(s for s in broken.steps if s.action is not None)
    first.action = {"type": "move", "to": "6,6"}
    engine = get_engine("tuk-tuk-taxi")
    with pytest.raises(ValueError, match="step"):
        list(play_through(engine, broken, _decide))  # type: ignore[arg-type]
