"""What the heuristic bot looks ahead with: a seat's next year of sales income.

Income is what the rules pay (ruling 5): price x goods sold, minus 5 a ship passage, the fees
going to each ship's owner. The engine's own routing (``sales.proposal``) does the max-flow; a
trial state clears this year's deliveries, so a city counts as buying again next year. The
bot tries each candidate placement (a city, a start area, an expansion, a ship) on a trial
copy and keeps the one that pays most.
"""

from __future__ import annotations

from typing import Any

from engines.indonesia.board import LAND_SEAS
from engines.indonesia.data.components import DEEDS, PRICES, SHIPPING
from engines.indonesia.sales import proposal

State = dict[str, Any]

SHIP_FEE = 5


def trial(st: State) -> State:
    """A copy to try a placement on: its own companies and cities, deliveries cleared."""
    return {**st, "companies": dict(st["companies"]),
            "cities": {a: {"size": c["size"], "delivered": {}} for a, c in st["cities"].items()}}


#: Routings already worked out, by what a sale depends on (a search meets the same
#: networks again and again: the determinizations differ only in cards and secret money).
_ROUTES: dict[tuple, list[dict]] = {}
ROUTES_KEPT = 20000


def network_key(st: State) -> tuple[tuple, tuple]:
    """What every sale of ``st`` depends on besides the selling company: the ships (with
    their owners' hulls) and the cities (size, what they took this year). Worked out once
    for all the companies of an income calculation (building it is most of a cached
    routing's cost)."""
    research = st["research"]
    ships = tuple((sid, sc["owner"], research[sc["owner"]]["hull"], tuple(sc["ships"].items()))
                  for sid, sc in st["companies"].items() if sc["type"] == SHIPPING)
    cities = tuple((a, c["size"], tuple(c["delivered"].items()) if c["delivered"] else ())
                   for a, c in st["cities"].items())
    return ships, cities


def routes(st: State, cid: str, net: tuple[tuple, tuple] | None = None) -> list[dict]:
    """The engine's proposed routing of a production company's sale (cached; read only).
    ``net``: ``network_key(st)`` when the caller has it already."""
    co = st["companies"][cid]
    ships, cities = net if net is not None else network_key(st)
    key = (co["type"], co["owner"], tuple(co["areas"]), ships, cities)
    found = _ROUTES.get(key)
    if found is None:
        if len(_ROUTES) >= ROUTES_KEPT:
            _ROUTES.clear()
        found = _ROUTES[key] = proposal(st, cid)
    return found


def company_income(st: State, cid: str, seat: int,
                   net: tuple[tuple, tuple] | None = None) -> int:
    """What one production company's next sale brings ``seat`` (its owner's net income,
    and the fees paid to ``seat``'s ships)."""
    co = st["companies"][cid]
    price = PRICES[co["type"]]
    total = 0
    for r in routes(st, cid, net):
        passes = r["count"] * len(r["seas"])
        if co["owner"] == seat:
            total += price * r["count"] - SHIP_FEE * passes
        if st["companies"][r["ship"]]["owner"] == seat:
            total += SHIP_FEE * passes
    return total


def income(st: State, seat: int, only: set[str] | None = None) -> int:
    """``seat``'s next year of sales income from every production company on the board
    (or those in ``only``)."""
    net = network_key(st)
    return sum(company_income(st, cid, seat, net) for cid, co in st["companies"].items()
               if co["type"] != SHIPPING and co["areas"] and (only is None or cid in only))


def incomes(st: State) -> list[int]:
    """Every seat's next year of sales income (one routing per company for all seats)."""
    out = [0] * st["players"]
    net = network_key(st)
    for cid, co in st["companies"].items():
        if co["type"] != SHIPPING and co["areas"]:
            for s, amount in company_incomes(st, cid, net).items():
                out[s] += amount
    return out


def company_incomes(st: State, cid: str,
                    net: tuple[tuple, tuple] | None = None) -> dict[int, int]:
    """What one production company's next sale brings each seat: its owner the net
    income, the ships' owners their fees."""
    co = st["companies"][cid]
    price = PRICES[co["type"]]
    out: dict[int, int] = {co["owner"]: 0}
    for r in routes(st, cid, net):
        passes = r["count"] * len(r["seas"])
        out[co["owner"]] += price * r["count"] - SHIP_FEE * passes
        ship_owner = st["companies"][r["ship"]]["owner"]
        out[ship_owner] = out.get(ship_owner, 0) + SHIP_FEE * passes
    return out


def own_production(st: State, seat: int) -> set[str]:
    """The seat's production companies."""
    return {cid for cid, co in st["companies"].items()
            if co["owner"] == seat and co["type"] != SHIPPING}


def served_by(st: State, ship_cid: str, extra_sea: int) -> set[str]:
    """Production companies whose goods could board this shipping company's ships (with
    one more in ``extra_sea``): a chain starts in a sea touching the goods."""
    seas = {int(s) for s in st["companies"][ship_cid]["ships"]} | {extra_sea}
    return {cid for cid, co in st["companies"].items() if co["type"] != SHIPPING
            and any(sea in seas for a in co["areas"] for sea in LAND_SEAS[a])}


def with_goods(st: State, cid: str, area: int) -> State:
    """A trial state in which company ``cid`` also holds a good in ``area``."""
    t = trial(st)
    co = t["companies"][cid]
    t["companies"][cid] = {**co, "areas": [*co["areas"], area]}
    return t


def with_ship(st: State, cid: str, sea: int) -> State:
    """A trial state in which shipping company ``cid`` has one more ship in ``sea``."""
    t = trial(st)
    co = t["companies"][cid]
    ships = dict(co["ships"])
    ships[str(sea)] = ships.get(str(sea), 0) + 1
    t["companies"][cid] = {**co, "ships": ships}
    return t


def with_deed(st: State, seat: int, deed: str, area: int) -> tuple[State, str]:
    """A trial state in which ``seat`` has started ``deed`` in ``area`` (and its id)."""
    t = trial(st)
    cid = "trial"
    shipping = DEEDS[deed]["type"] == SHIPPING
    t["companies"][cid] = {
        "id": cid, "type": DEEDS[deed]["type"], "owner": seat, "deeds": [deed],
        "areas": [] if shipping else [area], "ships": {str(area): 1} if shipping else {},
        "operated": False, "merged": False}
    return t, cid


def with_city(st: State, area: int) -> State:
    """A trial state with a new size-1 city in ``area``."""
    t = trial(st)
    t["cities"][str(area)] = {"size": 1, "delivered": {}}
    return t
