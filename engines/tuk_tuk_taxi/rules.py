"""Pure queries over a Tuk-Tuk Taxi state: where a taxi may go, what a sign may do."""

from __future__ import annotations

from engines.tuk_tuk_taxi import data
from engines.tuk_tuk_taxi.data import cell_key, parse_cell
from engines.tuk_tuk_taxi.routes import Leg
from engines.tuk_tuk_taxi.state import TukTukState


def own_stop(seat: int) -> str:
    """The seat's taxi stop."""
    return cell_key(data.TAXI_STOPS[seat])


def free_spaces(s: TukTukState, seat: int, kind: str) -> list[str]:
    """Mechanic / gas station spaces with no other taxi on them."""
    cells = data.MECHANICS if kind == "mechanic" else data.GAS_STATIONS
    others = {t for i, t in enumerate(s["taxis"]) if i != seat}
    return [cell_key(c) for c in cells if cell_key(c) not in others]


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
