"""The Indonesia engine: set-up, the step table's current step and the protocol's queries."""

from __future__ import annotations

import random
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.base import Outcome, Rng, RuleError, SearchTuning, State, Step, StepEngine
from engines.indonesia import bot, bot_search, phases, sampling
from engines.indonesia.actions import ACTION_ADAPTER
from engines.indonesia.data.components import (
    CITY_STONES,
    ERAS,
    STARTING_CASH,
    TRACKS,
)
from engines.indonesia.state import IndonesiaState
from engines.indonesia.steps import STEPS
from engines.indonesia.view import build_view

#: The hard bot's iteration cap (measured at this cap: bench/results/bots-indonesia.txt).
HARD_ITERATIONS = 40
#: Playout moves of the hard bot's search before bot_search.evaluate judges the position.
PLAYOUT_DEPTH = 4
#: How much better (mean value) a searched move must be than the heuristic's to be played.
KEEP_MARGIN = 0.05
#: Mergers a playout's announcer weighs (the dearest; the heuristic weighs them all).
PLAYOUT_PAIRS = 3


class IndonesiaOptions(BaseModel):
    """Lobby options: money is secret by default (running totals hidden)."""

    model_config = ConfigDict(extra="forbid")
    money: Literal["secret", "open"] = Field(
        "secret", description="Secret: only you see your cash and bank until the end")


class IndonesiaEngine(StepEngine):
    """Indonesia for 2 to 5 players (spec: /work/shared/specs/indonesia.md). The flow is the
    step table of steps.py, keyed by ``state["step"]["kind"]``."""

    id = "indonesia"
    name = "Indonesia"
    min_players = 2
    max_players = 5
    rules_version = "3"
    options_model = IndonesiaOptions
    action_adapter = ACTION_ADAPTER
    state_type = IndonesiaState
    #: Auctions, mergers, deeds and operations all have a pass: a player out of time
    #: passes.
    timeout_passes = ("pass",)
    blurb = "Build rice, spice, rubber, oil and shipping empires across the archipelago."
    over_message = "indonesia.err.over"

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= player_count <= self.max_players:
            raise RuleError("indonesia.err.players", low=self.min_players,
                            high=self.max_players)
        opts = IndonesiaOptions.model_validate(options or {})
        rng = Rng.from_seed(seed)
        order = list(range(player_count))
        rng.shuffle(order)
        hands: list[list[str]] = [[] for _ in range(player_count)]
        per = 2 if player_count == 2 else 1
        for era in ERAS:
            cards = [f"{era.upper()}{i}" for i in range(1, 6)]
            rng.shuffle(cards)
            for s in range(player_count):
                hands[s].extend(cards[s * per:(s + 1) * per])
        st: State = {
            "rng": rng.position, "players": player_count, "secret": opts.money == "secret",
            "order": order, "cash": [STARTING_CASH] * player_count, "bank": [0] * player_count,
            "earned": [0] * player_count, "bonus": [0] * player_count,
            "research": [dict.fromkeys(TRACKS, 1) for _ in range(player_count)],
            "hands": hands, "era": "a", "year": 0, "phase": "new_era", "deeds": [],
            "discarded": [], "companies": {}, "next_id": 1, "cities": {},
            "stones": {str(k): v for k, v in CITY_STONES.items()},
            "step": {"kind": "cities", "seat": None, "queue": []}, "bids": [],
            "last_sale": None, "final": None, "end": None, "year_start": None,
            "last_progress": 0,
        }
        phases.start_year(st, [])
        return st

    def current_step(self, state: State) -> Step:
        return STEPS[state["step"]["kind"]]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        final = state["final"]
        scores = [f["score"] for f in final]
        order = state["order"]
        ranking = sorted(range(len(scores)), key=lambda s: (-scores[s], order.index(s)))
        ranks = [0] * len(scores)
        for r, s in enumerate(ranking):
            ranks[s] = r + 1
        return Outcome(scores=scores, ranks=ranks, detail={
            "cash": [f["cash"] for f in final], "bank": [f["bank"] for f in final],
            "doubled": [f["bonus"] for f in final], "end": state.get("end")})

    def bot_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The spec-10 test bot (random legal otherwise), so bot games finish."""
        return bot.choose(state, seat, self.legal_actions(state, seat), rng)

    # -- take-backs -----------------------------------------------------------------------
    def secret_part(self, state: State) -> Any:
        """The city cards in the hands (a card played to found a city is a reveal)."""
        return state["hands"]

    def reveals(self, before: State, after: State, seat: int, action: Any) -> bool:
        """With secret money, a bid (turn order or merger) tells everyone that the bidder has
        at least that much: it is a sealed fact once said, so no take-back crosses it."""
        return bool(before["secret"]) and action.type in ("bid", "raise")

    def reveal_why(self, before: State, after: State, seat: int, action: Any) -> str:
        """A bid under secret money, or a city card played."""
        if self.reveals(before, after, seat, action):
            return "indonesia.reveal.secret_bid"
        return "indonesia.reveal.city_card"

    def turn_of(self, state: State) -> Any:
        """The year, the phase and the seats the step awaits."""
        return [state["year"], state["era"], state["phase"], self.awaited(state)]

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """A full state behind ``view``: others' city cards and secret money sampled."""
        return sampling.determinize(view, seat, rng)

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        """The easy/normal bots' move (bot.py): deeds, research, mergers, operations."""
        return bot.heuristic(state, seat, self.legal_actions(state, seat), rng, noise)

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's lead in money and income over the operations left, in [0, 1]."""
        return bot_search.evaluate(state, seat)

    def playout_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The heuristic, weighing only the dearest mergers (playouts must be cheap)."""
        return bot.heuristic(state, seat, self.legal_actions(state, seat), rng, 0.0,
                             pairs=PLAYOUT_PAIRS)

    def bot_candidates(self, state: State, seat: int, rng: random.Random,
                       limit: int) -> list[dict[str, Any]] | None:
        """The heuristic's move, then the few others a good player would weigh."""
        return bot_search.candidates(state, seat, self.legal_actions(state, seat), rng, limit)

    #: Few candidates (bot_search), playouts long enough to reach the next sale. The keep
    #: margin is 0.05: at 0.01 the search overruled a third of the heuristic's deeds,
    #: cities and mergers on noise and lost 9 of 40 four-player deals to easy (normal
    #: lost 4); at 0.05 it lost 3 of the same deals (round 6, docs/bots.md).
    search_tuning = SearchTuning(playout_depth=PLAYOUT_DEPTH, max_candidates=5,
                                 inner_candidates=2, min_visits=3, exploration=0.5,
                                 keep_margin=KEEP_MARGIN, iterations=HARD_ITERATIONS)


ENGINE = IndonesiaEngine()
