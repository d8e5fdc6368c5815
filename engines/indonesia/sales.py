"""Checking a submitted sale routing, and the engine's proposed routing (spec ruling 5)."""

from __future__ import annotations

from typing import Any

from engines.core.errors import RuleError
from engines.indonesia.board import LAND_PROVINCE, LAND_SEAS, SEA_LANDS, SEA_NAMES, SEA_SEAS
from engines.indonesia.places import sea_term
from engines.indonesia.routing import Network, max_goods, solve, zone_seas
from engines.indonesia.rules import sale_network, zones

State = dict


def check_routing(st: State, cid: str, routes: list) -> int:
    """Validate an explicit sale routing; returns the goods sold. It must be maximal."""
    co = st["companies"][cid]
    net = sale_network(st, cid)
    zone_list = zones(co["areas"])
    zone_of = {a: i for i, z in enumerate(zone_list) for a in z}
    used_zone = [0] * len(zone_list)
    used_ship: dict[tuple[str, int], int] = {}
    used_city: dict[int, int] = {}
    for r in routes:
        zi = _check_route(r, net, zone_of, zone_list)
        used_zone[zi] += r.count
        for sea in r.seas:
            used_ship[(r.ship, sea)] = used_ship.get((r.ship, sea), 0) + r.count
        used_city[r.city] = used_city.get(r.city, 0) + r.count
    _check_capacities(net, zone_list, used_zone, used_ship, used_city)
    sold = sum(used_zone)
    best = max_goods(net)
    if sold < best:
        raise RuleError("indonesia.err.sell_most", best=best, sold=sold)
    return sold


def _check_route(r: Any, net: Network, zone_of: dict[int, int],
                 zone_list: list[list[int]]) -> int:
    """One route's path: own area, one company's ships in adjacent seas, a city at the end.
    Returns the route's zone."""
    if r.source not in zone_of:
        raise RuleError("indonesia.err.route_source")
    if r.ship not in net.ships:
        raise RuleError("indonesia.err.route_not_shipping", ship=r.ship)
    seas = r.seas
    if len(set(seas)) != len(seas):
        raise RuleError("indonesia.err.route_twice")
    for i, sea in enumerate(seas):
        if sea not in SEA_NAMES:
            raise RuleError("indonesia.err.route_no_sea", sea=sea)
        if sea not in net.ships[r.ship]:
            raise RuleError("indonesia.err.route_no_ship", ship=r.ship, sea=sea_term(sea))
        if i and sea not in SEA_SEAS[seas[i - 1]]:
            raise RuleError("indonesia.err.route_not_adjacent", a=sea_term(seas[i - 1]),
                            b=sea_term(sea))
    zi = zone_of[r.source]
    if seas[0] not in zone_seas(zone_list[zi]):
        raise RuleError("indonesia.err.route_start", sea=sea_term(seas[0]))
    if r.city not in net.demand:
        raise RuleError("indonesia.err.route_no_city")
    if r.city not in SEA_LANDS[seas[-1]]:
        raise RuleError("indonesia.err.route_end", sea=sea_term(seas[-1]),
                        province=LAND_PROVINCE[r.city])
    return zi


def _check_capacities(net: Network, zone_list: list[list[int]], used_zone: list[int],
                      used_ship: dict[tuple[str, int], int], used_city: dict[int, int]) -> None:
    """Zones, ships (x hull) and cities carry no more than they can."""
    for zi, z in enumerate(zone_list):
        if used_zone[zi] > len(z):
            raise RuleError("indonesia.err.zone_goods")
    for (ship, sea), n in used_ship.items():
        if n > net.ships[ship][sea]:
            raise RuleError("indonesia.err.ship_capacity", ship=ship, sea=sea_term(sea),
                            n=net.ships[ship][sea])
    for city, n in used_city.items():
        if n > net.demand[city]:
            raise RuleError("indonesia.err.city_demand", province=LAND_PROVINCE[city],
                            n=max(0, net.demand[city]))


def proposal(st: State, cid: str) -> list[dict]:
    """The engine's routing: best net income for the owner, then fewest ship passes."""
    co = st["companies"][cid]
    zone_list = zones(co["areas"])
    out = []
    for r in solve(sale_network(st, cid)):
        zone = zone_list[r["zone"]]
        src = min(a for a in zone if r["seas"][0] in LAND_SEAS[a])
        out.append({"from": src, "ship": r["ship"], "seas": r["seas"], "city": r["city"],
                    "count": r["count"]})
    return out
