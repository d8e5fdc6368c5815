"""Pure queries over a Tuk-Tuk Taxi state: where a taxi may go, what a sign may do."""

from __future__ import annotations

from engines.tuk_tuk_taxi import data
from engines.tuk_tuk_taxi.data import TILE_NAMES, cell_key, parse_cell
from engines.tuk_tuk_taxi.routes import Leg, Outcome
from engines.tuk_tuk_taxi.state import TukTukState


def name(kind: str) -> str:
    """The tile's name as the rulebook writes it."""
    return TILE_NAMES[kind]


def own_stop(seat: int) -> str:
    """The seat's taxi stop."""
    return cell_key(data.TAXI_STOPS[seat])


def free_spaces(s: TukTukState, seat: int, kind: str) -> list[str]:
    """Mechanic / gas station spaces with no other taxi on them."""
    cells = data.MECHANICS if kind == "mechanic" else data.GAS_STATIONS
    others = {t for i, t in enumerate(s["taxis"]) if i != seat}
    return [cell_key(c) for c in cells if cell_key(c) not in others]


def placement_hint(kind: str) -> str:
    """Why a sign may not go where the player put it (spec ruling 3)."""
    if kind in data.MANDATORY_TURNS:
        return "a mandatory turn goes on an intersection without a traffic light or taxi."
    if kind == "one_way":
        return "a one-way sign goes on a street space between intersections, without a taxi."
    return "signs go on street spaces without a traffic light, taxi stop or taxi."


def leg_for(s: TukTukState, seat: int, budget: int) -> Leg:
    """Everything the route search needs for the seat's next leg of ``budget`` moves."""
    turn = s["turn"]
    blocked = {parse_cell(t) for i, t in enumerate(s["taxis"]) if i != seat}
    blocked |= {data.TAXI_STOPS[i] for i in range(s["players"]) if i != seat}
    blocked |= data.TRAFFIC_LIGHTS
    board = {parse_cell(k): (v["kind"], v["dir"]) for k, v in s["signs"].items()}
    used = turn["used"]
    return Leg(
        start=parse_cell(s["taxis"][seat]),
        prev=None if turn["prev"] is None else parse_cell(turn["prev"]),
        first=turn["first"],
        budget=budget,
        roll=turn["roll"] or 0,
        signs=board,
        used=frozenset(parse_cell(c) for c in used),
        own_stop=data.TAXI_STOPS[seat],
        not_endable=frozenset(blocked),
        pick_up=frozenset() if s["carrying"][seat]
        else frozenset(parse_cell(p) for p in s["passengers"]),
        limited=any(c in s["signs"] and s["signs"][c]["kind"] == "speed_limit" for c in used),
    )


def note(s: TukTukState, seat: int, o: Outcome) -> str:
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
