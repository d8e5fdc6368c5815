"""The Jakarta Traffic engine: phases, legal actions, views, outcome and the bot."""

from __future__ import annotations

import random
from typing import Any

from engines.base import (
    ApplyResult,
    Engine,
    Outcome,
    RuleError,
    State,
    expand_template,
)
from engines.jakarta_traffic import orderboard, rules, scoring
from engines.jakarta_traffic.actions import ACTION_ADAPTER
from engines.jakarta_traffic.data import BUILDING, CHARGING, PATTERNS, SIZE
from engines.jakarta_traffic.roads import reachable, tile_roads
from engines.jakarta_traffic.setup import initial_state

#: Which actions each phase accepts (anything else gets the phase's hint as its error).
PHASE_ACTIONS: dict[str, tuple[set[str], str]] = {
    "start": ({"start"}, "Put your moped on a charging station first."),
    "honk": ({"rotate", "swap", "drive", "detour"}, "Honk, drive or take a detour."),
    "drive": ({"drive", "detour"}, "You have honked; now drive or take a detour."),
    "pick_spot": ({"pick_spot"}, "You rolled a double 6: pick a parking spot."),
    "arrival": ({"accept", "deliver", "decline"}, "Accept, deliver or decline first."),
    "place_stack": ({"place_stack"}, "Move the rest of the order stack first."),
    "arrange": ({"arrange"}, "Choose which delivered order goes to the bottom row."),
}


#: The parts of the state each action may change, beyond its scalars and flat lists.
TOUCHES: dict[str, frozenset[str]] = {
    "start": frozenset(),
    "rotate": frozenset({"tiles"}),
    "swap": frozenset({"tiles", "hand"}),
    "accept": frozenset({"phone", "stacks"}),
    "place_stack": frozenset({"stacks"}),
    "deliver": frozenset({"phone", "stars", "delivered", "board", "supply"}),
    "arrange": frozenset({"board"}),
}
#: A ride ends in an arrival, which may end the turn: the people, not the board, change.
_RIDE = frozenset()
_FLAT = ("mopeds", "energy", "bubbles")


def copy_state(state: State, touched: frozenset[str]) -> State:
    """A copy of ``state`` that an action touching ``touched`` may mutate freely.

    The flat per-player lists are always copied; the nested parts only when the action
    changes them (``apply`` is the hot path of bot games, so nothing else is copied). The
    scalars and the replaced-not-mutated values (``pending``, ``dice``) are shared.
    """
    new = dict(state)
    for key in _FLAT:
        new[key] = state[key][:]
    for key in touched:
        value = state[key]
        if key in ("tiles", "hand", "stacks"):
            new[key] = [v.copy() if v is not None else None for v in value]
        elif key == "board":
            new[key] = {k: v[:] for k, v in value.items()}
        elif key == "supply":
            new[key] = value.copy()
        else:
            new[key] = [v[:] for v in value]
    return new


#: {"x": .., "y": ..} of every cell, for building templates quickly.
XY: list[dict[str, int]] = [{"x": c % SIZE + 1, "y": c // SIZE + 1} for c in range(SIZE * SIZE)]


def _xy(cell: int) -> dict[str, int]:
    return XY[cell]


class JakartaTrafficEngine(Engine):
    """Jakarta Traffic: honk, drive the roads of Jakarta, take orders and deliver them."""

    id = "jakarta-traffic"
    name = "Jakarta Traffic"
    # Solo play is one human with a bot in a seat, so a game always has 2 to 4 seats.
    min_players = 2
    max_players = 4
    rules_version = "1"
    action_adapter: Any = ACTION_ADAPTER
    blurb = ("Ride an ojek through Jakarta's maze of roads: honk to turn the traffic, "
             "take food and passengers, deliver them for stars.")

    # -- set-up ----------------------------------------------------------------------------
    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        """Deal the board, place the order stacks; the mopeds are placed by the players."""
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(f"Jakarta Traffic seats 2 to 4 players, not {player_count}.")
        return initial_state(player_count, seed)

    # -- actions ---------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Any) -> ApplyResult:
        """Apply one action of the seat whose turn it is."""
        phase = state["phase"]
        if phase == "over":
            raise RuleError("The game is over.")
        if seat != state["current"]:
            raise RuleError("It is not your turn.")
        allowed, hint = PHASE_ACTIONS[phase]
        if action.type not in allowed:
            raise RuleError(hint)
        new = copy_state(state, TOUCHES.get(action.type, _RIDE))
        kind = action.type
        if kind == "start":
            log = rules.place_moped(new, seat, rules.cell_of(action.x, action.y))
        elif kind == "rotate":
            log = rules.rotate(new, seat, rules.cell_of(action.x, action.y), action.turns)
        elif kind == "swap":
            log = rules.swap(new, seat, rules.cell_of(action.x, action.y), action.rotation)
        elif kind == "drive":
            log = rules.drive(new, seat, rules.cell_of(action.x, action.y))
        elif kind == "detour":
            log = rules.detour(new, seat)
        elif kind == "pick_spot":
            log = rules.pick_spot(new, seat, rules.cell_of(action.x, action.y))
        elif kind == "accept":
            log = rules.accept(new, seat)
        elif kind == "deliver":
            log = rules.deliver(new, seat)
        elif kind == "decline":
            log = rules.decline(new, seat)
        elif kind == "place_stack":
            log = rules.place_stack(new, seat, rules.cell_of(action.x, action.y))
        else:
            log = rules.arrange(new, seat, action.bottom)
        return ApplyResult(new, log)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        """Templates: the tiles that may be rotated or swapped, the reachable spots, etc."""
        phase = state["phase"]
        if phase == "over" or seat != state["current"]:
            return []
        if phase == "start":
            return [{"type": "start", **_xy(c)} for c, t in enumerate(state["tiles"])
                    if t["kind"] == CHARGING]
        if phase in ("honk", "drive"):
            out: list[dict[str, Any]] = []
            if phase == "honk":
                out += self._honk_templates(state)
            out += [{"type": "drive", **_xy(c)} for c in rules.ride_destinations(state, seat)]
            out.append({"type": "detour"})
            return out
        if phase == "pick_spot":
            own = state["mopeds"][seat]
            return [{"type": "pick_spot", **_xy(c)} for c in range(SIZE * SIZE) if c != own]
        if phase == "arrival":
            return [{"type": state["pending"]["kind"]}, {"type": "decline"}]
        if phase == "place_stack":
            return [{"type": "place_stack", **_xy(c)} for c in rules.vacant_pickups(state)]
        return [{"type": "arrange", "bottom": {"$choice": list(state["pending"]["orders"])}}]

    def _honk_templates(self, state: State) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        swaps: list[dict[str, Any]] = []
        blocked = {c for c, s in enumerate(state["stacks"]) if s is not None}
        blocked.update(state["mopeds"])
        blocked.add(state["marker"])
        for cell, tile in enumerate(state["tiles"]):
            if cell in blocked:
                continue
            x, y = XY[cell]["x"], XY[cell]["y"]
            turns = rules.changing_turns(tile["pattern"], tile["rot"])
            out.append({"type": "rotate", "x": x, "y": y, "turns": {"$choice": list(turns)}})
            if tile["kind"] != BUILDING:
                swaps.append({"type": "swap", "x": x, "y": y,
                              "rotation": {"$choice": [0, 1, 2, 3]}})
        return out + swaps

    def to_act(self, state: State) -> list[int]:
        """The one seat whose turn (or set-up placement) it is."""
        return [] if state["phase"] == "over" else [state["current"]]

    # -- information -----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything on the table is public; only the generator's position is hidden."""
        doc = {k: v for k, v in state.items() if k != "rng"}
        doc["roads"] = [_roads(t) for t in state["tiles"]]
        doc["hand_roads"] = [_roads(t) for t in state["hand"]]
        doc["patterns"] = {k: {"spurs": p["spurs"], "links": p["links"]}
                           for k, p in PATTERNS.items()}
        doc["orderboard"] = orderboard.describe(state["board"])
        doc["scores"] = [scoring.breakdown(state, s) for s in range(state["players"])]
        doc["routes"] = {}
        if state["phase"] in ("honk", "drive"):
            found = reachable(state["tiles"], state["mopeds"][state["current"]])
            doc["routes"] = {str(c): r for c, r in sorted(found.items())}
        return doc

    def outcome(self, state: State) -> Outcome | None:
        """Scores (stars + energy + speech bubbles) and ranks with the rulebook's tie-breaks."""
        if state["phase"] != "over":
            return None
        parts = [scoring.breakdown(state, s) for s in range(state["players"])]
        return Outcome(scores=[p["total"] for p in parts], ranks=scoring.ranks(parts),
                       detail=scoring.final_detail(parts))

    # -- bots ------------------------------------------------------------------------------
    def bot_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """Spec ruling 7's bot: random, but it always accepts and delivers when it can.

        It first picks an action type at random, then one of that type's templates, so the
        many honk templates do not crowd out driving and detours.
        """
        templates = self.legal_actions(state, seat)
        if not templates:
            raise RuleError("There is nothing for this seat to do now.")
        return choose_bot_action(templates, rng)


def choose_bot_action(templates: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Ruling 7's choice among legal templates: accept or deliver whenever offered, else a
    random action type, then a random template of that type."""
    first = templates[0]["type"]
    if first in ("accept", "deliver"):
        return {"type": first}
    kinds = sorted({t["type"] for t in templates})
    kind = rng.choice(kinds)
    return expand_template(rng.choice([t for t in templates if t["type"] == kind]), rng)


def _roads(tile: dict[str, Any]) -> dict[str, Any]:
    spurs, links = tile_roads(tile["pattern"], tile["rot"])
    return {"spurs": list(spurs), "links": [list(link) for link in links]}


ENGINE = JakartaTrafficEngine()
