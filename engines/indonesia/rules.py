"""Questions about a state that several phases ask: who occupies what, where a company may
start or expand, slots, ship limits, zones and the sale network."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from engines.indonesia.board import (
    COASTAL,
    LAND_LANDS,
    LAND_PROVINCE,
    LAND_SEAS,
    PROVINCES,
    SEA_SEAS,
    province_seas,
)
from engines.indonesia.data.components import (
    CITY_CARDS,
    DEEDS,
    ERAS,
    GOODS,
    GOODS_SUPPLY,
    MERGER_UNIT_PRICE,
    SHIPPING,
)
from engines.indonesia.routing import Network

State = dict


def occupied(st: State) -> set[int]:
    """Land areas holding a good or a city."""
    out = {int(a) for a in st["cities"]}
    for co in st["companies"].values():
        out.update(co["areas"])
    return out


def goods_on_board(st: State) -> dict[str, int]:
    """Goods counters on the board by type."""
    out = dict.fromkeys(GOODS, 0)
    for co in st["companies"].values():
        if co["type"] != SHIPPING:
            out[co["type"]] += len(co["areas"])
    return out


def supply_left(st: State, good: str) -> int:
    """Counters of a good still in the box."""
    return GOODS_SUPPLY[good] - goods_on_board(st)[good]


def owned(st: State, seat: int) -> list[str]:
    """Ids of the companies a seat owns, in creation order."""
    return [cid for cid, co in st["companies"].items() if co["owner"] == seat]


def free_slots(st: State, seat: int) -> int:
    """Slots the seat has left (research level minus companies held)."""
    return st["research"][seat]["slots"] - len(owned(st, seat))


def units(co: dict) -> int:
    """Merger units of a company: its goods, or its ships."""
    if co["type"] == SHIPPING:
        return sum(co["ships"].values())
    return len(co["areas"])


def ship_limit(st: State, co: dict) -> int:
    """A shipping company's ship limit this era: the sum of its deeds' limits (spec)."""
    era = ERAS.index(st["era"])
    return sum(DEEDS[d]["ships"][era] for d in co["deeds"])


def forbidden_for(st: State, good: str, except_company: str | None = None) -> set[int]:
    """Land areas adjacent to another company's goods of this type (no placement there)."""
    out: set[int] = set()
    for cid, co in st["companies"].items():
        if co["type"] == good and cid != except_company:
            for a in co["areas"]:
                out |= LAND_LANDS[a]
    return out


def start_areas(st: State, deed: str) -> list[int]:
    """Where a deed's first good or ship may go (spec ruling 4); empty: it cannot start."""
    info = DEEDS[deed]
    if info["type"] == SHIPPING:
        return province_seas(info["province"])
    if supply_left(st, info["type"]) <= 0:
        return []
    taken = occupied(st)
    bad = forbidden_for(st, info["type"])
    return [a for a in PROVINCES[info["province"]] if a not in taken and a not in bad]


def expansion_areas(st: State, cid: str) -> list[int]:
    """Empty land areas a production company may expand into now (spec ruling 5c)."""
    co = st["companies"][cid]
    if supply_left(st, co["type"]) <= 0:
        return []
    taken = occupied(st)
    bad = forbidden_for(st, co["type"], cid)
    near: set[int] = set()
    for a in co["areas"]:
        near |= LAND_LANDS[a]
    return sorted(a for a in near if a not in taken and a not in bad)


def ship_seas(st: State, cid: str) -> list[int]:
    """Seas where a shipping company may place a new ship: in or next to its ships."""
    co = st["companies"][cid]
    have = {int(s) for s in co["ships"]}
    out = set(have)
    for s in have:
        out |= SEA_SEAS[s]
    return sorted(out)


def city_areas(st: State, provinces: list[str]) -> list[int]:
    """Empty coastal areas of those provinces that hold no city yet (spec ruling 1)."""
    taken = occupied(st)
    with_city = {_province_of(int(a)) for a in st["cities"]}
    out: list[int] = []
    for p in provinces:
        if p in with_city:
            continue
        out.extend(a for a in PROVINCES[p] if a in COASTAL and a not in taken)
    return sorted(out)


def _province_of(area: int) -> str:
    return LAND_PROVINCE[area]


def zones(areas: list[int]) -> list[list[int]]:
    """Contiguous groups of a company's areas (goods move freely inside one)."""
    return [list(z) for z in _zones(tuple(sorted(areas)))]


@lru_cache(maxsize=4096)
def _zones(areas: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    left = set(areas)
    out = []
    for a in sorted(areas):
        if a not in left:
            continue
        group, stack = [], [a]
        left.discard(a)
        while stack:
            x = stack.pop()
            group.append(x)
            for y in LAND_LANDS[x]:
                if y in left:
                    left.discard(y)
                    stack.append(y)
        out.append(tuple(sorted(group)))
    return tuple(out)


def sale_network(st: State, cid: str) -> Network:
    """Everything a production company's sale may use right now."""
    co = st["companies"][cid]
    good = co["type"]
    ships: dict[str, dict[int, int]] = {}
    foreign: set[str] = set()
    for sid, sc in st["companies"].items():
        if sc["type"] != SHIPPING:
            continue
        hull = st["research"][sc["owner"]]["hull"]
        ships[sid] = {int(s): n * hull for s, n in sc["ships"].items()}
        if sc["owner"] != co["owner"]:
            foreign.add(sid)
    demand = {int(a): c["size"] - c["delivered"].get(good, 0) for a, c in st["cities"].items()}
    return Network(zones=zones(co["areas"]), ships=ships, foreign=foreign, demand=demand)


def merger_kind(st: State, a: dict, b: dict) -> str | None:
    """The merger price key ("rice", "shipping", "rice+spice", ...) or None if the two
    companies may not merge at all."""
    if a["type"] == b["type"]:
        return a["type"]
    if {a["type"], b["type"]} == {"rice", "spice"} and st["era"] in ("b", "c"):
        return "rice+spice"
    return None


def minimum_bid(a: dict, b: dict, kind: str) -> int:
    """Units x price per unit (spec ruling 3)."""
    return (units(a) + units(b)) * MERGER_UNIT_PRICE[kind]


def siap_faji_possible(st: State, a: dict, b: dict) -> bool:
    """A rice + spice merger must be able to end apart from every other siap faji company
    and its remaining goods must fit the siap faji supply (spec ruling 3)."""
    areas = a["areas"] + b["areas"]
    n = len(areas)
    remove = (n + 1) // 2
    if n - remove > supply_left(st, "siap faji"):
        return False
    bad = forbidden_for(st, "siap faji")
    touching = sum(1 for x in areas if x in bad)
    return touching <= remove


def merger_pairs(st: State, seat: int) -> list[tuple[str, str, str, int, int]]:
    """Mergers the seat may announce, cash aside: (a, b, kind, units, minimum bid)."""
    level = st["research"][seat]["mergers"]
    if level < 2:
        return []
    cos = [(cid, co) for cid, co in st["companies"].items() if not co["merged"]]
    has_slot = free_slots(st, seat) > 0
    out = []
    for i, (ida, a) in enumerate(cos):
        for idb, b in cos[i + 1:]:
            if len(a["deeds"]) + len(b["deeds"]) > level:
                continue
            if not (has_slot or a["owner"] == seat or b["owner"] == seat):
                continue
            kind = merger_kind(st, a, b)
            if kind is None:
                continue
            if kind == "rice+spice" and not siap_faji_possible(st, a, b):
                continue
            out.append((ida, idb, kind, units(a) + units(b), minimum_bid(a, b, kind)))
    return out


def coastal_seas_of(areas: list[int]) -> set[int]:
    """Seas touching any of the areas."""
    out: set[int] = set()
    for a in areas:
        out |= LAND_SEAS[a]
    return out


def after(st: State, seat: int) -> int:
    """Position in turn order just after the seat."""
    return (st["order"].index(seat) + 1) % len(st["order"])


def era_cards(st: State, seat: int) -> list[str]:
    """The seat's city cards of the current era."""
    era = st["era"].upper()
    return [c for c in st["hands"][seat] if c[0] == era]


def placeable_cards(st: State, seat: int) -> dict[str, list[int]]:
    """The seat's city cards of this era that can found a city, with their areas."""
    if st["stones"]["1"] <= 0:
        return {}
    out = {}
    for c in era_cards(st, seat):
        areas = city_areas(st, CITY_CARDS[c])
        if areas:
            out[c] = areas
    return out


def removal_choices(st: State) -> list[int]:
    """Goods the new siap faji company may give up next: those touching another siap faji
    company first (spec ruling 3)."""
    cid = st["step"]["company"]
    areas = st["companies"][cid]["areas"]
    bad = forbidden_for(st, "siap faji", cid)
    touching = [a for a in areas if a in bad]
    return sorted(touching or areas)


def to_operate(st: State, seat: int) -> list[str]:
    """The seat's companies that have not operated yet this phase."""
    return [cid for cid in owned(st, seat) if not st["companies"][cid]["operated"]]


def standing(st: State) -> str:
    """A digest of everything a year can lastingly change: money, research, cards, deeds,
    companies (goods, ships, deeds, owners), cities and stones, the era and the order.
    Equal digests at a year's start and end mean nothing changed that year (spec ruling 13);
    bids of 0 and sales of nothing leave it alone, any money moved does not."""
    lasting = {
        "cash": st["cash"], "bank": st["bank"], "research": st["research"],
        "hands": st["hands"], "deeds": st["deeds"], "discarded": st["discarded"],
        "era": st["era"], "order": st["order"], "stones": st["stones"],
        "cities": {a: c["size"] for a, c in st["cities"].items()},
        "companies": {cid: [co["type"], co["owner"], co["deeds"], co["areas"], co["ships"]]
                      for cid, co in st["companies"].items()},
    }
    text = json.dumps(lasting, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
