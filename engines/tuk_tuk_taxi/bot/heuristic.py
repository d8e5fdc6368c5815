"""The Tuk-Tuk Taxi heuristic (the normal bot, and the hard bot's first idea): drive the
way that leaves the fewest steps to go, and put each drawn sign where it costs the other
drivers most and you least.

"Steps to go" (ways.py) count from a cell to the seat's own stop when it carries a
passenger, else to a passenger *and* on home, over the streets as the signs allow, with what
a Stop, a light or the Police cost on average. A passenger another empty taxi reaches first
counts as further away. A sign is judged by how much it adds to every driver's steps to go
when it stands where it is put (replacing what stood there): the others' added steps count
for it (the leader's most), the seat's own against it. The same measure picks the sign a
Remove-a-sign tile takes away.

The easy bot (easy.py) is a beginner, and the bench's greedy player.
"""

from __future__ import annotations

import math
import random
from typing import Any, cast

import orjson

from engines.bots import bot_of
from engines.bots.memo import decision_memo
from engines.core.templates import expand_template
from engines.core.types import State
from engines.tuk_tuk_taxi import data, rules, signs
from engines.tuk_tuk_taxi.bot.horizon import projected, relevance
from engines.tuk_tuk_taxi.bot.ways import (
    UNREACHABLE,
    Board,
    home_steps,
    remaining_from,
    steps_to,
    to_go,
    way,
)
from engines.tuk_tuk_taxi.data import Cell, cell_key, parse_cell
from engines.tuk_tuk_taxi.routes import leg_outcomes
from engines.tuk_tuk_taxi.scoring import rank_key
from engines.tuk_tuk_taxi.state import TukTukState

#: Steps a delivery is worth when comparing seats (about one trip out and home).
DELIVERY_STEPS = 26.0
#: Steps to go are capped here when judging a position (a taxi cut off is not lost).
REMAINING_CAP = 44.0
#: Extra steps for a passenger another empty taxi is nearer to (it will likely be gone).
TAKEN_PENALTY = 6.0
#: How far along a driver's way a sign is worth considering (a few turns of driving).
WAY_AHEAD = 12
#: In games of three or four, the other drivers but the leader count this much (those
#: who could still end level with or above the seat), or ``BEHIND_WEIGHT`` (the others).
TRAILING_WEIGHT = 0.6
BEHIND_WEIGHT = 0.35
#: Steps to go are capped here when projecting deliveries (a closed way may reopen).
PROJECTION_CAP = 60.0
#: The evaluation's logistic scale, in passengers at the end.
EVALUATE_SCALE = 0.3
#: Passengers a tie is worth to the driver who would win it (ruling 9: the earlier last
#: drop-off): a rival ahead of the seat on the tie-break counts this much more, one behind
#: it this much less (half of 4-player games end level on one or two deliveries).
TIE_BREAK = 0.3
#: Signs that slow down or send back whoever drives over them.
HINDER: frozenset[str] = frozenset({"slippery", "warning", "pedestrian_crossing",
                                    "speed_limit", "stop", "no_entry", "police",
                                    "turn_right", "turn_left", "one_way"})
#: Signs that help whoever stops on them (roll again, drive on).
HELP: frozenset[str] = frozenset({"no_parking", "no_stopping"})


# -- plans: where each driver is heading ------------------------------------------------------
class Plan:
    """One driver's steps to go (from every cell), from its taxi, and the way it drives."""

    __slots__ = ("carrying", "remaining", "togo", "way")

    def __init__(self, s: TukTukState, seat: int, board: Board,
                 penalty: dict[str, float] | None = None) -> None:
        self.carrying = s["carrying"][seat]
        self.togo = to_go(board, seat, self.carrying, s["passengers"], penalty)
        start = parse_cell(s["taxis"][seat])
        self.remaining = self.togo.get(start, UNREACHABLE)
        cells = way(board, start, self.togo)
        if not self.carrying and s["passengers"] and cells:
            # Down to the passenger, then home from there.
            goal = next((i for i, c in enumerate(cells) if cell_key(c) in s["passengers"]),
                        None)
            if goal is not None:
                cells = cells[:goal + 1] + way(board, cells[goal], home_steps(board, seat))
        self.way = cells


def competition(s: TukTukState, seat: int, board: Board) -> dict[str, float]:
    """Extra steps per passenger that another empty taxi is nearer to than ``seat``."""
    if s["carrying"][seat]:
        return {}
    rivals = [parse_cell(s["taxis"][p]) for p in range(s["players"])
              if p != seat and not s["carrying"][p]]
    if not rivals:
        return {}
    mine = parse_cell(s["taxis"][seat])
    out: dict[str, float] = {}
    for p in s["passengers"]:
        dist = steps_to(board, {parse_cell(p): 0.0}, False)
        me = dist.get(mine, UNREACHABLE)
        if any(dist.get(r, UNREACHABLE) + 1.0 < me for r in rivals):
            out[p] = TAKEN_PENALTY
    return out


def remaining(s: TukTukState, seat: int, board: Board | None = None) -> float:
    """Steps to go for ``seat`` from where its taxi stands."""
    board = s["signs"] if board is None else board
    togo = to_go(board, seat, s["carrying"][seat], s["passengers"])
    return togo.get(parse_cell(s["taxis"][seat]), UNREACHABLE)


def evaluate(state: State, seat: int) -> float:
    """The passengers the seat will likely have delivered when the stack runs out (those
    delivered, and how close the next ones are for the turns left) against the best other
    seat's (horizon.py)."""
    s = cast(TukTukState, state)
    counts = [projected(s, p, min(remaining(s, p), PROJECTION_CAP))
              for p in range(s["players"])]
    rivals = against(s, seat, counts)
    best = max(c for p, c in enumerate(rivals) if p != seat)
    return 1.0 / (1.0 + math.exp(-(counts[seat] - best) / EVALUATE_SCALE))


def against(s: TukTukState, seat: int, counts: list[float]) -> list[float]:
    """The drivers' projected passengers as ``seat`` must beat them: a rival who would
    win a tie with the seat (more delivered, or as many delivered earlier: the seat's
    catching up comes later) counts ``TIE_BREAK`` more, one who would lose it that much
    less (the seat's own entry is its own count)."""
    mine = rank_key(s, seat)
    out = []
    for p, c in enumerate(counts):
        if p == seat:
            out.append(c)
            continue
        key = rank_key(s, p)
        out.append(c + TIE_BREAK if key < mine else c - TIE_BREAK if key > mine else c)
    return out


# -- the heuristic ---------------------------------------------------------------------------
def heuristic_action(state: State, seat: int, rng: random.Random,
                     noise: float) -> dict[str, Any]:
    """The obvious good move (``noise`` > 0 is the easy bot's: hooks.py plays easy.py)."""
    s = cast(TukTukState, state)
    phase = s["phase"]
    if phase == "move":
        return best_move(s, seat)
    if phase == "no_parking":
        return no_parking_choice(s, seat)
    if phase == "sign":
        return sign_action(s, seat)
    from engines.tuk_tuk_taxi.engine import ENGINE

    return expand_template(ENGINE.legal_actions(state, seat)[0], rng)


def no_parking_choice(s: TukTukState, seat: int) -> dict[str, str]:
    """Stay to pick up or drop off; else roll again (more moves toward the goal)."""
    here = parse_cell(s["taxis"][seat])
    home = here == data.TAXI_STOPS[seat] and s["carrying"][seat]
    pick = not s["carrying"][seat] and s["taxis"][seat] in s["passengers"]
    return {"type": "stay" if home or pick else "roll_again"}


def move_score(s: TukTukState, seat: int, option: dict[str, Any], togo: dict[Cell, float],
               home: dict[Cell, float]) -> float:
    """Steps to go after ending the leg on ``option`` (lower is better)."""
    end = option["to"]
    cell = parse_cell(end)
    if option["police"]:
        # Sent home: a carried passenger is dropped off next turn, else a wasted trip.
        return 1.0 if s["carrying"][seat] else togo.get(cell, UNREACHABLE) + 6.0
    if s["carrying"][seat] and cell == data.TAXI_STOPS[seat]:
        return -DELIVERY_STEPS
    if not s["carrying"][seat] and end in s["passengers"]:
        return home.get(cell, UNREACHABLE) - DELIVERY_STEPS / 2
    score = togo.get(cell, UNREACHABLE)
    if option["continuation"] == "no_parking":
        score -= 3.0
    elif option["continuation"] == "no_stopping":
        score -= 2.0
    return score


def ranked_moves(s: TukTukState, seat: int, look_ahead: bool = True) -> list[int]:
    """The offered routes' indices, best first: fewest steps to go once the next turn's
    roll is driven too (``look_ahead``: averaged over the die, and passengers another
    taxi is nearer to count as further), else once this one ends."""
    board = s["signs"]
    togo = to_go(board, seat, s["carrying"][seat], s["passengers"],
                 competition(s, seat, board) if look_ahead else None)
    home = home_steps(board, seat)
    options = s["moves"]
    now = [move_score(s, seat, cast(dict[str, Any], o), togo, home) for o in options]
    if look_ahead and len(options) > 1:
        ahead: dict[str, float] = {}
        for i, o in enumerate(options):
            if _turn_ends_there(s, seat, cast(dict[str, Any], o)):
                if o["to"] not in ahead:
                    ahead[o["to"]] = next_turn_value(s, seat, o["to"], togo, home)
                now[i] = ahead[o["to"]]
    return sorted(range(len(options)), key=lambda i: (now[i], i))


def _turn_ends_there(s: TukTukState, seat: int, option: dict[str, Any]) -> bool:
    """A plain end of the move: no pick-up, drop-off, Police or sign that acts on."""
    end = option["to"]
    return not (option["police"] or option["continuation"]
                or (s["carrying"][seat] and parse_cell(end) == data.TAXI_STOPS[seat])
                or (not s["carrying"][seat] and end in s["passengers"]))


def next_turn_value(s: TukTukState, seat: int, end: str, togo: dict[Cell, float],
                    home: dict[Cell, float]) -> float:
    """Steps to go after the next turn's drive from ``end``, averaged over the die (the
    board as it stands): a light ahead, a Stop or a cut-off street show up here."""
    trial = cast(TukTukState, {
        "players": s["players"], "signs": s["signs"], "carrying": s["carrying"],
        "passengers": s["passengers"],
        "taxis": [end if p == seat else t for p, t in enumerate(s["taxis"])],
        "turn": {"prev": None, "first": True, "used": [], "roll": None},
    })
    total = 0.0
    for roll in range(1, 7):
        trial["turn"]["roll"] = roll
        best = togo.get(parse_cell(end), UNREACHABLE)
        for o in leg_outcomes(rules.leg_for(trial, seat, roll)):
            option = {"to": cell_key(o.end), "police": o.police,
                      "continuation": o.continuation}
            best = min(best, move_score(trial, seat, option, togo, home))
        total += best
    return total / 6.0 + 1.0  # one turn more: a position this good is worth a turn


def best_move(s: TukTukState, seat: int) -> dict[str, Any]:
    """The offered route that leaves the fewest steps to go."""
    return move_action(s, ranked_moves(s, seat)[0])


def move_action(s: TukTukState, index: int) -> dict[str, Any]:
    """The action that drives offered route ``index``."""
    to = s["moves"][index]["to"]
    twins = [i for i, m in enumerate(s["moves"]) if m["to"] == to]
    return {"type": "move", "to": to} if len(twins) == 1 else {"type": "move", "to": to,
                                                                "route": index}


# -- signs -----------------------------------------------------------------------------------
class SignJudge:
    """Scores boards: the others' added steps to go (the leader's most) less the seat's."""

    def __init__(self, s: TukTukState, seat: int) -> None:
        self.s = s
        self.seat = seat
        board = s["signs"]
        self.plans = [Plan(s, p, board) for p in range(s["players"])]
        self.ways = [set(plan.way[:WAY_AHEAD]) for plan in self.plans]
        self.weights = self._weights()
        self.taxis = [parse_cell(t) for t in s["taxis"]]

    def _weights(self) -> list[float]:
        """Whose steps count how much: the leader's (by the passengers each will likely
        have at the end) fully, the others' less, the seat's own against; each scaled by
        how much steps still change that driver's count before the stack runs out."""
        s, seat = self.s, self.seat
        rest = [min(plan.remaining, PROJECTION_CAP) for plan in self.plans]
        counts = against(s, seat, [projected(s, p, rest[p]) for p in range(s["players"])])
        others = [p for p in range(s["players"]) if p != seat]
        leader = max(others, key=lambda p: (counts[p], -p))
        weights = []
        for p in range(s["players"]):
            rel = relevance(s, p, rest[p])
            if p == seat:
                weights.append(-max(rel, 0.4))
            elif p == leader:
                weights.append(rel)
            elif counts[p] >= counts[seat] - 0.5:
                weights.append(TRAILING_WEIGHT * rel)
            else:
                weights.append(BEHIND_WEIGHT * rel)
        return weights

    def touches(self, p: int, cells: tuple[Cell, ...]) -> bool:
        """Could a change on ``cells`` alter driver ``p``'s steps to go?"""
        return any(c in self.ways[p] for c in cells)

    def score(self, board: Board, cells: tuple[Cell, ...], kind: str | None) -> float:
        """How much better ``board`` (changed on ``cells``; ``kind`` placed, or None for a
        removal) is for the seat than the board now."""
        total = 0.0
        s = self.s
        reopens = kind is None or any(cell_key(c) in s["signs"] for c in cells)
        for p, plan in enumerate(self.plans):
            if not reopens and not self.touches(p, cells):
                continue
            if kind in data.HALT_BEFORE and any(
                    c in dict(data.NEIGHBOURS[self.taxis[p]]).values() for c in cells):
                continue  # the next move enters it as its first step, unhindered
            if kind == "police" and plan.carrying:
                # A carried passenger is dropped off once the Police send the taxi home.
                if self.touches(p, cells):
                    total += self.weights[p] * -min(plan.remaining, 16.0) / 4.0
                continue
            after = remaining_from(board, p, plan.carrying, s["passengers"], self.taxis[p])
            delta = min(after, REMAINING_CAP) - min(plan.remaining, REMAINING_CAP)
            total += self.weights[p] * delta
        return total


def sign_action(s: TukTukState, seat: int) -> dict[str, Any]:
    """Deal with the drawn tile: place, drive to a space, or remove a sign."""
    ranked = ranked_sign_actions(s, seat, 1)
    return ranked[0]


def ranked_sign_actions(s: TukTukState, seat: int, limit: int) -> list[dict[str, Any]]:
    """The best ways to deal with the drawn tile, best first (at most ``limit``)."""
    kind = s["drawn"]
    assert kind is not None
    if kind in ("mechanic", "gas_station"):
        togo = to_go(s["signs"], seat, s["carrying"][seat], s["passengers"])
        spaces = rules.free_spaces(s, seat, kind)
        spaces.sort(key=lambda c: (togo.get(parse_cell(c), UNREACHABLE), c))
        return [{"type": "go_to", "cell": c} for c in spaces[:limit]]
    judge = SignJudge(s, seat)
    scored: list[tuple[float, int, dict[str, Any]]] = []
    if kind == "remove_sign":
        scored.append((0.0, 0, {"type": "discard"}))
        for key in sorted(s["signs"]):
            board = dict(s["signs"])
            del board[key]
            value = judge.score(board, (parse_cell(key),), None)
            scored.append((value, len(scored), {"type": "remove_sign", "cell": key}))
    else:
        scored = _placements(s, seat, kind, judge)
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [a for _, _, a in scored[:limit]]


def _placements(s: TukTukState, seat: int, kind: str,
                judge: SignJudge) -> list[tuple[float, int, dict[str, Any]]]:
    allowed = signs.placements(kind, s["taxis"])
    ways = judge.ways
    interesting: set[Cell] = set().union(*ways)
    scored: list[tuple[float, int, dict[str, Any]]] = []
    # The fallback: where it touches nobody's way, as far from the seat's taxi as may be.
    mine = judge.taxis[seat]
    quiet = [c for c in allowed if not any(parse_cell(c) in w for w in ways)]
    if quiet:
        far = max(quiet, key=lambda c: (_manhattan(parse_cell(c), mine), c))
        dirs = allowed[far]
        scored.append((0.0, 0, _place(far, dirs[0] if dirs else None)))
    for cell_name, dirs in allowed.items():
        cell = parse_cell(cell_name)
        if cell not in interesting:
            continue
        cells = data.segment_of(cell) if kind == "one_way" else (cell,)
        near = min((_manhattan(cell, judge.taxis[p]) for p in range(s["players"])
                    if p != seat), default=0)
        for direction in dirs or (None,):
            board = dict(s["signs"])
            signs.place(board, kind, cell, direction)
            value = judge.score(board, cells, kind) - 0.01 * near
            if kind in HELP and cell in ways[seat]:
                value += 0.5
            scored.append((value, len(scored), _place(cell_name, direction)))
    if not scored:
        cell_name, dirs = next(iter(allowed.items()))
        scored.append((0.0, 0, _place(cell_name, dirs[0] if dirs else None)))
    return scored


def _place(cell: str, direction: str | None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "place", "cell": cell}
    if direction is not None:
        action["direction"] = direction
    return action


def _manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# -- search helpers and the bench's yardstick -----------------------------------------------
def playout_action(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """The heuristic's driving (without the look-ahead) with a random sign play: search
    playouts make many moves, and judging every placement for every seat is what costs."""
    from engines.tuk_tuk_taxi.engine import ENGINE

    s = cast(TukTukState, state)
    phase = s["phase"]
    if phase == "move":
        return move_action(s, ranked_moves(s, seat, look_ahead=False)[0])
    kind = s["drawn"]
    if phase == "sign" and kind in data.PLACED:
        # On a sign of its own kind where there is one: the board's distances stay as they
        # are (and so stay cached), which is what keeps a playout cheap.
        allowed = signs.placements(kind, s["taxis"])
        same = [(c, v["dir"]) for c, v in s["signs"].items()
                if v["kind"] == kind and c in allowed]
        if same:
            cell, direction = rng.choice(same)
            return _place(cell, direction)
    if phase == "sign" and kind not in ("mechanic", "gas_station"):
        return bot_of(ENGINE).test_action(state, seat, rng)
    return heuristic_action(state, seat, rng, 0.0)


#: The hard bot's root considers this many moves (its inner nodes fewer, see below).
ROOT_CANDIDATES = 4
INNER_CANDIDATES = 3


def search_candidates(state: State, seat: int, rng: random.Random,
                      limit: int) -> list[dict[str, Any]]:
    """The hard bot's candidates, the heuristic's move first: the best few routes and sign
    plays by the heuristic's own measure. Below the root (``limit`` < ROOT_CANDIDATES) a
    sign is played as in the playouts (one candidate) and routes are ranked without the
    look-ahead: the tree branches where the seat's own choice matters."""
    s = cast(TukTukState, state)
    root = limit >= ROOT_CANDIDATES
    phase = s["phase"]
    if root and phase in ("move", "sign"):
        # Every iteration asks again with another order of the stack; the open table (the
        # seat's view: stack count, skip flags, last drop-offs and all), which is all the
        # answer depends on, is the same. Remembered for this decision only.
        from engines.tuk_tuk_taxi.engine import ENGINE

        key = orjson.dumps(["tuk-tuk-root", seat, limit, ENGINE.view(state, seat)],
                           option=orjson.OPT_SORT_KEYS)
        memo = decision_memo()
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = orjson.dumps(_root_candidates(s, seat, limit))
        return cast(list[dict[str, Any]], orjson.loads(hit))
    if phase == "move":
        ranked = ranked_moves(s, seat, look_ahead=False)
        return [move_action(s, i) for i in ranked[:limit]]
    if phase == "sign":
        if s["drawn"] in ("mechanic", "gas_station"):
            return ranked_sign_actions(s, seat, limit)
        return [playout_action(state, seat, rng)]
    if phase == "no_parking":
        first = no_parking_choice(s, seat)
        return [first, {"type": "roll_again" if first["type"] == "stay" else "stay"}]
    return [heuristic_action(state, seat, rng, 0.0)]


def _root_candidates(s: TukTukState, seat: int, limit: int) -> list[dict[str, Any]]:
    if s["phase"] == "move":
        return [move_action(s, i) for i in ranked_moves(s, seat)[:limit]]
    return ranked_sign_actions(s, seat, limit)


__all__ = ["cell_key", "evaluate", "heuristic_action"]
