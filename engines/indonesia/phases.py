"""The year's machine: each phase's start, the handling of its actions, and the move on.

Every function takes the (already cloned) state and a log list and mutates them. A phase's
``_next`` function finds the next seat that must act or starts the following phase, so a
state always waits on exactly one seat (``step["seat"]``) until the game is over.
"""

from __future__ import annotations

from engines.base import LogEntry, RuleError
from engines.indonesia.data.components import (
    BID_MULTIPLIER,
    CITY_CARDS,
    DEEDS,
    ERAS,
    MAX_CITY_SIZE,
    MAX_LEVEL,
    PRICES,
    SHIP_FEE,
    SHIPPING,
)
from engines.indonesia.places import land_name, sea_name
from engines.indonesia.rules import (
    city_areas,
    expansion_areas,
    forbidden_for,
    free_slots,
    goods_on_board,
    merger_pairs,
    owned,
    ship_limit,
    ship_seas,
    standing,
    start_areas,
    units,
)
from engines.indonesia.sales import check_routing

State = dict
Log = list[LogEntry]


def _say(log: Log, text: str, data: dict | None = None) -> None:
    log.append(LogEntry(text=text, data=data))


def _seat(s: int) -> str:
    return "{seat" + str(s) + "}"


def _after(st: State, seat: int) -> int:
    """Position in turn order just after the seat."""
    return (st["order"].index(seat) + 1) % len(st["order"])


def _deed_name(d: str) -> str:
    info = DEEDS[d]
    return f"{info['province']} {info['type']}"


def _company_name(st: State, cid: str) -> str:
    co = st["companies"][cid]
    return f"{co['type']} company {cid}"


# -- phase 1: new era ------------------------------------------------------------------------
def start_year(st: State, log: Log) -> None:
    """Phase 1: the era test, a new era (cities, deeds) or the end of the game."""
    st["year"] += 1
    st["year_start"] = standing(st)  # compared at the year's end (spec ruling 13)
    st["bids"] = []
    if st["year"] == 1:
        new_era(st, "a", log)
        return
    discard_unstartable(st, log)  # before the era test: it may end the era early
    types = {DEEDS[d]["type"] for d in st["deeds"]}
    if len(types) <= 1:
        if st["era"] == "c":
            end_game(st, log)
        else:
            new_era(st, ERAS[ERAS.index(st["era"]) + 1], log)
        return
    begin_bid(st, log)


def new_era(st: State, era: str, log: Log) -> None:
    """Discard the old deeds; players found cities, then the era's deeds are laid out."""
    if st["deeds"]:
        _say(log, "The unacquired deeds are discarded: "
             + ", ".join(_deed_name(d) for d in st["deeds"]) + ".")
        st["discarded"].extend(st["deeds"])
        st["deeds"] = []
    st["era"] = era
    _say(log, f"Era {era} begins.")
    per = 2 if st["players"] == 2 else 1
    st["phase"] = "new_era"
    st["step"] = {"kind": "cities", "seat": None, "queue": st["order"] * per}
    cities_next(st, log)


def _era_cards(st: State, seat: int) -> list[str]:
    era = st["era"].upper()
    return [c for c in st["hands"][seat] if c[0] == era]


def placeable_cards(st: State, seat: int) -> dict[str, list[int]]:
    """The seat's city cards of this era that can found a city, with their areas."""
    if st["stones"]["1"] <= 0:
        return {}
    out = {}
    for c in _era_cards(st, seat):
        areas = city_areas(st, CITY_CARDS[c])
        if areas:
            out[c] = areas
    return out


def cities_next(st: State, log: Log) -> None:
    """Next city placement, discarding unusable cards; then lay out the era's deeds."""
    queue = st["step"]["queue"]
    while queue:
        seat = queue[0]
        usable = placeable_cards(st, seat)
        for c in _era_cards(st, seat):
            if c not in usable:
                st["hands"][seat].remove(c)
                _say(log, f"{_seat(seat)}'s city card {c} ({', '.join(CITY_CARDS[c])}) has no "
                     "legal place and is discarded.")
        if usable:
            st["step"]["seat"] = seat
            return
        queue.pop(0)
    st["deeds"] = [d for d in DEEDS if DEEDS[d]["era"] == st["era"]]
    discard_unstartable(st, log)
    begin_bid(st, log)


def place_city(st: State, seat: int, card: str, area: int, log: Log) -> None:
    """Found a size-1 city from a city card."""
    usable = placeable_cards(st, seat)
    if card not in usable:
        raise RuleError("You cannot found a city with that card now.")
    if area not in usable[card]:
        raise RuleError("A city must go in an empty coastal area of one of the card's "
                        "provinces, one city per province.")
    st["hands"][seat].remove(card)
    st["cities"][str(area)] = {"size": 1, "delivered": {}}
    st["stones"]["1"] -= 1
    st["step"]["queue"].pop(0)
    _say(log, f"{_seat(seat)} founds a city in {land_name(area)} (card {card}).", {"area": area})
    cities_next(st, log)


def discard_unstartable(st: State, log: Log) -> None:
    """Deeds with no legal start area leave the game (spec ruling 1)."""
    for d in list(st["deeds"]):
        if not start_areas(st, d):
            st["deeds"].remove(d)
            st["discarded"].append(d)
            _say(log, f"The {_deed_name(d)} deed cannot start anywhere and is discarded.")


# -- phase 2: turn order bids ----------------------------------------------------------------
def begin_bid(st: State, log: Log) -> None:
    st["phase"] = "bid"
    st["step"] = {"kind": "bid", "seat": st["order"][0], "i": 0}


def bid(st: State, seat: int, amount: int, log: Log) -> None:
    """An open turn-order bid; the money goes to the bank (spec ruling 2)."""
    if amount > max(0, st["cash"][seat]):
        raise RuleError("You cannot bid more money than you have.")
    st["cash"][seat] -= amount
    st["bank"][seat] += amount
    counts = amount * BID_MULTIPLIER[st["research"][seat]["bid"]]
    st["bids"].append({"seat": seat, "bid": amount, "counts": counts})
    _say(log, f"{_seat(seat)} bids {amount} for turn order (counts {counts}).")
    step = st["step"]
    step["i"] += 1
    if step["i"] < len(st["order"]):
        step["seat"] = st["order"][step["i"]]
        return
    counts_by_seat = {b["seat"]: b["counts"] for b in st["bids"]}
    old = st["order"]
    st["order"] = sorted(old, key=lambda s: (-counts_by_seat[s], old.index(s)))
    _say(log, "New turn order: " + ", ".join(_seat(s) for s in st["order"]) + ".")
    begin_merger(st, log)


# -- phase 3: mergers ------------------------------------------------------------------------
def begin_merger(st: State, log: Log) -> None:
    st["phase"] = "merger"
    for co in st["companies"].values():
        co["merged"] = False
    st["step"] = {"kind": "announce", "seat": None, "passed": []}
    announce_next(st, 0, log)


def announce_next(st: State, pos: int, log: Log) -> None:
    """The next seat (from a turn-order position) that may announce and has not passed."""
    order = st["order"]
    passed = st["step"]["passed"]
    for k in range(len(order)):
        seat = order[(pos + k) % len(order)]
        if seat not in passed and merger_pairs(st, seat):
            st["step"]["seat"] = seat
            return
    begin_acquire(st, log)


def announce(st: State, seat: int, a: str, b: str, amount: int, log: Log) -> None:
    """Announce a merger with an opening bid (spec ruling 3)."""
    pairs = {frozenset((x, y)): (kind, u, low) for x, y, kind, u, low in merger_pairs(st, seat)}
    key = frozenset((a, b))
    if a == b or key not in pairs:
        raise RuleError("You may not announce a merger of those two companies.")
    kind, u, low = pairs[key]
    if amount < low or amount % u:
        raise RuleError(_multiples(u, low, "open"))
    if amount > st["cash"][seat]:
        raise RuleError("You cannot bid more money than you have.")
    owners = {st["companies"][a]["owner"], st["companies"][b]["owner"]}
    bidders = [s for s in st["order"] if free_slots(st, s) > 0 or s in owners]
    st["step"] = {"kind": "auction", "seat": None, "a": a, "b": b, "announcer": seat,
                  "units": u, "high": amount, "leader": seat, "bidders": bidders,
                  "siap_faji": kind == "rice+spice"}
    _say(log, f"{_seat(seat)} announces a merger of {_company_name(st, a)} and "
         f"{_company_name(st, b)}, opening at {amount}.")
    auction_next(st, seat, log)


def _multiples(units: int, low: int, verb: str) -> str:
    """Why a merger bid is refused (spec ruling 3 amended: every bid a multiple of the units)."""
    steps = ", ".join(str(low + k * units) for k in range(3))
    return (f"Merger bids are multiples of the {units} units merged: {verb} at {steps} "
            "and so on.")


def auction_next(st: State, after: int, log: Log) -> None:
    step = st["step"]
    order = st["order"]
    if all(s == step["leader"] for s in step["bidders"]):
        resolve_merger(st, log)
        return
    pos = order.index(after)
    for k in range(1, len(order) + 1):
        s = order[(pos + k) % len(order)]
        if s in step["bidders"] and s != step["leader"]:
            step["seat"] = s
            return


def raise_bid(st: State, seat: int, amount: int, log: Log) -> None:
    """Raise by a multiple of the units, never above your cash."""
    step = st["step"]
    u = step["units"]
    if amount < step["high"] + u or amount % u:
        raise RuleError(_multiples(u, step["high"] + u, "raise"))
    if amount > st["cash"][seat]:
        raise RuleError("You cannot bid more money than you have.")
    step["high"] = amount
    step["leader"] = seat
    _say(log, f"{_seat(seat)} bids {amount}.")
    auction_next(st, seat, log)


def auction_pass(st: State, seat: int, log: Log) -> None:
    st["step"]["bidders"].remove(seat)
    _say(log, f"{_seat(seat)} drops out of the bidding.")
    auction_next(st, seat, log)


def split_payment(st: State, price: int, a: dict, b: dict) -> dict[int, int]:
    """Former owners share the price in proportion to their units; the rounding remainder
    goes to the earlier owner in turn order (spec ruling 3)."""
    ua, ub = units(a), units(b)
    total = ua + ub
    pay = {a["owner"]: 0, b["owner"]: 0}
    pay[a["owner"]] += price * ua // total
    pay[b["owner"]] += price * ub // total
    rest = price - price * ua // total - price * ub // total
    first = min((a["owner"], b["owner"]), key=st["order"].index)
    pay[first] += rest
    return pay


def resolve_merger(st: State, log: Log) -> None:
    """The last bidder pays; the deeds stack into one new company."""
    step = st["step"]
    winner, price = step["leader"], step["high"]
    a, b = st["companies"][step["a"]], st["companies"][step["b"]]
    pay = split_payment(st, price, a, b)
    st["cash"][winner] -= price
    for s, amount in pay.items():
        st["cash"][s] += amount
    cid = f"C{st['next_id']}"
    st["next_id"] += 1
    ships = dict(a["ships"])
    for sea, n in b["ships"].items():
        ships[sea] = ships.get(sea, 0) + n
    new = {"id": cid, "type": "siap faji" if step["siap_faji"] else a["type"],
           "owner": winner, "deeds": a["deeds"] + b["deeds"],
           "areas": sorted(a["areas"] + b["areas"]), "ships": ships,
           "operated": False, "merged": True}
    del st["companies"][step["a"]]
    del st["companies"][step["b"]]
    st["companies"][cid] = new
    _say(log, f"{_seat(winner)} wins the merger for {price}, forming {new['type']} company "
         f"{cid}; paid out: " + ", ".join(f"{_seat(s)} {v}" for s, v in pay.items()) + ".",
         {"company": cid, "price": price, "payout": {str(s): v for s, v in pay.items()}})
    announcer = step["announcer"]
    if step["siap_faji"]:
        n = len(new["areas"])
        st["step"] = {"kind": "remove", "seat": winner, "company": cid, "left": (n + 1) // 2,
                      "announcer": announcer}
        return
    st["step"] = {"kind": "announce", "seat": None, "passed": []}
    announce_next(st, _after(st, announcer), log)


def removal_choices(st: State) -> list[int]:
    """Goods the new siap faji company may give up next: those touching another siap faji
    company first (spec ruling 3)."""
    cid = st["step"]["company"]
    areas = st["companies"][cid]["areas"]
    bad = forbidden_for(st, "siap faji", cid)
    touching = [a for a in areas if a in bad]
    return sorted(touching or areas)


def remove_good(st: State, seat: int, area: int, log: Log) -> None:
    if area not in removal_choices(st):
        raise RuleError("Remove a good of the new company (first those touching another "
                        "siap faji company).")
    step = st["step"]
    st["companies"][step["company"]]["areas"].remove(area)
    step["left"] -= 1
    _say(log, f"{_seat(seat)} removes the good in {land_name(area)}.", {"area": area})
    if step["left"] == 0:
        announcer = step["announcer"]
        st["step"] = {"kind": "announce", "seat": None, "passed": []}
        announce_next(st, _after(st, announcer), log)


def announce_pass(st: State, seat: int, log: Log) -> None:
    st["step"]["passed"].append(seat)
    announce_next(st, _after(st, seat), log)


# -- phase 4: acquisitions -------------------------------------------------------------------
def begin_acquire(st: State, log: Log) -> None:
    st["phase"] = "acquire"
    st["step"] = {"kind": "acquire", "seat": None, "passed": []}
    discard_unstartable(st, log)
    acquire_next(st, 0, log)


def acquire_next(st: State, pos: int, log: Log) -> None:
    order = st["order"]
    if st["deeds"]:
        for k in range(len(order)):
            seat = order[(pos + k) % len(order)]
            if seat not in st["step"]["passed"] and free_slots(st, seat) > 0:
                st["step"]["seat"] = seat
                return
    begin_research(st, log)


def acquire(st: State, seat: int, deed: str, area: int, log: Log) -> None:
    """Start a company for free in a legal start area (spec ruling 4)."""
    if deed not in st["deeds"]:
        raise RuleError("That deed is not available.")
    if area not in start_areas(st, deed):
        what = "sea next to" if DEEDS[deed]["type"] == SHIPPING else "empty area of"
        raise RuleError(f"The company must start in a {what} {DEEDS[deed]['province']}"
                        " (goods never next to another company's goods of the same type).")
    cid = f"C{st['next_id']}"
    st["next_id"] += 1
    info = DEEDS[deed]
    shipping = info["type"] == SHIPPING
    st["companies"][cid] = {
        "id": cid, "type": info["type"], "owner": seat, "deeds": [deed],
        "areas": [] if shipping else [area], "ships": {str(area): 1} if shipping else {},
        "operated": False, "merged": False}
    st["deeds"].remove(deed)
    where = sea_name(area) if shipping else land_name(area)
    _say(log, f"{_seat(seat)} starts the {_deed_name(deed)} company {cid} in {where}.",
         {"company": cid, "area": area})
    discard_unstartable(st, log)
    acquire_next(st, _after(st, seat), log)


def acquire_pass(st: State, seat: int, log: Log) -> None:
    st["step"]["passed"].append(seat)
    _say(log, f"{_seat(seat)} passes on acquisitions.")
    acquire_next(st, _after(st, seat), log)


# -- phase 5: research -----------------------------------------------------------------------
def begin_research(st: State, log: Log) -> None:
    st["phase"] = "research"
    st["step"] = {"kind": "research", "seat": st["order"][0], "i": 0}


def research(st: State, seat: int, track: str, player: int, log: Log) -> None:
    """One step on one track; Hull may be advanced for another player instead."""
    if player >= st["players"]:
        raise RuleError("There is no such player.")
    if player != seat and track != "hull":
        raise RuleError("Only Hull may be advanced for another player.")
    if st["research"][player][track] >= MAX_LEVEL:
        raise RuleError("That track is already at its top level.")
    st["research"][player][track] += 1
    whose = "" if player == seat else f" for {_seat(player)}"
    _say(log, f"{_seat(seat)} researches {track}{whose} (now {st['research'][player][track]}).")
    research_next(st, log)


def research_next(st: State, log: Log) -> None:
    step = st["step"]
    step["i"] += 1
    if step["i"] < len(st["order"]):
        step["seat"] = st["order"][step["i"]]
    else:
        begin_operate(st, log)


# -- phase 6: operations ---------------------------------------------------------------------
def begin_operate(st: State, log: Log) -> None:
    st["phase"] = "operate"
    st["earned"] = [0] * st["players"]
    for co in st["companies"].values():
        co["operated"] = False
    st["step"] = {"kind": "operate", "seat": None}
    operate_next(st, 0, log)


def to_operate(st: State, seat: int) -> list[str]:
    """The seat's companies that have not operated yet this phase."""
    return [cid for cid in owned(st, seat) if not st["companies"][cid]["operated"]]


def operate_next(st: State, pos: int, log: Log) -> None:
    order = st["order"]
    for k in range(len(order)):
        seat = order[(pos + k) % len(order)]
        if to_operate(st, seat):
            st["step"] = {"kind": "operate", "seat": seat}
            return
    begin_growth(st, log)


def _company_to_operate(st: State, seat: int, cid: str, shipping: bool) -> dict:
    co = st["companies"].get(cid)
    if co is None or co["owner"] != seat or co["operated"]:
        raise RuleError("Operate one of your companies that has not operated yet.")
    if (co["type"] == SHIPPING) != shipping:
        raise RuleError("Shipping companies sail; production companies sell.")
    return co


def sell(st: State, seat: int, cid: str, routes: list, log: Log) -> None:
    """Operate a production company: sell, take income, pay fees, then expand."""
    co = _company_to_operate(st, seat, cid, shipping=False)
    sold = check_routing(st, cid, routes)
    good = co["type"]
    price = PRICES[good]
    fees: dict[int, int] = {}
    for r in routes:
        st["cities"][str(r.city)]["delivered"][good] = (
            st["cities"][str(r.city)]["delivered"].get(good, 0) + r.count)
        owner = st["companies"][r.ship]["owner"]
        fees[owner] = fees.get(owner, 0) + SHIP_FEE * len(r.seas) * r.count
    income = price * sold
    _earn(st, seat, income)
    for owner, fee in fees.items():
        _earn(st, seat, -fee)
        _earn(st, owner, fee)
    co["operated"] = True
    st["last_sale"] = {
        "company": cid, "owner": seat, "type": good, "sold": sold, "goods": len(co["areas"]),
        "routes": [r.model_dump(by_alias=True) for r in routes],
        "fees": {str(s): f for s, f in fees.items()}, "income": income}
    fee_text = ", ".join(f"{f} to {_seat(s)}" for s, f in fees.items()) or "no fees"
    _say(log, f"{_seat(seat)}'s {good} company {cid} sells {sold} of {len(co['areas'])} goods "
         f"for {income} ({fee_text}).", {"sale": st["last_sale"]})
    all_sold = sold == len(co["areas"])
    st["step"] = {"kind": "expand", "seat": seat, "company": cid,
                  "left": st["research"][seat]["expansion"], "paid": not all_sold}
    expand_check(st, log)


def _earn(st: State, seat: int, amount: int) -> None:
    st["cash"][seat] += amount
    st["earned"][seat] += amount


def expand_check(st: State, log: Log) -> None:
    step = st["step"]
    if step["left"] <= 0 or not expansion_areas(st, step["company"]):
        operate_next(st, _after(st, step["seat"]), log)


def expand(st: State, seat: int, area: int, log: Log) -> None:
    """One more area: free when every good sold, else at the good's price (spec 5c)."""
    step = st["step"]
    cid = step["company"]
    co = st["companies"][cid]
    if area not in expansion_areas(st, cid):
        raise RuleError("Expand into an empty area next to the company, not next to another "
                        "company's goods of the same type.")
    cost = PRICES[co["type"]] if step["paid"] else 0
    if cost > st["cash"][seat]:
        raise RuleError(f"You cannot pay {cost} for this expansion.")
    _earn(st, seat, -cost)
    co["areas"].append(area)
    co["areas"].sort()
    step["left"] -= 1
    _say(log, f"{_seat(seat)}'s company {cid} expands into {land_name(area)}"
         + (f" for {cost}." if cost else "."), {"company": cid, "area": area, "cost": cost})
    expand_check(st, log)


def sail(st: State, seat: int, cid: str, log: Log) -> None:
    """Operate a shipping company: it may add ships (spec ruling 5)."""
    _company_to_operate(st, seat, cid, shipping=True)
    st["companies"][cid]["operated"] = True
    _say(log, f"{_seat(seat)} operates shipping company {cid}.")
    st["step"] = {"kind": "ships", "seat": seat, "company": cid,
                  "left": st["research"][seat]["expansion"]}
    ships_check(st, log)


def ships_check(st: State, log: Log) -> None:
    step = st["step"]
    co = st["companies"][step["company"]]
    if step["left"] <= 0 or units(co) >= ship_limit(st, co):
        operate_next(st, _after(st, step["seat"]), log)


def place_ship(st: State, seat: int, sea: int, log: Log) -> None:
    step = st["step"]
    cid = step["company"]
    if sea not in ship_seas(st, cid):
        raise RuleError("A new ship goes in or next to a sea holding the company's ships.")
    ships = st["companies"][cid]["ships"]
    ships[str(sea)] = ships.get(str(sea), 0) + 1
    step["left"] -= 1
    _say(log, f"{_seat(seat)}'s shipping company {cid} places a ship in {sea_name(sea)}.",
         {"company": cid, "sea": sea})
    ships_check(st, log)


def operation_pass(st: State, seat: int, log: Log) -> None:
    step = st["step"]
    if step["kind"] == "expand" and not step["paid"]:
        raise RuleError("Every good was sold: the company must expand.")
    operate_next(st, _after(st, seat), log)


# -- phase 7: city growth --------------------------------------------------------------------
def begin_growth(st: State, log: Log) -> None:
    """Cities supplied with every type of good on the board grow (spec ruling 6)."""
    st["phase"] = "growth"
    st["grown"] = []
    on_board = [g for g, n in goods_on_board(st).items() if n > 0]
    growers = []
    for a, c in st["cities"].items():
        if c["size"] < MAX_CITY_SIZE and on_board and all(
                c["delivered"].get(g, 0) >= c["size"] for g in on_board):
            growers.append(int(a))
    grow_run(st, sorted(growers), MAX_CITY_SIZE, log)


def _grow_city(st: State, area: int, log: Log) -> None:
    c = st["cities"][str(area)]
    st["stones"][str(c["size"])] += 1
    c["size"] += 1
    st["stones"][str(c["size"])] -= 1
    # Replaced, never appended in place: the engine's state copy shares unlisted keys.
    st["grown"] = [*st.get("grown", []), area]
    _say(log, f"The city in {land_name(area)} grows to size {c['size']}.", {"area": area})


def grow_run(st: State, pending: list[int], target: int, log: Log) -> None:
    """Grow cities to ``target`` then smaller targets; largest first, so a freed stone can
    serve a smaller city in the same phase."""
    while target >= 2:
        cands = [a for a in pending if st["cities"][str(a)]["size"] == target - 1]
        pending = [a for a in pending if a not in cands]
        avail = st["stones"][str(target)]
        if len(cands) <= avail:
            for a in cands:
                _grow_city(st, a, log)
        elif avail > 0:
            st["step"] = {"kind": "grow", "seat": st["order"][0], "size": target,
                          "candidates": cands, "left": avail, "pending": pending}
            return
        else:
            _say(log, f"No size-{target} city stones are left; "
                 + ", ".join(land_name(a) for a in cands) + " cannot grow.")
        target -= 1
    for c in st["cities"].values():
        c["delivered"] = {}
    year_summary(st, log)
    if standing(st) == st.get("year_start"):
        end_game(st, log, stalled=True)
    else:
        start_year(st, log)


def year_summary(st: State, log: Log) -> None:
    """The year in one public line (cities grown), and each seat's net earnings of the
    operations: public with open money, told only to their owner with secret money."""
    grown = st.get("grown", [])
    cities = ", ".join(f"{land_name(a)} (now {st['cities'][str(a)]['size']})" for a in grown)
    _say(log, f"Year {st['year']} ends. Cities grown: {cities or 'none'}.",
         {"summary": {"year": st["year"], "grown": list(grown)}})
    if st["secret"]:
        for seat in range(st["players"]):
            log.append(LogEntry(
                text=f"Your net earnings in year {st['year']}: {st['earned'][seat]} Rp.",
                to=[seat]))
    else:
        _say(log, f"Net earnings in year {st['year']}: " + ", ".join(
            f"{_seat(s)} {st['earned'][s]} Rp" for s in range(st["players"])) + ".")


def grow(st: State, seat: int, city: int, log: Log) -> None:
    """The first player picks a city to grow when stones run short."""
    step = st["step"]
    if city not in step["candidates"]:
        raise RuleError("Choose one of the cities that may grow.")
    _grow_city(st, city, log)
    step["candidates"].remove(city)
    step["left"] -= 1
    if step["left"] == 0:
        grow_run(st, step["pending"], step["size"] - 1, log)


# -- the end ---------------------------------------------------------------------------------
def end_game(st: State, log: Log, *, stalled: bool = False) -> None:
    """The last operations' net income counts twice (spec ruling 7). A stalled game (a year
    in which nothing changed, spec ruling 13) is scored the same way."""
    st["bonus"] = list(st["earned"])
    st["phase"] = "over"
    st["end"] = "stalled" if stalled else "era c"
    st["step"] = {"kind": "over", "seat": None}
    st["final"] = [{"seat": s, "cash": st["cash"][s], "bank": st["bank"][s],
                    "bonus": st["bonus"][s],
                    "score": st["cash"][s] + st["bank"][s] + st["bonus"][s]}
                   for s in range(st["players"])]
    why = (f"Nothing changed in year {st['year']}, and nothing ever can: the game is stalled "
           "and ends." if stalled else "Era c is over: the game ends.")
    _say(log, why + " Final scores: "
         + ", ".join(f"{_seat(f['seat'])} {f['score']}" for f in st["final"]) + ".")
