"""The shared search's playouts (engines.bots.Search): with ``playout_to_turn`` a playout
runs to the searching seat's next turn, whatever its length and the answers out of turn on
the way; without it, exactly ``playout_depth`` moves. A tiny relay game makes every move
countable."""

from __future__ import annotations

import copy
import math
import random
from dataclasses import replace
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, TypeAdapter

from engines.bots import Search
from engines.bots.protocol import GameBot, SearchTuning
from engines.core.outcome import Outcome
from engines.core.protocol import ApplyResult, Engine
from engines.core.types import State, Template


class Move(BaseModel):
    type: Literal["move", "answer"]
    n: int = 0


class Relay(Engine):
    """Seats take turns of ``TURN`` moves; after a turn's first move the next seat answers
    out of turn (the turn stays the mover's). Never ends; every position is worth 0.5."""

    id = "relay"
    name = "Relay"
    min_players = 2
    max_players = 6
    rules_version = "1"
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Move)
    listed = False
    TURN = 3

    def __init__(self, tuning: SearchTuning) -> None:
        self.bot = RelayBot(self, tuning)
        #: (state, seat, root) of every search_value call, in order.
        self.judged = self.bot.judged

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        return {"n": player_count, "current": 0, "step": 0, "answer": None, "turns": 0,
                "moves": 0, "answered": []}

    def to_act(self, state: State) -> list[int]:
        return [state["answer"]] if state["answer"] is not None else [state["current"]]

    def legal_actions(self, state: State, seat: int) -> list[Template]:
        if seat not in self.to_act(state):
            return []
        if state["answer"] is not None:
            return [{"type": "answer"}]
        return [{"type": "move", "n": 0}, {"type": "move", "n": 1}]

    def apply(self, state: State, seat: int, action: BaseModel) -> ApplyResult:
        new = copy.deepcopy(state)
        new["moves"] += 1
        if new["answer"] is not None:
            new["answered"].append((seat, new["current"]))
            new["answer"] = None
            return ApplyResult(new)
        new["step"] += 1
        if new["step"] == 1:
            new["answer"] = (new["current"] + 1) % new["n"]
        if new["step"] == self.TURN:
            new["step"] = 0
            new["current"] = (new["current"] + 1) % new["n"]
            new["turns"] += 1
        return ApplyResult(new)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return copy.deepcopy(state)

    def outcome(self, state: State) -> Outcome | None:
        return None


class RelayBot(GameBot):
    """Relay's bot: always the first move; the turn is the mover's; every position 0.5."""

    def __init__(self, engine: Engine, tuning: SearchTuning) -> None:
        super().__init__(engine)
        self.search_tuning = tuning  # type: ignore[misc]
        #: (state, seat, root) of every search_value call, in order.
        self.judged: list[tuple[State, int, int]] = []

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        return copy.deepcopy(view)

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        if state["answer"] is not None:
            return {"type": "answer", "n": 0}
        return {"type": "move", "n": 0}

    def turn_seat(self, state: State) -> int | None:
        return int(state["current"])

    def search_value(self, state: State, seat: int, root: int) -> float:
        self.judged.append((state, seat, root))
        return 0.5


TUNING = SearchTuning(playout_depth=60, playout_to_turn=True, max_candidates=2,
                      inner_candidates=2, min_visits=1, iterations=12)


def search(engine: Relay, players: int, root: int) -> None:
    """A search for ``root``'s first move of its turn at a table of ``players``."""
    state = engine.setup(players, {}, 0)
    state["current"] = root
    Search(engine, engine.view(state, root), root, random.Random(1)).run(
        math.inf, engine.bot.search_tuning.iterations)


def test_a_playout_stops_when_the_searching_seat_is_about_to_start_its_next_turn() -> None:
    for players in (2, 4, 6):
        engine = Relay(TUNING)
        search(engine, players, root=1)
        ends = [state for state, seat, _ in engine.judged if seat == 1]
        assert len(ends) == TUNING.iterations
        for state in ends:
            # Every other seat had its turn once; the searching seat has not moved in its
            # new turn yet.
            assert state["turns"] == players and state["current"] == 1
            assert state["step"] == 0 and state["answer"] is None
            assert state["moves"] == players * (Relay.TURN + 1)
            # Seat 1 answered in seat 0's turn on the way, and that did not stop it.
            assert (1, 0) in state["answered"]
        assert {root for _, _, root in engine.judged} == {1}


def test_the_cap_still_bounds_a_playout_that_would_run_to_the_next_turn() -> None:
    engine = Relay(replace(TUNING, playout_depth=5, iterations=2))
    search(engine, 6, root=0)
    # One tree move and five playout moves each: cut in seat 1's turn.
    assert [(state["moves"], state["current"]) for state, seat, _ in engine.judged
            if seat == 0] == [(6, 1), (6, 1)]


def test_without_the_option_a_playout_makes_exactly_playout_depth_moves() -> None:
    engine = Relay(replace(TUNING, playout_to_turn=False, playout_depth=7, iterations=2))
    search(engine, 4, root=0)
    # Two iterations: one tree move and seven playout moves each, whatever the turns.
    assert [state["moves"] for state, seat, _ in engine.judged if seat == 0] == [8, 8]
