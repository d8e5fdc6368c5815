"""Tuk-Tuk Taxi rules: the turn (draw, sign, roll, move), passengers and the game's end.

Cells are ``"r,c"`` strings (row, column; ``"0,0"`` is the top-left corner) in the state,
the views, the actions and the legal-action templates.

The state (plain JSON)::

    stack        the sign tiles still face down, top first (never in any view)
    drawn        the tile drawn this turn, shown to everyone
    signs        {"r,c": {"kind", "dir"}} on the board
    taxis        each seat's cell; carrying: each seat has a passenger aboard
    passengers   cells where passengers still wait
    delivered    passengers each seat dropped off; last_drop: order of its last drop-off
    phase        "sign" | "roll" | "move" | "no_parking" | "over"
    turn         {"prev", "first", "used", "roll"}: no reversal, first step, signs that acted
    moves        the offered outcomes of the current leg (public: derived from public facts)
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.base import ApplyResult, Engine, LogEntry, Outcome, Rng, RuleError, State
from engines.tuk_tuk_taxi import data, signs
from engines.tuk_tuk_taxi.actions import (
    ACTION_ADAPTER,
    Discard,
    GoTo,
    Move,
    Place,
    RemoveSign,
    Roll,
    RollAgain,
    Stay,
)
from engines.tuk_tuk_taxi.data import TILE_NAMES, cell_key, parse_cell
from engines.tuk_tuk_taxi.routes import Leg, leg_outcomes


class TukTukOptions(BaseModel):
    """Lobby options."""

    model_config = ConfigDict(extra="forbid")
    simplified: bool = Field(
        False, description="Simplified variant: play without the starred signs "
                           "(No entry, One-way traffic)")
    side: Literal["european", "asian"] = Field(
        "european", description="Board side (street art only; the layout is the same)")


def _name(kind: str) -> str:
    return TILE_NAMES[kind]


def build_stack(simplified: bool) -> list[str]:
    """The sign tiles in table order (shuffled by ``setup``)."""
    stack: list[str] = []
    for kind, (_, count, starred, _group) in data.TILES.items():
        if simplified and starred:
            continue
        stack += [kind] * count
    return stack


class TukTukTaxiEngine(Engine):
    """Tuk-Tuk Taxi for 2 to 4 players."""

    id = "tuk-tuk-taxi"
    name = "Tuk-Tuk Taxi"
    min_players = 2
    max_players = 4
    rules_version = "2"
    options_model = TukTukOptions
    action_adapter = ACTION_ADAPTER
    blurb = ("Drive passengers to your taxi stop, and put up road signs that speed you up "
             "and hold the other drivers back.")

    # -- set-up ----------------------------------------------------------------------------
    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= player_count <= self.max_players:
            raise RuleError("Tuk-Tuk Taxi is played by 2 to 4 players.")
        opts = TukTukOptions.model_validate(options or {})
        rng = Rng.from_seed(seed)
        stack = build_stack(opts.simplified)
        rng.shuffle(stack)
        spots = [cell_key(c) for c in data.PASSENGER_SPOTS]
        rng.shuffle(spots)
        count = data.PASSENGERS_FOR_PLAYERS[player_count]
        state: State = {
            "players": player_count,
            "simplified": opts.simplified,
            "side": opts.side,
            "stack": stack,
            "drawn": None,
            "signs": {},
            "removed": 0,
            "taxis": [cell_key(data.TAXI_STOPS[s]) for s in range(player_count)],
            "carrying": [False] * player_count,
            "passengers": sorted(spots[:count], key=parse_cell),
            "delivered": [0] * player_count,
            "last_drop": [None] * player_count,
            "drops": 0,
            "skip": [False] * player_count,
            "current": 0,
            "phase": "sign",
            "die": None,
            "turn": _fresh_turn(),
            "moves": [],
            "rng": rng.position,
        }
        log: list[LogEntry] = []
        self._start_turn(state, 0, log)
        return state

    # -- information -----------------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["current"]]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything on the table; of the stack only how many tiles remain."""
        drawn = state["drawn"]
        return {
            "board": data.BOARD_VIEW,
            "side": state["side"],
            "simplified": state["simplified"],
            "players": state["players"],
            "current": state["current"],
            "phase": state["phase"],
            "drawn": None if drawn is None else {"kind": drawn, "name": _name(drawn)},
            "die": state["die"],
            "stack_count": len(state["stack"]),
            "removed": state["removed"],
            "signs": {k: {"kind": v["kind"], "dir": v["dir"], "name": _name(v["kind"])}
                      for k, v in state["signs"].items()},
            "taxis": list(state["taxis"]),
            "stops": [cell_key(data.TAXI_STOPS[s]) for s in range(state["players"])],
            "carrying": list(state["carrying"]),
            "passengers": list(state["passengers"]),
            "delivered": list(state["delivered"]),
            "skip": list(state["skip"]),
            "moves": [{"to": m["to"], "path": m["path"], "note": m["note"], "route": i}
                      for i, m in enumerate(state["moves"])],
            "tile_names": TILE_NAMES,
        }

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        n = state["players"]
        keys = [_rank_key(state, s) for s in range(n)]
        ranks = [1 + sum(1 for k in keys if k < keys[s]) for s in range(n)]
        return Outcome(scores=list(state["delivered"]), ranks=ranks,
                       detail={"delivered": list(state["delivered"]),
                               "last_drop": list(state["last_drop"])})

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if state["phase"] == "over" or seat != state["current"]:
            return []
        phase = state["phase"]
        if phase == "roll":
            return [{"type": "roll"}]
        if phase == "no_parking":
            return [{"type": "roll_again"}, {"type": "stay"}]
        if phase == "move":
            return _move_templates(state["moves"])
        kind = state["drawn"]
        if kind in data.PLACED:
            return _place_templates(self._placements(state, kind))
        if kind == "remove_sign":
            return [{"type": "remove_sign", "cell": {"$choice": sorted(state["signs"])}},
                    {"type": "discard"}]
        return [{"type": "go_to", "cell": {"$choice": _free_spaces(state, seat, kind)}}]

    # -- apply -----------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Any) -> ApplyResult:
        if state["phase"] == "over":
            raise RuleError("The game is over.")
        if seat != state["current"]:
            raise RuleError("It is not your turn.")
        s = _copy_state(state)
        log: list[LogEntry] = []
        phase = s["phase"]
        if isinstance(action, Place | GoTo | RemoveSign | Discard):
            if phase != "sign":
                raise RuleError("You have already dealt with this turn's sign.")
            self._resolve_sign(s, seat, action, log)
        elif isinstance(action, Roll):
            if phase != "roll":
                raise RuleError(_not_now(phase))
            self._roll(s, seat, log, first=True)
        elif isinstance(action, Move):
            if phase != "move":
                raise RuleError(_not_now(phase))
            self._move(s, seat, action, log)
        elif isinstance(action, RollAgain | Stay):
            if phase != "no_parking":
                raise RuleError("You are not standing on a No parking sign.")
            if isinstance(action, RollAgain):
                log.append(LogEntry(text=f"{{seat{seat}}} stopped on No parking and rolls again."))
                self._roll(s, seat, log, first=False)
            else:
                self._arrive(s, seat, log)
        else:  # pragma: no cover - the union above is exhaustive
            raise RuleError("Unknown action.")
        return ApplyResult(s, log)

    # -- the sign step ---------------------------------------------------------------------
    def _placements(self, state: State, kind: str) -> dict[str, tuple[str, ...]]:
        return signs.placements(kind, state["taxis"])

    def _resolve_sign(self, s: State, seat: int, action: Any, log: list[LogEntry]) -> None:
        kind = s["drawn"]
        if isinstance(action, Place):
            if kind not in data.PLACED:
                raise RuleError(f"{_name(kind)} is not placed on the board.")
            allowed = self._placements(s, kind)
            if action.cell not in allowed:
                raise RuleError(f"{_name(kind)} cannot go on that space: "
                                + _placement_hint(kind))
            dirs = allowed[action.cell]
            if dirs and action.direction not in dirs:
                raise RuleError(f"Choose which way the {_name(kind)} sign points.")
            if not dirs and action.direction is not None:
                raise RuleError(f"The {_name(kind)} sign has no direction.")
            s["removed"] += signs.place(s["signs"], kind, parse_cell(action.cell),
                                        action.direction)
            log.append(LogEntry(text=f"{{seat{seat}}} placed {_name(kind)} on {action.cell}.",
                                data={"cell": action.cell, "kind": kind,
                                      "dir": action.direction}))
            s["phase"] = "roll"
        elif isinstance(action, GoTo):
            if kind not in ("mechanic", "gas_station"):
                raise RuleError(f"{_name(kind)} does not send your taxi anywhere.")
            if action.cell not in _free_spaces(s, seat, kind):
                raise RuleError(f"Drive to a free {_name(kind).lower()} space.")
            s["taxis"][seat] = action.cell
            log.append(LogEntry(text=f"{{seat{seat}}} drove to the {_name(kind).lower()}.",
                                data={"cell": action.cell}))
            self._end_action_sign(s, seat, kind, log)
        elif isinstance(action, RemoveSign):
            if kind != "remove_sign":
                raise RuleError("You did not draw Remove a sign.")
            if action.cell not in s["signs"]:
                raise RuleError("There is no sign on that space to remove.")
            gone = s["signs"].pop(action.cell)["kind"]
            s["removed"] += 2
            log.append(LogEntry(text=f"{{seat{seat}}} removed {_name(gone)} from "
                                     f"{action.cell}.", data={"cell": action.cell}))
            s["phase"] = "roll"
        else:  # Discard
            if kind != "remove_sign":
                raise RuleError(f"{_name(kind)} must be used.")
            s["removed"] += 1
            log.append(LogEntry(text=f"{{seat{seat}}} removed no sign."))
            s["phase"] = "roll"

    def _end_action_sign(self, s: State, seat: int, kind: str, log: list[LogEntry]) -> None:
        """Mechanic and Gas station end the turn; Mechanic also skips the next one."""
        s["removed"] += 1
        if kind == "mechanic":
            s["skip"][seat] = True
        self._next_turn(s, log)

    # -- rolling and moving ----------------------------------------------------------------
    def _roll(self, s: State, seat: int, log: list[LogEntry], *, first: bool) -> None:
        rng = Rng(s["rng"])
        value = rng.randint(1, 6)
        s["rng"] = rng.position
        colour = data.DIE_COLOURS[value]
        s["die"] = {"value": value, "colour": colour}
        s["turn"]["roll"] = value
        log.append(LogEntry(text=f"{{seat{seat}}} rolled a {colour} {value}.",
                            data={"value": value, "colour": colour}))
        self._offer_moves(s, seat, value, log)

    def _offer_moves(self, s: State, seat: int, budget: int, log: list[LogEntry]) -> None:
        """Work out this leg's outcomes; a taxi that cannot move at all ends its move."""
        outcomes = leg_outcomes(self._leg(s, seat, budget))
        moves: list[dict[str, Any]] = []
        for o in outcomes:
            moves.append({
                "to": cell_key(o.end),
                "path": [cell_key(c) for c in o.path],
                "police": o.police,
                "light": o.light,
                "prev": None if o.prev is None else cell_key(o.prev),
                "acted": [cell_key(c) for c in o.acted],
                "continuation": o.continuation,
                "note": _note(s, seat, o),
            })
        s["moves"] = moves
        if all(len(m["path"]) == 1 and not m["police"] for m in moves):
            s["moves"] = []
            log.append(LogEntry(text=f"{{seat{seat}}} cannot move."))
            self._arrive(s, seat, log)
            return
        s["phase"] = "move"

    def _leg(self, s: State, seat: int, budget: int) -> Leg:
        turn = s["turn"]
        own = data.TAXI_STOPS[seat]
        blocked = {parse_cell(t) for i, t in enumerate(s["taxis"]) if i != seat}
        blocked |= {data.TAXI_STOPS[i] for i in range(s["players"]) if i != seat}
        blocked |= data.TRAFFIC_LIGHTS
        board = {parse_cell(k): (v["kind"], v["dir"]) for k, v in s["signs"].items()}
        return Leg(
            start=parse_cell(s["taxis"][seat]),
            prev=None if turn["prev"] is None else parse_cell(turn["prev"]),
            first=turn["first"],
            budget=budget,
            roll=turn["roll"],
            signs=board,
            used=frozenset(parse_cell(c) for c in turn["used"]),
            own_stop=own,
            not_endable=frozenset(blocked),
            pick_up=frozenset() if s["carrying"][seat]
            else frozenset(parse_cell(p) for p in s["passengers"]),
            limited=any(s["signs"].get(c, {}).get("kind") == "speed_limit"
                        for c in turn["used"]),
        )

    def _move(self, s: State, seat: int, action: Move, log: list[LogEntry]) -> None:
        options = [i for i, m in enumerate(s["moves"]) if m["to"] == action.to]
        if not options:
            raise RuleError("Your taxi cannot end its move on that space.")
        if action.route is None:
            if len(options) > 1:
                raise RuleError("Two routes lead there with different effects: choose one.")
            index = options[0]
        elif action.route in options:
            index = action.route
        else:
            raise RuleError("That route does not end on that space.")
        chosen = s["moves"][index]
        s["moves"] = []
        turn = s["turn"]
        turn["used"] = sorted(set(turn["used"]) | set(chosen["acted"]), key=parse_cell)
        path = chosen["path"]
        if chosen["police"]:
            s["taxis"][seat] = chosen["to"]
            log.append(LogEntry(text=f"{{seat{seat}}} drove past the Police too fast and was "
                                     "sent back to the taxi stop.", data={"path": path}))
            self._next_turn(s, log)
            return
        s["taxis"][seat] = chosen["to"]
        if len(path) > 1:
            turn["prev"] = chosen["prev"]
            turn["first"] = False
        log.append(LogEntry(text=f"{{seat{seat}}} drove to {chosen['to']}.",
                            data={"path": path}))
        cont = chosen["continuation"]
        if cont is not None:
            turn["used"] = sorted(set(turn["used"]) | {chosen["to"]}, key=parse_cell)
        if cont == "no_parking":
            s["phase"] = "no_parking"
        elif cont == "no_stopping":
            log.append(LogEntry(text=f"{{seat{seat}}} may not stop on No stopping and drives "
                                     f"{data.NO_STOPPING_STEPS} steps on."))
            self._offer_moves(s, seat, data.NO_STOPPING_STEPS, log)
        else:
            self._arrive(s, seat, log)

    # -- arrival, turns and the end --------------------------------------------------------
    def _arrive(self, s: State, seat: int, log: list[LogEntry]) -> None:
        """Pick up or drop off where the taxi came to rest, then pass the turn on."""
        cell = s["taxis"][seat]
        if s["carrying"][seat] and cell == cell_key(data.TAXI_STOPS[seat]):
            self._drop_off(s, seat, log)
            if s["phase"] == "over":
                return
        elif not s["carrying"][seat] and cell in s["passengers"]:
            s["passengers"].remove(cell)
            s["carrying"][seat] = True
            log.append(LogEntry(text=f"{{seat{seat}}} picked up a passenger.",
                                data={"cell": cell}))
        self._next_turn(s, log)

    def _drop_off(self, s: State, seat: int, log: list[LogEntry]) -> None:
        s["carrying"][seat] = False
        s["delivered"][seat] += 1
        s["drops"] += 1
        s["last_drop"][seat] = s["drops"]
        log.append(LogEntry(text=f"{{seat{seat}}} dropped a passenger off "
                                 f"({s['delivered'][seat]} delivered)."))
        if _nobody_can_overtake(s):
            self._game_over(s, log)

    def _game_over(self, s: State, log: list[LogEntry]) -> None:
        s["phase"] = "over"
        s["moves"] = []
        if max(s["delivered"]) == 0:
            log.append(LogEntry(text="Nobody delivered a passenger: the game is a draw."))
            return
        winner = min(range(s["players"]), key=lambda p: _rank_key(s, p))
        log.append(LogEntry(text=f"{{seat{winner}}} wins with {s['delivered'][winner]} "
                                 "passengers delivered."))

    def _next_turn(self, s: State, log: list[LogEntry]) -> None:
        """Pass the turn on: skipped turns, the next draw, or the end of the stack."""
        while True:
            if not s["stack"]:
                log.append(LogEntry(text="The last sign has been used: the game ends."))
                self._game_over(s, log)
                return
            seat = (s["current"] + 1) % s["players"]
            s["current"] = seat
            if s["skip"][seat]:
                s["skip"][seat] = False
                log.append(LogEntry(text=f"{{seat{seat}}} is at the mechanic and skips "
                                         "this turn."))
                continue
            if self._start_turn(s, seat, log):
                return

    def _start_turn(self, s: State, seat: int, log: list[LogEntry]) -> bool:
        """Begin ``seat``'s turn; False when the turn ended by itself (play goes on)."""
        s["current"] = seat
        s["turn"] = _fresh_turn()
        s["die"] = None
        s["moves"] = []
        if s["carrying"][seat] and s["taxis"][seat] == cell_key(data.TAXI_STOPS[seat]):
            self._drop_off(s, seat, log)  # ruling 8: sent home earlier, drops off now
            if s["phase"] == "over":
                return True
        kind = s["stack"].pop(0)
        s["drawn"] = kind
        log.append(LogEntry(text=f"{{seat{seat}}} drew {_name(kind)}.",
                            data={"kind": kind}))
        s["phase"] = "sign"
        if kind in data.PLACED:
            if not self._placements(s, kind):
                s["removed"] += 1
                log.append(LogEntry(text=f"{_name(kind)} cannot be placed anywhere and is "
                                         "discarded."))
                s["phase"] = "roll"
        elif kind == "remove_sign":
            if not s["signs"]:
                s["removed"] += 1
                log.append(LogEntry(text="There is no sign on the board to remove."))
                s["phase"] = "roll"
        elif not _free_spaces(s, seat, kind):
            log.append(LogEntry(text=f"Every {_name(kind).lower()} space is taken: "
                                     f"{{seat{seat}}}'s taxi stays where it is."))
            s["removed"] += 1
            if kind == "mechanic":
                s["skip"][seat] = True
            return False
        return True


# -- helpers -----------------------------------------------------------------------------------
def _copy_state(state: State) -> State:
    """A copy safe to change: every list/dict the rules mutate is copied; ``moves`` entries
    are never changed in place (the list is only ever replaced), so they are shared."""
    s = dict(state)
    for key in ("stack", "taxis", "carrying", "passengers", "delivered", "last_drop", "skip"):
        s[key] = list(state[key])
    # Sign entries and the turn's "used" list are replaced, never changed in place.
    s["signs"] = dict(state["signs"])
    s["turn"] = dict(state["turn"])
    s["die"] = None if state["die"] is None else dict(state["die"])
    return s


def _fresh_turn() -> dict[str, Any]:
    return {"prev": None, "first": True, "used": [], "roll": None}


def _not_now(phase: str) -> str:
    return {
        "sign": "First deal with the sign you drew.",
        "roll": "Roll the die first.",
        "move": "You have rolled: choose where your taxi ends.",
        "no_parking": "Choose whether to roll again on the No parking sign.",
    }.get(phase, "You cannot do that now.")


def _placement_hint(kind: str) -> str:
    if kind in data.MANDATORY_TURNS:
        return "a mandatory turn goes on an intersection without a traffic light or taxi."
    if kind == "one_way":
        return "a one-way sign goes on a street space between intersections, without a taxi."
    return "signs go on street spaces without a traffic light, taxi stop or taxi."


def _free_spaces(s: State, seat: int, kind: str) -> list[str]:
    """Mechanic / gas station spaces with no other taxi on them."""
    cells = data.MECHANICS if kind == "mechanic" else data.GAS_STATIONS
    others = {t for i, t in enumerate(s["taxis"]) if i != seat}
    return [cell_key(c) for c in cells if cell_key(c) not in others]


_TEMPLATES: dict[int, tuple[dict[str, tuple[str, ...]], str]] = {}


def _place_templates(allowed: dict[str, tuple[str, ...]]) -> list[dict[str, Any]]:
    """Placement templates, cached per (shared, unchanging) placement answer."""
    hit = _TEMPLATES.get(id(allowed))
    if hit is None or hit[0] is not allowed:
        if len(_TEMPLATES) > 4096:
            _TEMPLATES.clear()
        hit = (allowed, json.dumps(_build_place_templates(allowed)))
        _TEMPLATES[id(allowed)] = hit
    return json.loads(hit[1])


def _build_place_templates(allowed: dict[str, tuple[str, ...]]) -> list[dict[str, Any]]:
    """One template for direction-less signs; otherwise one per set of directions."""
    plain = [c for c, d in allowed.items() if not d]  # already in board order
    out: list[dict[str, Any]] = []
    if plain:
        out.append({"type": "place", "cell": {"$choice": plain}})
    by_dirs: dict[tuple[str, ...], list[str]] = {}
    for cell, dirs in allowed.items():
        if dirs:
            by_dirs.setdefault(dirs, []).append(cell)
    for dirs, cells in sorted(by_dirs.items()):
        out.append({"type": "place", "cell": {"$choice": cells},
                    "direction": {"$choice": list(dirs)}})
    return out


def _move_templates(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by_end: dict[str, list[int]] = {}
    for i, m in enumerate(moves):
        by_end.setdefault(m["to"], []).append(i)
    single = [to for to, idx in by_end.items() if len(idx) == 1]
    out: list[dict[str, Any]] = []
    if single:
        out.append({"type": "move", "to": {"$choice": single}})
    for to, idx in by_end.items():
        if len(idx) > 1:
            out.append({"type": "move", "to": to, "route": {"$choice": idx}})
    return out


def _note(s: State, seat: int, o: Any) -> str:
    """What happens at the end of this route, in words for the hover."""
    if o.police:
        return "Police: speeding past them sends you back to your stop (no drop-off)"
    end = cell_key(o.end)
    parts = []
    if o.reason == "red":
        parts.append("Red light: stop here, your turn ends")
    elif o.light:
        parts.append("Traffic light: too few moves to pass, stop here; your turn ends")
    if o.continuation == "no_parking":
        parts.append("No parking: you may roll again")
    elif o.continuation == "no_stopping":
        parts.append("No stopping: drive 5 steps on")
    elif s["carrying"][seat] and o.end == data.TAXI_STOPS[seat]:
        parts.append("Drop off your passenger")
    elif not s["carrying"][seat] and end in s["passengers"]:
        parts.append("Pick up the passenger")
    return "; ".join(parts) or "Stop here"


def _rank_key(s: State, seat: int) -> tuple[int, float]:
    """More passengers first; among equals, whoever delivered their last one earlier."""
    last = s["last_drop"][seat]
    return (-s["delivered"][seat], float("inf") if last is None else float(last))


def _nobody_can_overtake(s: State) -> bool:
    """Ruling 9: every other player's delivered + undelivered passengers <= the leader's."""
    remaining = len(s["passengers"]) + sum(1 for c in s["carrying"] if c)
    n = s["players"]
    leader = min(range(n), key=lambda p: _rank_key(s, p))
    best = s["delivered"][leader]
    return all(s["delivered"][p] + remaining <= best for p in range(n) if p != leader)


ENGINE = TukTukTaxiEngine()
