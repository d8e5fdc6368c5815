"""The levels mean something (issue 40): hard plays the game out and so finds the move that
pays only later, where normal takes the obvious one; easy strays from normal's move; every
level's move is legal; the rollouts compare candidates in the same worlds. Deterministic:
every search has a cap and no time limit.

A tiny game makes the first point exact: *Orchard*, two seats, three turns each; a seat
either picks a fruit (one point now) or plants a tree (nothing now, three points at the
end). Normal picks (its heuristic is greedy, its ``evaluate`` counts points so far), so a
search cut off by ``evaluate`` sees planting as a loss; played out to the end, planting
first wins (2 + 3 against 3).
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, TypeAdapter

from engines import bots
from engines.bots import bot_of
from engines.bots.protocol import GameBot, SearchTuning
from engines.bots.rollout import Rollouts
from engines.core.outcome import Outcome, competition_ranks
from engines.core.protocol import ApplyResult, Engine
from engines.core.types import State, Template
from engines.registry import all_engines
from tests.engines.test_bots_play import is_legal

GAMES = [e for e in all_engines().values() if bots.has_bots(e)]


class Tend(BaseModel):
    type: Literal["pick", "plant"]


class Orchard(Engine):
    """Two seats, three turns each: pick (a point now) or plant (three at the end)."""

    id = "orchard"
    name = "Orchard"
    min_players = 2
    max_players = 2
    rules_version = "1"
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Tend)
    listed = False
    TURNS = 3

    def __init__(self, tuning: SearchTuning) -> None:
        self.bot = OrchardBot(self, tuning)

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        return {"n": 2, "current": 0, "moves": 0, "points": [0, 0], "trees": [0, 0]}

    def to_act(self, state: State) -> list[int]:
        return [] if self._over(state) else [state["current"]]

    def legal_actions(self, state: State, seat: int) -> list[Template]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "pick"}, {"type": "plant"}]

    def apply(self, state: State, seat: int, action: BaseModel) -> ApplyResult:
        new = copy.deepcopy(state)
        if action.type == "pick":  # type: ignore[attr-defined]
            new["points"][seat] += 1
        else:
            new["trees"][seat] += 1
        new["moves"] += 1
        new["current"] = 1 - seat
        return ApplyResult(new)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return copy.deepcopy(state)

    def _over(self, state: State) -> bool:
        return bool(state["moves"] >= 2 * self.TURNS)

    def outcome(self, state: State) -> Outcome | None:
        if not self._over(state):
            return None
        totals = [p + 3 * t for p, t in zip(state["points"], state["trees"], strict=True)]
        return Outcome(scores=totals, ranks=competition_ranks(totals))


class OrchardBot(GameBot):
    """Greedy: always picks; a position is worth the points so far (trees unseen)."""

    def __init__(self, engine: Engine, tuning: SearchTuning) -> None:
        super().__init__(engine)
        self.search_tuning = tuning  # type: ignore[misc]

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        return copy.deepcopy(view)

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        if noise > 0 and rng.random() < noise:
            return {"type": "plant"}
        return {"type": "pick"}

    def evaluate(self, state: State, seat: int) -> float:
        lead = state["points"][seat] - state["points"][1 - seat]
        return min(1.0, max(0.0, 0.5 + 0.1 * lead))

    def bot_candidates(self, state: State, seat: int, rng: random.Random,
                       limit: int) -> list[dict[str, Any]] | None:
        return [{"type": "pick"}, {"type": "plant"}]


def decide(tuning: SearchTuning, level: str) -> dict[str, Any]:
    engine = Orchard(tuning)
    state = engine.setup(2, {}, 0)
    return bots.decide(engine, engine.view(state, 0), 0, level,  # type: ignore[arg-type]
                       random.Random(0), math.inf, iterations=40)


def test_hard_plays_the_game_out_and_plants_where_normal_picks() -> None:
    tuning = SearchTuning(min_worlds=2)
    assert decide(tuning, "normal") == {"type": "pick"}
    assert decide(tuning, "hard") == {"type": "plant"}


def test_the_earlier_tree_search_cut_off_by_evaluate_picked_like_normal() -> None:
    """What issue 40 found: the tree search's short playouts judged by ``evaluate`` kept
    normal's move."""
    tuning = SearchTuning(method="ismcts", playout_depth=2, max_candidates=2,
                          inner_candidates=2, min_visits=2, iterations=40)
    assert decide(tuning, "hard") == {"type": "pick"}


def test_a_single_candidate_is_played_without_a_rollout() -> None:
    engine = Orchard(SearchTuning())
    state = engine.setup(2, {}, 0)
    bot = bot_of(engine)

    def only_pick(*_: Any) -> list[dict[str, Any]]:
        return [{"type": "pick"}]

    bot.bot_candidates = only_pick  # type: ignore[method-assign,assignment]
    search = Rollouts(bot, engine.view(state, 0), 0, random.Random(0))
    assert search.run(math.inf, 40, state) == {"type": "pick"}
    assert search.rollouts == 0


def test_when_no_candidate_changes_anything_the_search_stops_early() -> None:
    """Where every candidate ends the same (seat 0 wins either way, and its lead is
    beyond what ``evaluate`` tells apart), ``min_worlds`` worlds settle it."""
    engine = Orchard(SearchTuning(min_worlds=3, widen_base=2))
    state = engine.setup(2, {}, 0)
    state["moves"] = 5            # the last move: picking or planting, seat 0 ends ahead
    state["points"] = [9, 0]
    search = Rollouts(bot_of(engine), engine.view(state, 0), 0, random.Random(0))
    search.run(math.inf, 400, state)
    assert search.rollouts == 6


def choices(engine: Engine, count: int) -> list[tuple[State, int]]:
    """``count`` positions of 2-player games between normal bots where the seat to act has
    at least two candidate moves."""
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
            if len(moves) > 1 and steps % 5 == 3:
                out.append((state, seat))
            raw = bots.decide(engine, engine.view(state, seat), seat, "normal", rng)
            state = engine.apply(state, seat, engine.parse_action(raw)).state
            steps += 1
        game += 1
    return out


@pytest.mark.parametrize("engine", GAMES, ids=[e.id for e in GAMES])
def test_rollouts_play_every_candidate_in_the_same_worlds_and_legally(engine: Engine) -> None:
    """Common random numbers: a candidate let in meets every world from then on, so the
    paired differences are measured on the same worlds; the move chosen is legal."""
    bot = bot_of(engine)
    for state, seat in choices(engine, 2):
        view = engine.view(state, seat)
        search = Rollouts(bot, view, seat, random.Random(3))
        move = search.run(math.inf, 12, bot.determinize(view, seat, random.Random(3)))
        assert is_legal(engine, state, seat, move), (state, move)
        played = [[v is not None for v in r] for r in search.results]
        assert all(played[0]) and sum(any(p) for p in played) >= 2, played
        for later in played[1:]:
            if any(later):
                assert all(later[later.index(True):]), later


@pytest.mark.parametrize("engine", GAMES, ids=[e.id for e in GAMES])
def test_easy_strays_from_normal_and_plays_legal_moves(engine: Engine) -> None:
    strays = 0
    found = choices(engine, 24)
    for i, (state, seat) in enumerate(found):
        view = engine.view(state, seat)
        easy = bots.decide(engine, view, seat, "easy", random.Random(i))
        assert is_legal(engine, state, seat, easy), (state, easy)
        strays += easy != bots.decide(engine, view, seat, "normal", random.Random(i))
    assert 2 <= strays < len(found), strays
