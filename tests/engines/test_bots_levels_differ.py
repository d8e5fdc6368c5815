"""The levels mean something (issue 40): hard's rollouts overrule normal's move in positions
where the earlier tree search (ISMCTS cut off by ``evaluate``) kept it nearly always, easy
strays from normal's move, and every level's move is legal. Deterministic: every search
has an iteration cap and no time limit."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from engines import bots
from engines.bots import bot_of
from engines.bots.rollout import Rollouts
from engines.core.protocol import Engine
from engines.core.types import State
from engines.registry import all_engines
from tests.engines.test_bots_play import is_legal

GAMES = [e for e in all_engines().values() if bots.has_bots(e)]
#: Positions per game where the seat has more than one candidate (a choice to make).
CHOICES = 10
ROLLOUTS = 36


def choices(engine: Engine, count: int) -> list[tuple[State, int]]:
    """``count`` positions of 2-player games between normal bots where the seat to act has
    at least two candidate moves (the hard bot's search has something to choose)."""
    out: list[tuple[State, int]] = []
    game = 0
    while len(out) < count:
        state = engine.setup(2, {}, 4000 + game)
        rng = random.Random(game)
        steps = 0
        while engine.outcome(state) is None and steps < 300 and len(out) < count:
            seat = (engine.awaited(state) or engine.to_act(state))[0]
            moves = bots.candidate_actions(engine, state, seat, rng,
                                           bot_of(engine).search_tuning.max_candidates)
            if len(moves) > 1 and steps % 7 == 3:
                out.append((state, seat))
            raw = bots.decide(engine, engine.view(state, seat), seat, "normal", rng)
            state = engine.apply(state, seat, engine.parse_action(raw)).state
            steps += 1
        game += 1
    return out


@pytest.fixture(scope="module", params=GAMES, ids=[e.id for e in GAMES])
def positions(request: pytest.FixtureRequest) -> tuple[Engine, list[tuple[State, int]]]:
    engine: Engine = request.param
    return engine, choices(engine, CHOICES)


def test_hard_overrules_normal_more_often_than_the_tree_search_did(
        positions: tuple[Engine, list[tuple[State, int]]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    engine, found = positions
    bot = bot_of(engine)
    tuning = bot.search_tuning

    def differs(iterations: int) -> int:
        count = 0
        for i, (state, seat) in enumerate(found):
            view = engine.view(state, seat)
            normal = bots.decide(engine, view, seat, "normal", random.Random(i))
            hard = bots.decide(engine, view, seat, "hard", random.Random(i), math.inf,
                               iterations=iterations)
            assert is_legal(engine, state, seat, hard), (state, hard)
            count += hard != normal
        return count

    now = differs(ROLLOUTS)
    # The tree search at its own iteration cap (what hard played before issue 40).
    monkeypatch.setattr(type(bot), "search_tuning", replace(tuning, method="ismcts"))
    before = differs(tuning.iterations)
    assert now > before, (now, before)


def test_rollouts_play_every_candidate_in_the_same_worlds(
        positions: tuple[Engine, list[tuple[State, int]]]) -> None:
    """Common random numbers: each candidate let in meets the worlds from then on, so their
    paired difference is measured on the same worlds."""
    engine, found = positions
    bot = bot_of(engine)
    state, seat = found[0]
    view = engine.view(state, seat)
    search = Rollouts(bot, view, seat, random.Random(3))
    first = bot.determinize(view, seat, random.Random(3))
    search.run(math.inf, ROLLOUTS, first)
    played = [[v is not None for v in r] for r in search.results]
    assert len(played) > 1 and all(played[0])
    for later in played[1:]:
        start = later.index(True)
        assert all(later[start:]), later


def test_easy_strays_from_normal_and_plays_legal_moves(
        positions: tuple[Engine, list[tuple[State, int]]]) -> None:
    engine, found = positions
    strays = 0
    for i, (state, seat) in enumerate(found):
        view = engine.view(state, seat)
        easy = bots.decide(engine, view, seat, "easy", random.Random(i))
        assert is_legal(engine, state, seat, easy), (state, easy)
        strays += easy != bots.decide(engine, view, seat, "normal", random.Random(i))
    assert strays >= 2, strays
