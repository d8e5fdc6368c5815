"""Phase 6's moves: operating companies (spec ruling 5). A production company sells along
an explicit maximal routing, takes its income, pays the ship fees and expands; a shipping
company sails and may place ships."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.indonesia.actions import Expand, Pass, PlaceShip, Route, Sail, Sell
from engines.indonesia.data.components import PRICES, SHIP_FEE, SHIPPING
from engines.indonesia.flow import expand_next, operate_next, ships_next
from engines.indonesia.places import area as area_ref
from engines.indonesia.places import company, good_term
from engines.indonesia.places import sea as sea_ref
from engines.indonesia.rules import after, expansion_areas, ship_seas
from engines.indonesia.sales import check_routing
from engines.indonesia.words import Log


def _company_to_operate(st: dict, seat: int, cid: str, shipping: bool) -> dict:
    co = st["companies"].get(cid)
    if co is None or co["owner"] != seat or co["operated"]:
        raise RuleError("indonesia.err.operate_own")
    if (co["type"] == SHIPPING) != shipping:
        raise RuleError("indonesia.err.sail_or_sell")
    return co


def _earn(st: dict, seat: int, amount: int) -> None:
    st["cash"][seat] += amount
    st["earned"][seat] += amount


def _deliver(st: dict, good: str, routes: list[Route]) -> dict[int, int]:
    """Deliver the goods to their cities; returns the ship fees owed per ship owner."""
    fees: dict[int, int] = {}
    for r in routes:
        delivered = st["cities"][str(r.city)]["delivered"]
        delivered[good] = delivered.get(good, 0) + r.count
        owner = st["companies"][r.ship]["owner"]
        fees[owner] = fees.get(owner, 0) + SHIP_FEE * len(r.seas) * r.count
    return fees


def sell(st: dict, seat: int, action: Sell) -> Log:
    """Operate a production company: sell, take income, pay fees, then expand."""
    cid, routes = action.company, action.routes
    co = _company_to_operate(st, seat, cid, shipping=False)
    sold = check_routing(st, cid, routes)
    good = co["type"]
    fees = _deliver(st, good, routes)
    income = PRICES[good] * sold
    _earn(st, seat, income)
    for owner, fee in fees.items():
        _earn(st, seat, -fee)
        _earn(st, owner, fee)
    co["operated"] = True
    st["last_sale"] = {
        "company": cid, "owner": seat, "type": good, "sold": sold, "goods": len(co["areas"]),
        "routes": [r.model_dump(by_alias=True) for r in routes],
        "fees": {str(s): f for s, f in fees.items()}, "income": income}
    log: Log = []
    # Fees to the seller's own ships cost nothing (they go from one pocket to the other).
    paid = {s: f for s, f in fees.items() if s != seat}
    log.append(LogEntry.say("indonesia.log.sold", seat=seat_ref(seat), good=good_term(good),
                            company=company(cid), sold=sold, goods=len(co["areas"]),
                            income=income, fees=sum(paid.values()),
                            data={"sale": st["last_sale"]}))
    for owner, fee in paid.items():
        log.append(LogEntry.say("indonesia.log.ship_fees", seat=seat_ref(owner), amount=fee,
                                company=company(cid)))
    all_sold = sold == len(co["areas"])
    st["step"] = {"kind": "expand", "seat": seat, "company": cid,
                  "left": st["research"][seat]["expansion"], "paid": not all_sold}
    expand_next(st, log)
    return log


def expand(st: dict, seat: int, action: Expand) -> Log:
    """One more area: free when every good sold, else at the good's price (spec 5c)."""
    step = st["step"]
    cid, area = step["company"], action.area
    co = st["companies"][cid]
    if area not in expansion_areas(st, cid):
        raise RuleError("indonesia.err.expand_area")
    cost = PRICES[co["type"]] if step["paid"] else 0
    if cost and cost > st["cash"][seat]:  # a free expansion is owed even in debt
        raise RuleError("indonesia.err.expand_cost", cost=cost)
    log: Log = []
    _earn(st, seat, -cost)
    co["areas"].append(area)
    co["areas"].sort()
    step["left"] -= 1
    log.append(LogEntry.say("indonesia.log.expanded", seat=seat_ref(seat),
                            company=company(cid), area=area_ref(area), cost=cost,
                            data={"company": cid, "area": area, "cost": cost}))
    expand_next(st, log)
    return log


def sail(st: dict, seat: int, action: Sail) -> Log:
    """Operate a shipping company: it may add ships (spec ruling 5)."""
    cid = action.company
    _company_to_operate(st, seat, cid, shipping=True)
    log: Log = []
    st["companies"][cid]["operated"] = True
    log.append(LogEntry.say("indonesia.log.sailed", seat=seat_ref(seat), company=company(cid)))
    st["step"] = {"kind": "ships", "seat": seat, "company": cid,
                  "left": st["research"][seat]["expansion"]}
    ships_next(st, log)
    return log


def place_ship(st: dict, seat: int, action: PlaceShip) -> Log:
    """One new ship in or next to a sea holding the company's ships."""
    step = st["step"]
    cid, sea = step["company"], action.sea
    if sea not in ship_seas(st, cid):
        raise RuleError("indonesia.err.ship_sea")
    log: Log = []
    ships = st["companies"][cid]["ships"]
    ships[str(sea)] = ships.get(str(sea), 0) + 1
    step["left"] -= 1
    log.append(LogEntry.say("indonesia.log.ship_placed", seat=seat_ref(seat),
                            company=company(cid), sea=sea_ref(sea),
                            data={"company": cid, "sea": sea}))
    ships_next(st, log)
    return log


def operation_pass(st: dict, seat: int, action: Pass) -> Log:
    """Stop an optional expansion or ship placement."""
    step = st["step"]
    if step["kind"] == "expand" and not step["paid"]:
        raise RuleError("indonesia.err.must_expand")
    log: Log = []
    operate_next(st, after(st, seat), log)
    return log
