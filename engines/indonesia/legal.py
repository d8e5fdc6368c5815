"""Legal-action templates for the seat whose turn it is (compact: ranges and choices)."""

from __future__ import annotations

from typing import Any

from engines.indonesia.data.components import MAX_LEVEL, PRICES, SHIPPING, TRACKS
from engines.indonesia.phases import placeable_cards, removal_choices, to_operate
from engines.indonesia.rules import (
    expansion_areas,
    merger_pairs,
    ship_seas,
    start_areas,
)
from engines.indonesia.sales import proposal

PASS = {"type": "pass"}


def templates(st: dict, seat: int) -> list[dict]:
    """What ``seat`` may do now; empty when it is not that seat's turn."""
    step = st["step"]
    if st["phase"] == "over" or step.get("seat") != seat:
        return []
    return _BY_KIND[step["kind"]](st, seat)


def _cities(st: dict, seat: int) -> list[dict]:
    return [{"type": "place_city", "card": c, "area": {"$choice": areas}}
            for c, areas in sorted(placeable_cards(st, seat).items())]


def _bid(st: dict, seat: int) -> list[dict]:
    return [{"type": "bid", "amount": {"$range": [0, max(0, st["cash"][seat])]}}]


def _announce(st: dict, seat: int) -> list[dict]:
    cash = st["cash"][seat]
    out = []
    for a, b, _kind, u, low in merger_pairs(st, seat):
        if low <= cash:
            hi = low + (cash - low) // u * u
            out.append({"type": "announce", "a": a, "b": b, "bid": {"$range": [low, hi, u]}})
    return [*out, PASS]


def _auction(st: dict, seat: int) -> list[dict]:
    step = st["step"]
    low = step["high"] + step["units"]
    cash = st["cash"][seat]
    out = []
    if low <= cash:
        hi = low + (cash - low) // step["units"] * step["units"]
        out.append({"type": "raise", "amount": {"$range": [low, hi, step["units"]]}})
    return [*out, PASS]


def _remove(st: dict, seat: int) -> list[dict]:
    return [{"type": "remove_good", "area": {"$choice": removal_choices(st)}}]


def _acquire(st: dict, seat: int) -> list[dict]:
    out = []
    for d in st["deeds"]:
        areas = start_areas(st, d)
        if areas:
            out.append({"type": "acquire", "deed": d, "area": {"$choice": areas}})
    return [*out, PASS]


def _research(st: dict, seat: int) -> list[dict]:
    mine = [t for t in TRACKS if st["research"][seat][t] < MAX_LEVEL]
    out = []
    if mine:
        out.append({"type": "research", "track": {"$choice": mine}, "player": seat})
    others = [s for s in range(st["players"])
              if s != seat and st["research"][s]["hull"] < MAX_LEVEL]
    if others:
        out.append({"type": "research", "track": "hull", "player": {"$choice": others}})
    return [*out, PASS]


def _operate(st: dict, seat: int) -> list[dict]:
    out: list[dict[str, Any]] = []
    for cid in to_operate(st, seat):
        if st["companies"][cid]["type"] == SHIPPING:
            out.append({"type": "sail", "company": cid})
        else:
            out.append({"type": "sell", "company": cid, "routes": proposal(st, cid)})
    return out


def _expand(st: dict, seat: int) -> list[dict]:
    step = st["step"]
    co = st["companies"][step["company"]]
    out: list[dict[str, Any]] = []
    if not step["paid"] or st["cash"][seat] >= PRICES[co["type"]]:
        out.append({"type": "expand", "area": {"$choice": expansion_areas(st, co["id"])}})
    if step["paid"]:
        out.append(PASS)
    return out


def _ships(st: dict, seat: int) -> list[dict]:
    return [{"type": "place_ship", "sea": {"$choice": ship_seas(st, st["step"]["company"])}},
            PASS]


def _grow(st: dict, seat: int) -> list[dict]:
    return [{"type": "grow", "city": {"$choice": list(st["step"]["candidates"])}}]


_BY_KIND = {
    "cities": _cities, "bid": _bid, "announce": _announce, "auction": _auction,
    "remove": _remove, "acquire": _acquire, "research": _research, "operate": _operate,
    "expand": _expand, "ships": _ships, "grow": _grow,
}
