"""The easy Tuk-Tuk Taxi bot: a beginner who knows the rules but not the tricks.

It drives toward the nearest passenger (not the one that is nearest to take home), counting
cells only: it walks round No entry and one-way signs but does not plan for traffic lights,
Stop signs or the Police. It puts a slowing sign near another driver's taxi, on any street
cell within three cells of it, ahead or behind: a beginner sees the car, not where it is
heading (so about half its signs stand where that driver will not pass, and a Stop right in
front often does nothing, since a taxi's first step enters it freely). A helping sign goes
on its own way; it removes the first sign just ahead of it. As the easy bot
(:func:`easy_action`) it is careless as often as :data:`CARELESS` says: at most of its moves
it drives one of its next routes instead of the shortest (a wasted step a player sees), and
at most of its sign plays it makes any legal one (a sign far from everyone, or none).
:func:`plain_best_move` is also the bench's greedy driver.
"""

from __future__ import annotations

import random
from typing import Any, cast

from engines.bots import bot_of
from engines.core.templates import expand_template
from engines.core.types import State
from engines.tuk_tuk_taxi import data, rules, signs
from engines.tuk_tuk_taxi.bot.heuristic import (
    HELP,
    HINDER,
    move_action,
    move_score,
    no_parking_choice,
)
from engines.tuk_tuk_taxi.bot.ways import UNREACHABLE, home_steps, to_go, way
from engines.tuk_tuk_taxi.data import parse_cell
from engines.tuk_tuk_taxi.state import TukTukState

#: How often the easy bot is careless, per kind of decision (``beginner_action``'s
#: ``noise``): at a move one of its :data:`WRONG_TURN_OF` best routes at random instead of
#: the shortest (a wasted step), at No Parking a coin toss between staying and rolling
#: again, at a sign any legal play (a sign in a poor place, or thrown away). At 0.35 for
#: every kind the ladder's model of a new player won only 30% against it; at 0.65 of its
#: moves and 0.7 of its signs, half (docs/bots.md, "Round easy": more careless driving alone
#: got there too, but lost more often to random play).
CARELESS = {"move": 0.65, "no_parking": 0.35, "sign": 0.7}
#: How many of its ranked routes a careless move is drawn from (the shortest included).
WRONG_TURN_OF = 3
#: How many cells of its own way the beginner looks at for a helping sign or one to remove.
LOOK_AHEAD = 3
#: How far from another driver's taxi (in street cells, any way) a slowing sign may go.
NEAR_TAXI = 3


def plain_ranked_moves(s: TukTukState, seat: int, best_passenger: bool) -> list[int]:
    """Offered routes, fewest cells to drive first (``best_passenger``: counting the way
    home from the passenger too, else to the nearest passenger)."""
    board = s["signs"]
    togo = to_go(board, seat, s["carrying"][seat], s["passengers"], plain=True,
                 and_home=best_passenger)
    home = home_steps(board, seat, plain=True)

    def score(option: dict[str, Any]) -> float:
        value = move_score(s, seat, option, togo, home)
        if not best_passenger and not option["police"] and (
                option["to"] in s["passengers"] and not s["carrying"][seat]):
            return -UNREACHABLE  # a beginner takes whoever stands at the end of the road
        return value

    return sorted(range(len(s["moves"])), key=lambda i: (
        score(cast(dict[str, Any], s["moves"][i])), i))


def plain_best_move(s: TukTukState, seat: int, best_passenger: bool) -> dict[str, Any]:
    """The route that leaves the fewest cells to drive."""
    return move_action(s, plain_ranked_moves(s, seat, best_passenger)[0])


def _plain_way(s: TukTukState, seat: int) -> list[tuple[int, int]]:
    togo = to_go(s["signs"], seat, s["carrying"][seat], s["passengers"], plain=True,
                 and_home=False)
    return way(s["signs"], parse_cell(s["taxis"][seat]), togo, LOOK_AHEAD)


def easy_action(s: TukTukState, seat: int, rng: random.Random) -> dict[str, Any]:
    """The easy bot's move: the beginner, as careless as :data:`CARELESS` says for this
    kind of decision."""
    return beginner_action(s, seat, rng, CARELESS.get(s["phase"], CARELESS["sign"]))


def beginner_action(s: TukTukState, seat: int, rng: random.Random,
                    noise: float) -> dict[str, Any]:
    """The beginner's play (see the module docstring), careless that often (``noise``)."""
    from engines.tuk_tuk_taxi.engine import ENGINE

    phase = s["phase"]
    careless = rng.random() < noise
    if phase == "move":
        ranked = plain_ranked_moves(s, seat, best_passenger=False)
        pick = rng.choice(ranked[:WRONG_TURN_OF]) if careless else ranked[0]
        return move_action(s, pick)
    if phase == "no_parking":
        return {"type": rng.choice(("stay", "roll_again"))} if careless else \
            no_parking_choice(s, seat)
    templates = ENGINE.legal_actions(cast(Any, s), seat)
    if phase != "sign" or careless:
        return expand_template(rng.choice(templates), rng)
    kind = s["drawn"]
    assert kind is not None
    if kind in ("mechanic", "gas_station"):
        togo = to_go(s["signs"], seat, s["carrying"][seat], s["passengers"], plain=True)
        return {"type": "go_to", "cell": min(rules.free_spaces(s, seat, kind), key=lambda c: (
            togo.get(parse_cell(c), UNREACHABLE), c))}
    if kind == "remove_sign":
        mine = _plain_way(s, seat)
        ahead = [c for c in mine if _key(c) in s["signs"]
                 and s["signs"][_key(c)]["kind"] in HINDER]
        return {"type": "remove_sign", "cell": _key(ahead[0])} if ahead else {"type": "discard"}
    allowed = signs.placements(kind, s["taxis"])
    if kind in HELP:
        cells = [_key(c) for c in _plain_way(s, seat)]
    else:
        others = [p for p in range(s["players"]) if p != seat]
        cells = sorted(_key(c) for c in near_cells(parse_cell(s["taxis"][rng.choice(others)])))
    cells = [c for c in cells if c in allowed]
    if not cells:
        return expand_template(rng.choice(templates), rng)
    cell = rng.choice(cells)
    action: dict[str, Any] = {"type": "place", "cell": cell}
    if allowed[cell]:
        action["direction"] = rng.choice(allowed[cell])
    return action


def near_cells(start: tuple[int, int], reach: int = NEAR_TAXI) -> set[tuple[int, int]]:
    """Street cells within ``reach`` cells of ``start`` along the streets, either way."""
    seen = {start}
    front = [start]
    for _ in range(reach):
        front = [n for c in front for _, n in data.NEIGHBOURS[c] if n not in seen]
        seen.update(front)
    return seen - {start}


def _key(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def greedy_action(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """The bench's greedy shortest-route player: any legal sign play, then always the
    route that leaves the fewest cells to drive (the yardstick the Tuk-Tuk bot must match)."""
    from engines.tuk_tuk_taxi.engine import ENGINE

    s = cast(TukTukState, state)
    if s["phase"] == "move":
        return plain_best_move(s, seat, best_passenger=True)
    if s["phase"] == "no_parking":
        return no_parking_choice(s, seat)
    return bot_of(ENGINE).test_action(state, seat, rng)

