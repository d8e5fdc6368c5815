"""The step table: for every kind of step (``state["step"]["kind"]``) the seat it waits on,
the actions it takes with their moves, and its legal-action templates (compact: ranges and
choices). The year's order of steps is in flow.py."""

from __future__ import annotations

from typing import Any

from engines.core.steps import Step
from engines.core.types import Template
from engines.indonesia import acquisitions, bids, cities, growth, mergers, operations, research
from engines.indonesia.data.components import MAX_LEVEL, PRICES, SHIPPING, TRACKS
from engines.indonesia.rules import (
    expansion_areas,
    merger_pairs,
    placeable_cards,
    removal_choices,
    ship_seas,
    start_areas,
    to_operate,
)
from engines.indonesia.sales import proposal

PASS: Template = {"type": "pass"}


def awaited(st: Any) -> list[int]:
    """The one seat the step waits on."""
    seat = st["step"].get("seat")
    return [] if seat is None else [seat]


def hint(st: Any, seat: int, kind: str) -> str:
    """The refusal of an action this step does not take (a message key per action type)."""
    return "indonesia.err.not_now." + kind


def _steps_range(low: int, cash: int, units: int) -> list[int]:
    """``$range`` of merger bids from ``low`` up to the cash, in steps of the units."""
    return [low, low + (cash - low) // units * units, units]


def city_templates(st: Any, seat: int) -> list[Template]:
    """Each usable city card of this era with its legal areas."""
    return [{"type": "place_city", "card": c, "area": {"$choice": areas}}
            for c, areas in sorted(placeable_cards(st, seat).items())]


def bid_templates(st: Any, seat: int) -> list[Template]:
    """0..cash (0 in debt)."""
    return [{"type": "bid", "amount": {"$range": [0, max(0, st["cash"][seat])]}}]


def announce_templates(st: Any, seat: int) -> list[Template]:
    """Every merger the seat can pay the minimum of, and pass."""
    cash = st["cash"][seat]
    out: list[Template] = [
        {"type": "announce", "a": a, "b": b, "bid": {"$range": _steps_range(low, cash, u)}}
        for a, b, _kind, u, low in merger_pairs(st, seat) if low <= cash]
    return [*out, PASS]


def auction_templates(st: Any, seat: int) -> list[Template]:
    """A raise by multiples of the units (when affordable), and pass."""
    step = st["step"]
    low = step["high"] + step["units"]
    cash = st["cash"][seat]
    out: list[Template] = []
    if low <= cash:
        out.append({"type": "raise", "amount": {"$range": _steps_range(low, cash,
                                                                       step["units"])}})
    return [*out, PASS]


def remove_templates(st: Any, seat: int) -> list[Template]:
    """The goods the new siap faji company may give up next."""
    return [{"type": "remove_good", "area": {"$choice": removal_choices(st)}}]


def acquire_templates(st: Any, seat: int) -> list[Template]:
    """Every startable deed with its start areas, and pass."""
    out: list[Template] = []
    for d in st["deeds"]:
        areas = start_areas(st, d)
        if areas:
            out.append({"type": "acquire", "deed": d, "area": {"$choice": areas}})
    return [*out, PASS]


def research_templates(st: Any, seat: int) -> list[Template]:
    """Own tracks below the top, Hull for others below the top, and pass."""
    mine = [t for t in TRACKS if st["research"][seat][t] < MAX_LEVEL]
    out: list[Template] = []
    if mine:
        out.append({"type": "research", "track": {"$choice": mine}, "player": seat})
    others = [s for s in range(st["players"])
              if s != seat and st["research"][s]["hull"] < MAX_LEVEL]
    if others:
        out.append({"type": "research", "track": "hull", "player": {"$choice": others}})
    return [*out, PASS]


def operate_templates(st: Any, seat: int) -> list[Template]:
    """Each company still to operate: sail, or sell along the engine's proposal."""
    out: list[Template] = []
    for cid in to_operate(st, seat):
        if st["companies"][cid]["type"] == SHIPPING:
            out.append({"type": "sail", "company": cid})
        else:
            out.append({"type": "sell", "company": cid, "routes": proposal(st, cid)})
    return out


def expand_templates(st: Any, seat: int) -> list[Template]:
    """The legal areas (when free or affordable); pass only when expanding is paid."""
    step = st["step"]
    co = st["companies"][step["company"]]
    out: list[Template] = []
    if not step["paid"] or st["cash"][seat] >= PRICES[co["type"]]:
        out.append({"type": "expand", "area": {"$choice": expansion_areas(st, co["id"])}})
    if step["paid"]:
        out.append(PASS)
    return out


def ship_templates(st: Any, seat: int) -> list[Template]:
    """A new ship in or next to the company's seas, or stop."""
    return [{"type": "place_ship", "sea": {"$choice": ship_seas(st, st["step"]["company"])}},
            PASS]


def grow_templates(st: Any, seat: int) -> list[Template]:
    """The cities that may grow with the stones left."""
    return [{"type": "grow", "city": {"$choice": list(st["step"]["candidates"])}}]


def _step(name: str, actions: dict[str, Any], legal: Any) -> Step:
    return Step(name=name, actions=actions, actors=awaited, legal=legal, hint=hint,
                not_your_turn="indonesia.err.not_your_turn")


#: kind of step -> what it takes. Phase 1: cities; 2: bid; 3: announce, auction, remove;
#: 4: acquire; 5: research; 6: operate, expand, ships; 7: grow.
STEPS: dict[str, Step] = {
    "cities": _step("cities", {"place_city": cities.place_city}, city_templates),
    "bid": _step("bid", {"bid": bids.bid}, bid_templates),
    "announce": _step("announce", {"announce": mergers.announce,
                                   "pass": mergers.announce_pass}, announce_templates),
    "auction": _step("auction", {"raise": mergers.raise_bid, "pass": mergers.auction_pass},
                     auction_templates),
    "remove": _step("remove", {"remove_good": mergers.remove_good}, remove_templates),
    "acquire": _step("acquire", {"acquire": acquisitions.acquire,
                                 "pass": acquisitions.acquire_pass}, acquire_templates),
    "research": _step("research", {"research": research.research,
                                   "pass": research.research_pass}, research_templates),
    "operate": _step("operate", {"sell": operations.sell, "sail": operations.sail},
                     operate_templates),
    "expand": _step("expand", {"expand": operations.expand, "pass": operations.operation_pass},
                    expand_templates),
    "ships": _step("ships", {"place_ship": operations.place_ship,
                             "pass": operations.operation_pass}, ship_templates),
    "grow": _step("grow", {"grow": growth.grow}, grow_templates),
}
