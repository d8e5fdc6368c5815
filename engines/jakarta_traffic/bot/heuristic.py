"""The bots of Jakarta Traffic: spec ruling 7's random test bot and the planning heuristic
the normal and hard levels play (``heuristic_action``, ``playout_action``,
``bot_candidates``, ``evaluate``); the easy level is this heuristic with mistakes (easy.py)."""

from __future__ import annotations

import math
import random
from typing import Any, cast

import orjson

from engines.core.templates import expand_template
from engines.core.types import State, Template
from engines.jakarta_traffic import scoring
from engines.jakarta_traffic.bot.layout import ride_ends, state_layout
from engines.jakarta_traffic.bot.plan import Planner, turns_left
from engines.jakarta_traffic.data import BUILDING, CHARGING, MAX_ENERGY, SIZE
from engines.jakarta_traffic.roads import entry_table, ride
from engines.jakarta_traffic.rules import (
    changing_turns,
    turnable_cells,
    vacant_pickups,
)
from engines.jakarta_traffic.state import JakartaState

CELLS = SIZE * SIZE
#: A honk must beat riding as the roads are by this much (it also opens roads for the
#: others and puts the marker down).
HONK_MARGIN = 0.15


#: Memos of the search's questions, keyed by the position (the search asks the same ones
#: at every visit of a tree node; a Jakarta Traffic position differs between
#: determinizations only in the dice to come, which these answers do not look at).
MEMO_LIMIT = 50_000
_CANDIDATES: dict[tuple[bytes, int, int], list[dict[str, Any]]] = {}
_PLAYOUT: dict[tuple[bytes, int], dict[str, Any]] = {}
_POINTS: dict[bytes, list[float]] = {}


def _position(state: JakartaState) -> bytes:
    """The position without the generator (what every bot judgement depends on)."""
    return orjson.dumps({k: v for k, v in state.items() if k != "rng"})


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value


def choose_bot_action(templates: list[Template], rng: random.Random) -> dict[str, Any]:
    """Ruling 7's choice among legal templates: accept or deliver whenever offered, else a
    random action type, then a random template of that type (so the many honk templates
    do not crowd out driving and detours)."""
    first = templates[0]["type"]
    if first in ("accept", "deliver"):
        return {"type": first}
    kinds = sorted({t["type"] for t in templates})
    kind = rng.choice(kinds)
    return expand_template(rng.choice([t for t in templates if t["type"] == kind]), rng)


def _xy(cell: int) -> dict[str, int]:
    return {"x": cell % SIZE + 1, "y": cell // SIZE + 1}


def _cell(action: dict[str, Any]) -> int:
    return (action["y"] - 1) * SIZE + action["x"] - 1


# == the planning heuristic (normal, hard) ======================================================
# Good play, as the rulebook's scoring makes it: stars are most of the score, each delivery
# costs one energy and so does each order taken, energy left and speech bubbles score at the
# end. So every spot is judged by what parking there scores now plus the plans it opens
# (plan.py): deliver what the phone carries, take the stack whose order pays best for the
# rides it still needs, charge before running dry. A turn tries every ride, and every honk
# that can change the ride (only tiles the ride passes can), and the detour's odds.

def planner(state: JakartaState, seat: int, horizon: int | None = None) -> Planner:
    """The seat's judgement of the spots for the ride it is about to make."""
    if horizon is None:
        horizon = 0 if state["end_triggered"] else turns_left(state, seat)
    return Planner(state, seat, state_layout(state), horizon)


def spot_values(plan: Planner) -> list[float]:
    """:meth:`Planner.arrival` of every cell."""
    return [plan.arrival(c) for c in range(CELLS)]


def detour_value(values: list[float], own: int) -> float:
    """The expected worth of a detour: two dice, a 6 mirrors the other die (so the diagonal
    is three times as likely), a double 6 picks the best spot, the own spot is rolled again."""
    total, weight = 0.0, 0.0
    for c in range(CELLS):
        if c == own:
            continue
        p = 3.0 if c % SIZE == c // SIZE else 1.0
        total += p * values[c]
        weight += p
    best = max(v for c, v in enumerate(values) if c != own)
    return (total + best) / (weight + 1.0)


def ranked_turns(state: JakartaState, seat: int, values: list[float],
                 honks: bool = True) -> list[tuple[float, dict[str, Any]]]:
    """Every sensible first action of a turn with the value of the ride it leads to, best
    first: each ride, the detour, and (``honks``) each honk that changes the best ride."""
    start = state["mopeds"][seat]
    assert start is not None
    lay = state_layout(state)
    out: list[tuple[float, dict[str, Any]]] = []
    rides = lay.dests[start]
    for c in rides:
        out.append((values[c], {"type": "drive", **_xy(c)}))
    base = max((values[c] for c in rides), default=-math.inf)
    out.append((detour_value(values, start) - 0.2, {"type": "detour"}))
    if honks and state["phase"] == "honk":
        out.extend(_honks(state, seat, values, base))
    out.sort(key=lambda va: -va[0])
    return out


def _honks(state: JakartaState, seat: int, values: list[float],
           base: float) -> list[tuple[float, dict[str, Any]]]:
    """Rotations and swaps of the tiles the ride passes, each valued by its best ride."""
    start = state["mopeds"][seat]
    assert start is not None
    tiles = state["tiles"]
    tables = [entry_table(t["pattern"], t["rot"]) for t in tiles]
    _, touched = ride_ends(tiles, start)
    free = set(turnable_cells(state)) & touched
    hand = state["hand"][seat]
    out: list[tuple[float, dict[str, Any]]] = []
    for cell in sorted(free):
        tile = tiles[cell]
        old = tables[cell]
        tried: dict[tuple[int, ...], float] = {}
        for turns in changing_turns(tile["pattern"], tile["rot"]):
            tables[cell] = entry_table(tile["pattern"], (tile["rot"] + turns) % 4)
            ends = tuple(ride(tables, start)[0])
            v = tried.get(ends)
            if v is None:
                v = tried[ends] = max((values[c] for c in ends), default=-math.inf)
            if v > base + HONK_MARGIN:
                out.append((v - HONK_MARGIN, {"type": "rotate", **_xy(cell), "turns": turns}))
        if tile["kind"] != BUILDING:
            for rot in range(4):
                tables[cell] = entry_table(hand["pattern"], rot)
                ends = tuple(ride(tables, start)[0])
                v = tried.get(ends)
                if v is None:
                    v = tried[ends] = max((values[c] for c in ends), default=-math.inf)
                # A swap also trades the tile away: only for a clearly better ride.
                if v > base + 2 * HONK_MARGIN:
                    out.append((v - 2 * HONK_MARGIN,
                                {"type": "swap", **_xy(cell), "rotation": rot}))
        tables[cell] = old
    return out


def _place_stack(state: JakartaState, seat: int) -> dict[str, Any]:
    """Move the rest of the stack where the others cannot ride to next turn."""
    lay = state_layout(state)
    options = vacant_pickups(state)
    theirs: dict[int, int] = {}
    for other, at in enumerate(state["mopeds"]):
        if other != seat and at is not None:
            for c in lay.dests[at]:
                theirs[c] = theirs.get(c, 0) + 1
    here = state["mopeds"][seat]
    assert here is not None
    mine: set[int] = set()
    for c in lay.dests[here]:
        mine.update(lay.dests[c])
    cell = min(options, key=lambda c: (theirs.get(c, 0), c not in mine, c))
    return {"type": "place_stack", **_xy(cell)}


def _arrange(state: JakartaState, seat: int) -> dict[str, Any]:
    pending = state["pending"]
    assert pending is not None
    held = [sum(1 for o, p in enumerate(state["phone"]) if o != seat and order in p)
            for order in pending["orders"]]
    # The type the others carry goes to the bottom row: it is then worth the least.
    return {"type": "arrange", "bottom": pending["orders"][held.index(max(held))]}


def _start(state: JakartaState, seat: int) -> dict[str, Any]:
    """The charging station with the best plans (and room to ride) for the first turn."""
    lay = state_layout(state)
    plan = planner(state, seat, horizon=turns_left(state, seat))
    cells = [c for c, t in enumerate(state["tiles"]) if t["kind"] == CHARGING]
    board, phone = state["board"], state["phone"][seat]

    def worth(c: int) -> tuple[float, int, int]:
        return (plan.potential(board, c, phone, MAX_ENERGY), len(lay.dests[c]), -c)

    return {"type": "start", **_xy(max(cells, key=worth))}


#: Turns per player after which a game has gone on far longer than any normal one
#: (bots that finish end within about 25-50 turns per player).
LONG_GAME_TURNS = 40


def restlessness(state: JakartaState) -> float:
    """How often a bot drives somewhere new at random instead of its plan, in ``[0, 0.5]``.

    Zero in a game of normal length. The plans count turns through tiles a moped will be
    standing on (which may not be turned), so two bots that judge alike can chase each
    other round the same few spots without a star for ever (2 in 6 games of three or four
    normal bots did); a table of bots must still end. Past :data:`LONG_GAME_TURNS` turns a
    player, a growing share of turns is a random legal move, which breaks such a loop.
    """
    over = state["turn"] - LONG_GAME_TURNS * state["players"]
    if over <= 0:
        return 0.0
    return min(0.5, over / (LONG_GAME_TURNS * state["players"]))


def restless_action(state: State, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """The hard bot's share of :func:`restlessness`: a random legal ride or honk past
    :data:`LONG_GAME_TURNS` turns a player (its search would chase the same spots as the
    heuristic does), else ``None``. Draws nothing from ``rng`` in a game of normal length,
    so the search decides there exactly as before."""
    from engines.jakarta_traffic.engine import ENGINE

    s = cast(JakartaState, state)
    chance = restlessness(s) if s["phase"] in ("honk", "drive") else 0.0
    if chance > 0 and rng.random() < chance:
        return choose_bot_action(ENGINE.legal_actions(state, seat), rng)
    return None


def heuristic_action(state: State, seat: int, rng: random.Random,
                     noise: float) -> dict[str, Any]:
    """The obvious good move for ``seat`` (the normal level; ``noise`` is not used here:
    the easy level's mistakes are easy.py's)."""
    from engines.jakarta_traffic.engine import ENGINE

    s = cast(JakartaState, state)
    phase = s["phase"]
    if phase in ("honk", "drive") and rng.random() < restlessness(s):
        return choose_bot_action(ENGINE.legal_actions(state, seat), rng)
    if phase in ("honk", "drive"):
        ranked = ranked_turns(s, seat, spot_values(planner(s, seat)))
        # Equally good turns are drawn at random: two bots that judge alike would otherwise
        # chase each other round the same few spots for ever.
        tied = [a for v, a in ranked if v >= ranked[0][0] - 1e-9]
        return tied[0] if len(tied) == 1 else rng.choice(tied)
    if phase == "arrival":
        pending = s["pending"]
        assert pending is not None
        if pending["kind"] == "deliver":
            return {"type": "deliver"}
        here = s["mopeds"][seat]
        assert here is not None
        take = planner(s, seat).takes(here, pending["order"])
        return {"type": "accept" if take else "decline"}
    if phase == "place_stack":
        return _place_stack(s, seat)
    if phase == "arrange":
        return _arrange(s, seat)
    if phase == "pick_spot":
        own = s["mopeds"][seat]
        values = spot_values(planner(s, seat))
        cell = max((c for c in range(CELLS) if c != own), key=lambda c: (values[c], -c))
        return {"type": "pick_spot", **_xy(cell)}
    if phase == "start":
        return _start(s, seat)
    return choose_bot_action(ENGINE.legal_actions(state, seat), rng)


def playout_action(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """The heuristic without trying honks (search playouts make many moves)."""
    s = cast(JakartaState, state)
    key = (_position(s), seat)
    found = _PLAYOUT.get(key)
    if found is None:
        found = _playout(s, seat, rng)
        _remember(_PLAYOUT, key, found)
    return found


def _playout(s: JakartaState, seat: int, rng: random.Random) -> dict[str, Any]:
    if s["phase"] in ("honk", "drive"):
        plan = planner(s, seat)
        start = s["mopeds"][seat]
        assert start is not None
        rides = state_layout(s).dests[start]
        if not rides:
            return {"type": "detour"}
        cell = max(rides, key=lambda c: (plan.arrival(c), -c))
        return {"type": "drive", **_xy(cell)}
    return heuristic_action(cast(State, s), seat, rng, 0.0)


def bot_candidates(state: State, seat: int, rng: random.Random,
                   limit: int) -> list[dict[str, Any]] | None:
    """The heuristic's move first, then the next best rides and honks by the same values;
    the other steps offer their few choices (the heuristic's first)."""
    s = cast(JakartaState, state)
    key = (_position(s), seat, limit)
    found = _CANDIDATES.get(key)
    if found is None:
        found = _candidates(s, seat, rng)[:limit]
        _remember(_CANDIDATES, key, found)
    return list(found)


#: The search weighs only the turns the heuristic values within this much (points) of its
#: best: a turn a whole point worse is junk the search's few noisy playouts could only
#: pick by mistake, and a decision left with one candidate costs nothing (a third of the
#: rides at four players), which leaves the iterations to the close calls.
CANDIDATE_SPAN = 1.0


def _candidates(s: JakartaState, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    if s["phase"] in ("honk", "drive"):
        ranked = ranked_turns(s, seat, spot_values(planner(s, seat)))
        return [a for v, a in ranked if v >= ranked[0][0] - CANDIDATE_SPAN]
    best = heuristic_action(cast(State, s), seat, rng, 0.0)
    if s["phase"] == "arrival":
        pending = s["pending"]
        assert pending is not None
        if pending["kind"] == "deliver":
            return [best]
        here = s["mopeds"][seat]
        assert here is not None
        take, leave = planner(s, seat).choices(here, pending["order"])
        if abs(take - leave) > CANDIDATE_SPAN:
            return [best]
        other = {"type": "decline"} if best["type"] == "accept" else {"type": "accept"}
        return [best, other]
    if s["phase"] == "arrange":
        pending = s["pending"]
        assert pending is not None
        return [best] + [{"type": "arrange", "bottom": o} for o in pending["orders"]
                         if o != best["bottom"]]
    return [best]


# == the search's judge ==========================================================================

def points(state: JakartaState, seat: int) -> float:
    """The seat's score now plus what its plans are worth in the turns it has left.

    Energy counts what the heuristic counts it (:data:`plan.ENERGY_VALUE` while the
    game goes on, its full point at the end): at its full point the search preferred
    charging to taking orders, unlike the heuristic it was meant to refine."""
    part = scoring.breakdown(state, seat)
    here = state["mopeds"][seat]
    if here is None:
        return float(part["total"])
    plan = Planner(state, seat, state_layout(state), turns_left(state, seat))
    energy, phone = state["energy"][seat], state["phone"][seat]
    return (part["star_points"] + part["bubble_points"] + plan.ev * energy
            + plan.potential(state["board"], here, phone, energy))


def evaluate(state: State, seat: int) -> float:
    """The seat's points against the best other seat's, squashed into [0, 1]."""
    s = cast(JakartaState, state)
    key = _position(s)
    every = _POINTS.get(key)
    if every is None:
        every = [points(s, p) for p in range(s["players"])]
        _remember(_POINTS, key, every)
    mine = every[seat]
    best = max(v for p, v in enumerate(every) if p != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best) / 3.0))
