"""The Indonesia engine: set-up, the action dispatcher and the protocol's queries."""

from __future__ import annotations

import pickle
import random
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.base import ApplyResult, Engine, Outcome, Rng, RuleError, State
from engines.indonesia import bot, legal, phases
from engines.indonesia.actions import ACTION_ADAPTER
from engines.indonesia.data.components import (
    CITY_STONES,
    ERAS,
    STARTING_CASH,
    TRACKS,
)
from engines.indonesia.view import build_view


class IndonesiaOptions(BaseModel):
    """Lobby options: money is secret by default (running totals hidden)."""

    model_config = ConfigDict(extra="forbid")
    money: Literal["secret", "open"] = Field(
        "secret", description="Secret: only you see your cash and bank until the end")


#: Which step kinds accept which action types (anything else is refused in words).
_ACCEPTS = {
    "cities": {"place_city"}, "bid": {"bid"}, "announce": {"announce", "pass"},
    "auction": {"raise", "pass"}, "remove": {"remove_good"}, "acquire": {"acquire", "pass"},
    "research": {"research", "pass"}, "operate": {"sell", "sail"},
    "expand": {"expand", "pass"}, "ships": {"place_ship", "pass"}, "grow": {"grow"},
}


class IndonesiaEngine(Engine):
    """Indonesia for 2 to 5 players (spec: /work/shared/specs/indonesia.md)."""

    id = "indonesia"
    name = "Indonesia"
    min_players = 2
    max_players = 5
    rules_version = "2"
    options_model = IndonesiaOptions
    action_adapter = ACTION_ADAPTER
    blurb = "Build rice, spice, rubber, oil and shipping empires across the archipelago."

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= player_count <= self.max_players:
            raise RuleError("Indonesia is for 2 to 5 players.")
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
        }
        phases.start_year(st, [])
        return st

    def apply(self, state: State, seat: int, action: Any) -> ApplyResult:
        step = state["step"]
        if state["phase"] == "over":
            raise RuleError("The game is over.")
        if step.get("seat") != seat:
            raise RuleError("It is not your turn.")
        if action.type not in _ACCEPTS[step["kind"]]:
            raise RuleError(f"You cannot {action.type.replace('_', ' ')} now.")
        st = _copy(state)
        log: list = []
        _DISPATCH[(step["kind"], action.type)](st, seat, action, log)
        return ApplyResult(st, log)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        return legal.templates(state, seat)

    def to_act(self, state: State) -> list[int]:
        seat = state["step"].get("seat")
        return [] if state["phase"] == "over" or seat is None else [seat]

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


def _copy(state: State) -> State:
    """A deep copy of the state, written for its known shape (several times faster than a
    generic copy). ``last_sale`` and ``final`` are only ever replaced whole, so they are
    shared; the step is small and copied generically."""
    new = dict(state)
    for key in ("order", "cash", "bank", "earned", "bonus", "deeds", "discarded", "bids"):
        new[key] = list(state[key])
    new["research"] = [dict(r) for r in state["research"]]
    new["hands"] = [list(h) for h in state["hands"]]
    new["companies"] = {
        cid: {**co, "deeds": list(co["deeds"]), "areas": list(co["areas"]),
              "ships": dict(co["ships"])}
        for cid, co in state["companies"].items()}
    new["cities"] = {a: {"size": c["size"], "delivered": dict(c["delivered"])}
                     for a, c in state["cities"].items()}
    new["stones"] = dict(state["stones"])
    new["step"] = pickle.loads(pickle.dumps(state["step"], pickle.HIGHEST_PROTOCOL))
    return new


def _pass(st: State, seat: int, a: Any, log: list) -> None:
    kind = st["step"]["kind"]
    if kind == "announce":
        phases.announce_pass(st, seat, log)
    elif kind == "auction":
        phases.auction_pass(st, seat, log)
    elif kind == "acquire":
        phases.acquire_pass(st, seat, log)
    elif kind == "research":
        phases.research_next(st, log)
    else:
        phases.operation_pass(st, seat, log)


_DISPATCH = {
    ("cities", "place_city"): lambda st, s, a, log: phases.place_city(st, s, a.card, a.area, log),
    ("bid", "bid"): lambda st, s, a, log: phases.bid(st, s, a.amount, log),
    ("announce", "announce"): lambda st, s, a, log: phases.announce(st, s, a.a, a.b, a.bid, log),
    ("auction", "raise"): lambda st, s, a, log: phases.raise_bid(st, s, a.amount, log),
    ("remove", "remove_good"): lambda st, s, a, log: phases.remove_good(st, s, a.area, log),
    ("acquire", "acquire"): lambda st, s, a, log: phases.acquire(st, s, a.deed, a.area, log),
    ("research", "research"): lambda st, s, a, log: phases.research(
        st, s, a.track, a.player, log),
    ("operate", "sell"): lambda st, s, a, log: phases.sell(st, s, a.company, a.routes, log),
    ("operate", "sail"): lambda st, s, a, log: phases.sail(st, s, a.company, log),
    ("expand", "expand"): lambda st, s, a, log: phases.expand(st, s, a.area, log),
    ("ships", "place_ship"): lambda st, s, a, log: phases.place_ship(st, s, a.sea, log),
    ("grow", "grow"): lambda st, s, a, log: phases.grow(st, s, a.city, log),
    **{(k, "pass"): _pass for k in ("announce", "auction", "acquire", "research", "expand",
                                     "ships")},
}

ENGINE = IndonesiaEngine()
