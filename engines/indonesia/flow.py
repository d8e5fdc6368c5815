"""The year's machine: each phase's start and the move on to whoever acts next.

The moves (the handlers of ``steps.STEPS``, one module per part of the year) change the state
and then call the ``*_next`` function of their phase here, which finds the next seat that
must act or starts the following phase, so a state always waits on exactly one seat
(``step["seat"]``) until the game is over. Every function mutates the (already copied) state
and appends to the log.
"""

from __future__ import annotations

from typing import Any

from engines.core.log import LogEntry, seat_ref
from engines.indonesia.data.components import CITY_CARDS, DEEDS, ERAS, MAX_CITY_SIZE
from engines.indonesia.places import city, company, deed, good_term
from engines.indonesia.rules import (
    after,
    era_cards,
    expansion_areas,
    free_slots,
    goods_on_board,
    merger_pairs,
    placeable_cards,
    ship_limit,
    standing,
    start_areas,
    to_operate,
    units,
)
from engines.indonesia.words import Log

State = dict

#: Years in a row without a deed started, a merger completed or a research step that end
#: the game (spec ruling 14).
QUIET_YEARS = 5
#: Why a game ended (``state["end"]``, the outcome's and the view's ``end``).
END_ERA_C = "era c"
END_STALLED = "stalled"
END_NO_PROGRESS = "no progress"


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
            end_game(st, log, END_ERA_C)
        else:
            new_era(st, ERAS[ERAS.index(st["era"]) + 1], log)
        return
    begin_bid(st, log)


def new_era(st: State, era: str, log: Log) -> None:
    """Discard the old deeds; players found cities, then the era's deeds are laid out."""
    if st["deeds"]:
        for d in st["deeds"]:
            log.append(LogEntry.say("indonesia.log.deed_unacquired", deed=deed(d)))
        st["discarded"].extend(st["deeds"])
        st["deeds"] = []
    st["era"] = era
    log.append(LogEntry.say("indonesia.log.era_begins", era=era))
    per = 2 if st["players"] == 2 else 1
    st["phase"] = "new_era"
    st["step"] = {"kind": "cities", "seat": None, "queue": st["order"] * per}
    cities_next(st, log)


def cities_next(st: State, log: Log) -> None:
    """Next city placement, discarding unusable cards; then lay out the era's deeds."""
    queue = st["step"]["queue"]
    while queue:
        seat = queue[0]
        usable = placeable_cards(st, seat)
        for c in era_cards(st, seat):
            if c not in usable:
                st["hands"][seat].remove(c)
                log.append(LogEntry.say("indonesia.log.card_discarded", seat=seat_ref(seat),
                                        card=c, provinces=", ".join(CITY_CARDS[c])))
        if usable:
            st["step"]["seat"] = seat
            return
        queue.pop(0)
    st["deeds"] = [d for d in DEEDS if DEEDS[d]["era"] == st["era"]]
    discard_unstartable(st, log)
    begin_bid(st, log)


def discard_unstartable(st: State, log: Log) -> None:
    """Deeds with no legal start area leave the game (spec ruling 1)."""
    for d in list(st["deeds"]):
        if not start_areas(st, d):
            st["deeds"].remove(d)
            st["discarded"].append(d)
            log.append(LogEntry.say("indonesia.log.deed_unstartable", deed=deed(d)))


# -- phase 2: turn order bids ----------------------------------------------------------------
def begin_bid(st: State, log: Log) -> None:
    """Phase 2: one bid each, in turn order."""
    st["phase"] = "bid"
    st["step"] = {"kind": "bid", "seat": st["order"][0], "i": 0}


def bid_next(st: State, log: Log) -> None:
    """The next bidder, or the new turn order by multiplied bid (ties keep the old order)."""
    step = st["step"]
    step["i"] += 1
    if step["i"] < len(st["order"]):
        step["seat"] = st["order"][step["i"]]
        return
    counts_by_seat = {b["seat"]: b["counts"] for b in st["bids"]}
    old = st["order"]
    st["order"] = sorted(old, key=lambda s: (-counts_by_seat[s], old.index(s)))
    # One parameter per place (p1 first): the catalogue words a list of 2 to 5 names.
    places: dict[str, Any] = {f"p{i + 1}": seat_ref(s) for i, s in enumerate(st["order"])}
    log.append(LogEntry.say("indonesia.log.turn_order", count=len(st["order"]), **places))
    begin_merger(st, log)


# -- phase 3: mergers ------------------------------------------------------------------------
def begin_merger(st: State, log: Log) -> None:
    """Phase 3: rounds of announcements; every company may merge again this year."""
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


def announcements_again(st: State, announcer: int, log: Log) -> None:
    """After a merger every seat may announce again, from the seat after the announcer."""
    st["step"] = {"kind": "announce", "seat": None, "passed": []}
    announce_next(st, after(st, announcer), log)


def auction_next(st: State, last: int, log: Log) -> None:
    """The next bidder after ``last`` who is not leading, or the merger when one is left."""
    step = st["step"]
    order = st["order"]
    if all(s == step["leader"] for s in step["bidders"]):
        resolve_merger(st, log)
        return
    pos = order.index(last)
    for k in range(1, len(order) + 1):
        s = order[(pos + k) % len(order)]
        if s in step["bidders"] and s != step["leader"]:
            step["seat"] = s
            return


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
    progressed(st)
    st["cash"][winner] -= price
    for s, amount in pay.items():
        st["cash"][s] += amount
    new = _merged_company(st, winner, step["a"], step["b"], step["siap_faji"])
    cid = new["id"]
    log.append(LogEntry.say(
        "indonesia.log.merger_won", seat=seat_ref(winner), price=price,
        good=good_term(new["type"]), company=company(cid),
        data={"company": cid, "price": price, "payout": {str(s): v for s, v in pay.items()}}))
    for s, amount in pay.items():
        log.append(LogEntry.say("indonesia.log.merger_payout", seat=seat_ref(s), amount=amount))
    if step["siap_faji"]:
        n = len(new["areas"])
        st["step"] = {"kind": "remove", "seat": winner, "company": cid, "left": (n + 1) // 2,
                      "announcer": step["announcer"]}
        return
    announcements_again(st, step["announcer"], log)


def _merged_company(st: State, winner: int, ida: str, idb: str, siap_faji: bool) -> dict:
    """Replace the two companies by their merger (a new id, the deeds stacked)."""
    a, b = st["companies"][ida], st["companies"][idb]
    cid = f"C{st['next_id']}"
    st["next_id"] += 1
    ships = dict(a["ships"])
    for sea, n in b["ships"].items():
        ships[sea] = ships.get(sea, 0) + n
    new = {"id": cid, "type": "siap faji" if siap_faji else a["type"],
           "owner": winner, "deeds": a["deeds"] + b["deeds"],
           "areas": sorted(a["areas"] + b["areas"]), "ships": ships,
           "operated": False, "merged": True}
    del st["companies"][ida]
    del st["companies"][idb]
    st["companies"][cid] = new
    return new


# -- phase 4: acquisitions -------------------------------------------------------------------
def begin_acquire(st: State, log: Log) -> None:
    """Phase 4: rounds of one free deed per turn."""
    st["phase"] = "acquire"
    st["step"] = {"kind": "acquire", "seat": None, "passed": []}
    discard_unstartable(st, log)
    acquire_next(st, 0, log)


def acquire_next(st: State, pos: int, log: Log) -> None:
    """The next seat with a free slot that has not passed, while deeds remain."""
    order = st["order"]
    if st["deeds"]:
        for k in range(len(order)):
            seat = order[(pos + k) % len(order)]
            if seat not in st["step"]["passed"] and free_slots(st, seat) > 0:
                st["step"]["seat"] = seat
                return
    begin_research(st, log)


# -- phase 5: research -----------------------------------------------------------------------
def begin_research(st: State, log: Log) -> None:
    """Phase 5: one step (or a pass) each, in turn order."""
    st["phase"] = "research"
    st["step"] = {"kind": "research", "seat": st["order"][0], "i": 0}


def research_next(st: State, log: Log) -> None:
    """The next researcher, or operations."""
    step = st["step"]
    step["i"] += 1
    if step["i"] < len(st["order"]):
        step["seat"] = st["order"][step["i"]]
    else:
        begin_operate(st, log)


# -- phase 6: operations ---------------------------------------------------------------------
def begin_operate(st: State, log: Log) -> None:
    """Phase 6: this phase's earnings start at 0; every company operates once."""
    st["phase"] = "operate"
    st["earned"] = [0] * st["players"]
    for co in st["companies"].values():
        co["operated"] = False
    st["step"] = {"kind": "operate", "seat": None}
    operate_next(st, 0, log)


def operate_next(st: State, pos: int, log: Log) -> None:
    """The next seat in turn order with a company still to operate, or city growth."""
    order = st["order"]
    for k in range(len(order)):
        seat = order[(pos + k) % len(order)]
        if to_operate(st, seat):
            st["step"] = {"kind": "operate", "seat": seat}
            return
    begin_growth(st, log)


def expand_next(st: State, log: Log) -> None:
    """The operating company expands on while it may, else the next seat operates."""
    step = st["step"]
    if step["left"] <= 0 or not expansion_areas(st, step["company"]):
        operate_next(st, after(st, step["seat"]), log)


def ships_next(st: State, log: Log) -> None:
    """The operating shipping company places on while it may, else the next seat."""
    step = st["step"]
    co = st["companies"][step["company"]]
    if step["left"] <= 0 or units(co) >= ship_limit(st, co):
        operate_next(st, after(st, step["seat"]), log)


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


def grow_city(st: State, area: int, log: Log) -> None:
    """One city grows one size; its smaller stone goes back to the supply."""
    c = st["cities"][str(area)]
    st["stones"][str(c["size"])] += 1
    c["size"] += 1
    st["stones"][str(c["size"])] -= 1
    # Replaced, never appended in place: the state copy shares this key.
    st["grown"] = [*st.get("grown", []), area]
    log.append(LogEntry.say("indonesia.log.city_grows", city=city(area), size=c["size"],
                            data={"area": area}))


def grow_run(st: State, pending: list[int], target: int, log: Log) -> None:
    """Grow cities to ``target`` then smaller targets; largest first, so a freed stone can
    serve a smaller city in the same phase."""
    while target >= 2:
        cands = [a for a in pending if st["cities"][str(a)]["size"] == target - 1]
        pending = [a for a in pending if a not in cands]
        avail = st["stones"][str(target)]
        if len(cands) <= avail:
            for a in cands:
                grow_city(st, a, log)
        elif avail > 0:
            st["step"] = {"kind": "grow", "seat": st["order"][0], "size": target,
                          "candidates": cands, "left": avail, "pending": pending}
            return
        else:
            for a in cands:
                log.append(LogEntry.say("indonesia.log.no_stone", size=target, city=city(a)))
        target -= 1
    end_year(st, log)


def end_year(st: State, log: Log) -> None:
    """Deliveries clear; a year in which nothing changed (spec ruling 13) or the fifth year in
    a row without progress (spec ruling 14) ends the game, any other year is followed by the
    next."""
    for c in st["cities"].values():
        c["delivered"] = {}
    year_summary(st, log)
    if st.get("last_progress") is None:
        # A game stored before ruling 14 (rules version 2) has no count: it starts now.
        st["last_progress"] = st["year"]
    if standing(st) == st.get("year_start"):
        end_game(st, log, END_STALLED)
    elif st["year"] - st["last_progress"] >= QUIET_YEARS:
        end_game(st, log, END_NO_PROGRESS)
    else:
        start_year(st, log)


def progressed(st: State) -> None:
    """A deed started, a merger completed or a research step taken: the game still moves on,
    and ruling 14's count of years without progress starts again."""
    st["last_progress"] = st["year"]


def year_summary(st: State, log: Log) -> None:
    """The year in one public line (cities grown), and each seat's net earnings of the
    operations: public with open money, told only to their owner with secret money."""
    grown = st.get("grown", [])
    log.append(LogEntry.say("indonesia.log.year_ends", year=st["year"], grown=len(grown),
                            data={"summary": {"year": st["year"], "grown": list(grown)}}))
    for seat in range(st["players"]):
        if st["secret"]:
            log.append(LogEntry.say("indonesia.log.your_earnings", year=st["year"],
                                    amount=st["earned"][seat], to=[seat]))
        else:
            log.append(LogEntry.say("indonesia.log.earnings", year=st["year"],
                                    seat=seat_ref(seat), amount=st["earned"][seat]))


# -- the end ---------------------------------------------------------------------------------
def end_game(st: State, log: Log, why: str = END_ERA_C) -> None:
    """The last operations' net income counts twice (spec ruling 7). A stalled game (a year
    in which nothing changed, spec ruling 13) and a game that no longer progresses (spec
    ruling 14) are scored the same way; ``why`` is one of the ``END_*`` reasons."""
    st["bonus"] = list(st["earned"])
    st["phase"] = "over"
    st["end"] = why
    st["step"] = {"kind": "over", "seat": None}
    st["final"] = [{"seat": s, "cash": st["cash"][s], "bank": st["bank"][s],
                    "bonus": st["bonus"][s],
                    "score": st["cash"][s] + st["bank"][s] + st["bonus"][s]}
                   for s in range(st["players"])]
    if why == END_STALLED:
        log.append(LogEntry.say("indonesia.log.stalled", year=st["year"]))
    elif why == END_NO_PROGRESS:
        log.append(LogEntry.say("indonesia.log.no_progress", years=QUIET_YEARS,
                                first=st["year"] - QUIET_YEARS + 1, last=st["year"]))
    else:
        log.append(LogEntry.say("indonesia.log.game_ends"))
    for f in st["final"]:
        log.append(LogEntry.say("indonesia.log.final_score", seat=seat_ref(f["seat"]),
                                score=f["score"], cash=f["cash"], bank=f["bank"],
                                bonus=f["bonus"]))

