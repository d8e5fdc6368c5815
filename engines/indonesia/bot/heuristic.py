"""The test bot of spec ruling 10, built only on the legal templates.

It acquires whenever it can and, when it cannot (no free slot), researches Slots or Mergers;
otherwise it plays modestly at random (small turn-order bids, frequent merger announcements at
the minimum, rare raises, rarely paid expansions) so that games of bots reach the end of era c
without running out of the cash that mergers need. A bot that is *stuck* (no free slot and
no merger it can pay for) raises cash instead: it bids 0 and pays for no expansion (ruling 10
extended), so it never sits on full slots for ever.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engines.core.templates import expand_template
from engines.indonesia.bot import plan, value
from engines.indonesia.data.components import (
    BID_MULTIPLIER,
    DEEDS,
    MAX_LEVEL,
    PRICES,
    SHIPPING,
)
from engines.indonesia.rules import (
    free_slots,
    merger_kind,
    merger_pairs,
    minimum_bid,
    siap_faji_possible,
)


def choose(st: dict, seat: int, templates: list[dict], rng: random.Random) -> dict:
    """One concrete legal action for the seat."""
    if not templates:
        raise ValueError("There is nothing for this seat to do now.")
    by_type: dict[str, list[dict]] = {}
    for t in templates:
        by_type.setdefault(t["type"], []).append(t)
    kind = st["step"]["kind"]
    if kind == "acquire":
        if "acquire" in by_type:
            return expand_template(rng.choice(by_type["acquire"]), rng)
        return {"type": "pass"}
    if kind == "research":
        return _research(st, seat, by_type, rng)
    if kind == "bid":
        if stuck(st, seat):
            return {"type": "bid", "amount": 0}
        hi = templates[0]["amount"]["$range"][1]
        return {"type": "bid", "amount": rng.randint(0, min(hi, 3))}
    if kind == "announce":
        if "announce" in by_type and rng.random() < 0.7:
            t = rng.choice(by_type["announce"])
            return {"type": "announce", "a": t["a"], "b": t["b"], "bid": t["bid"]["$range"][0]}
        return {"type": "pass"}
    if kind == "auction":
        if "raise" in by_type and rng.random() < 0.3:
            return {"type": "raise", "amount": by_type["raise"][0]["amount"]["$range"][0]}
        return {"type": "pass"}
    if kind == "expand" and "pass" in by_type and (stuck(st, seat) or rng.random() < 0.8):
        return {"type": "pass"}  # paying to expand drains the cash mergers need
    if kind == "ships" and rng.random() < 0.3:
        return {"type": "pass"}
    options = [t for t in templates if t["type"] != "pass"] or templates
    return expand_template(rng.choice(options), rng)


def stuck(st: dict, seat: int) -> bool:
    """No free slot and no merger the seat could pay for: only cash and research help."""
    if free_slots(st, seat) > 0:
        return False
    cash = st["cash"][seat]
    return all(low > cash for *_, low in merger_pairs(st, seat))


def _research(st: dict, seat: int, by_type: dict, rng: random.Random) -> dict:
    free = st["research"][seat]["slots"] - sum(
        1 for co in st["companies"].values() if co["owner"] == seat)
    mine = [t for t in by_type.get("research", []) if t["player"] == seat]
    if free <= 0 and mine:
        tracks = mine[0]["track"]["$choice"]
        for want in ("slots", "mergers"):
            if want in tracks:
                return {"type": "research", "track": want, "player": seat}
    options = by_type.get("research", []) or by_type["pass"]
    return expand_template(rng.choice(options), rng)


# --- the heuristic of the easy and normal bots (engines.bots) ---------------------------------

#: Deed preference by type: dearer goods earn more per good sold; a first shipping company
#: earns the fees others pay (see ``_deed_value``).
SHIPPING_FIRST = 22
SHIPPING_MORE = 8
#: A start area whose good sells at once is worth this many times that sale (it grows).
GROWTH = 1.5
#: Placements tried per choice (the look-ahead must stay within a decision's 50 ms).
LOOK = 4
#: The turn-order bid: this fraction of the cash. A bid is banked, so it still scores: it
#: costs only the cash a merger could use, and going first (deeds, start areas, the first
#: sales to each city) is worth far more. Normal bots bidding a third beat those bidding a
#: fifth in 19 of 22 two-player games (+1000 rupiah a game); bidding nothing lost all 19.
BID_SHARE = 3
#: The beginner (easy) sees little worth in turn order: it bids a tenth.
BEGINNER_BID_SHARE = 10
#: Research wanted first to last when a slot is free (slots come first when none is).
RESEARCH_ORDER = ("expansion", "slots", "mergers", "bid", "hull")
#: A merger (or a raise) must do at least this much for the lead (rupiah).
MERGE_MARGIN = 10


def heuristic(st: dict, seat: int, templates: list[dict], rng: random.Random,
              noise: float, *, pairs: int | None = None) -> dict:
    """The obvious good move in each step: acquire the best deed while slots are free,
    research expansion and slots, merge its own companies at the minimum, operate every
    company, take every free expansion and ship (where they sell most), never pay for
    expansion, and bid a third of the cash for turn order when there are deeds to take
    (keeping the cash of its cheapest merger, and as the last bidder only what its place
    needs: ``_bid``). ``noise`` > 0 is the beginner (easy): that share of its moves are
    the test bot's, and it bids only a tenth for turn order."""
    if not templates:
        raise ValueError("There is nothing for this seat to do now.")
    if noise > 0 and rng.random() < noise:
        return choose(st, seat, templates, rng)  # the beginner's move: the test bot's
    by_type: dict[str, list[dict]] = {}
    for t in templates:
        by_type.setdefault(t["type"], []).append(t)
    kind = st["step"]["kind"]
    if kind == "cities":
        return _place_city(st, seat, by_type["place_city"])
    if kind == "bid":
        return _bid(st, seat, templates, BEGINNER_BID_SHARE if noise > 0 else BID_SHARE)
    if kind == "acquire":
        if "acquire" not in by_type:
            return {"type": "pass"}
        return _acquire(st, seat, by_type["acquire"])
    if kind == "research":
        return _research_heuristic(st, seat, by_type)
    if kind == "announce":
        return _announce(st, seat, by_type, pairs)
    if kind == "auction":
        return _auction(st, seat, by_type)
    if kind == "operate":
        t = min(templates, key=lambda t: (st["companies"][t["company"]]["type"] != SHIPPING,
                                          t["company"]))
        return dict(t)
    if kind == "expand":
        # Paid expansion follows a year with goods left unsold: more goods would not sell.
        if "expand" in by_type and not st["step"]["paid"]:
            return {"type": "expand", "area": ranked_expansions(st, seat, by_type)[0]}
        return {"type": "pass"}
    if kind == "ships":
        seas = ranked_seas(st, seat, by_type)
        return {"type": "place_ship", "sea": seas[0]} if seas else {"type": "pass"}
    if kind == "grow":
        return {"type": "grow", "city": templates[0]["city"]["$choice"][0]}
    if kind == "remove":
        return {"type": "remove_good", "area": templates[0]["area"]["$choice"][0]}
    return expand_template(templates[0], rng)


def _bid(st: dict, seat: int, templates: list[dict], share: int) -> dict:
    """A ``1/share`` of the cash for turn order when a slot is free and deeds wait (going
    first picks the deed and start area that sells best and sells first); else nothing.
    Never below the cash its cheapest merger needs (``merger_reserve``), and the last bidder
    pays only what its place in the new order needs: a bid that cannot win a place is
    cash the bot's next merger lacks (spec ruling 14: a 2-player hard bot bid a third of its
    cash every year against a rival who bid all of it, and starved)."""
    want = free_slots(st, seat) > 0 and bool(st["deeds"])
    if not want:
        return {"type": "bid", "amount": 0}
    hi = templates[0]["amount"]["$range"][1]
    cash = st["cash"][seat]
    budget = max(0, min(hi, cash // share, cash - merger_reserve(st, seat)))
    return {"type": "bid", "amount": least_bid_for_place(st, seat, budget)}


def merger_reserve(st: dict, seat: int) -> int:
    """The minimum bid of the cheapest merger of one of the seat's companies that it could
    ever announce (any Mergers level research can reach), 0 if there is none: the cash a
    bot keeps when it has no other way to progress (spec ruling 10's spirit, ruling 14)."""
    cos = list(st["companies"].values())
    costs = []
    for i, a in enumerate(cos):
        for b in cos[i + 1:]:
            if seat not in (a["owner"], b["owner"]):
                continue
            if len(a["deeds"]) + len(b["deeds"]) > MAX_LEVEL:
                continue
            kind = merger_kind(st, a, b)
            if kind is None or (kind == "rice+spice" and not siap_faji_possible(st, a, b)):
                continue
            costs.append(minimum_bid(a, b, kind))
    return min(costs, default=0)


def least_bid_for_place(st: dict, seat: int, budget: int) -> int:
    """The least bid that puts the seat as far ahead in the new turn order as ``budget``
    would. Only the last bidder knows every other count (bids are open); anyone earlier
    bids the budget."""
    if len(st["bids"]) < st["players"] - 1:
        return budget
    mult = BID_MULTIPLIER[st["research"][seat]["bid"]]
    old = st["order"]
    need = []
    for b in st["bids"]:
        # Ties keep the old order: ahead of a later seat at equal counts, else one more.
        ahead_on_tie = old.index(seat) < old.index(b["seat"])
        least = -(-b["counts"] // mult) if ahead_on_tie else b["counts"] // mult + 1
        if least <= budget:
            need.append(least)
    return max(need, default=0)


def _ranked(options: list[Any], worth: Callable[[Any], float]) -> list[Any]:
    """The options best first (the first of equals: options come sorted)."""
    scored = [(worth(o), -i, o) for i, o in enumerate(options)]
    scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
    return [o for *_, o in scored]


def _spread(options: list[Any], most: int) -> list[Any]:
    """At most ``most`` options, evenly spread over the list (to bound the look-ahead)."""
    if len(options) <= most:
        return options
    return [options[i * len(options) // most] for i in range(most)]


def ranked_expansions(st: dict, seat: int, by_type: dict) -> list[int]:
    """Areas for the operating company's next good, the one that sells most first."""
    if "expand" not in by_type:
        return []
    cid = st["step"]["company"]
    areas = by_type["expand"][0]["area"]["$choice"]
    return list(_ranked(_spread(areas, 2 * LOOK), lambda a: (
        value.company_income(value.with_goods(st, cid, a), cid, seat))))


def ranked_seas(st: dict, seat: int, by_type: dict) -> list[int]:
    """Seas for the operating shipping company's next ship, the one that earns most first."""
    seas = by_type["place_ship"][0]["sea"]["$choice"] if "place_ship" in by_type else []
    cid = st["step"]["company"] if seas else ""
    return list(_ranked(_spread(seas, LOOK), lambda sea: value.income(
        value.with_ship(st, cid, sea), seat, value.served_by(st, cid, sea))))


def ranked_cities(st: dict, seat: int, templates: list[dict]) -> list[tuple[str, int]]:
    """(card, area) of new cities, the one that makes the seat's companies (and ships)
    sell most next year first."""
    options = [(t["card"], a) for t in templates for a in _spread(t["area"]["$choice"], LOOK)]
    mine = value.own_production(st, seat)
    return list(_ranked(options, lambda o: value.income(value.with_city(st, o[1]), seat, mine)))


def _place_city(st: dict, seat: int, templates: list[dict]) -> dict:
    """The city that makes the seat's companies (and ships) sell most next year."""
    card, area = ranked_cities(st, seat, templates)[0]
    return {"type": "place_city", "card": card, "area": area}


def ranked_deeds(st: dict, seat: int, templates: list[dict]) -> list[tuple[str, int]]:
    """(deed, start area) best first: a good that sells at once (and so grows), or ships
    that carry goods, else the dearest good."""
    base = value.trial(st)

    def worth(o: tuple[str, int]) -> float:
        deed, area = o
        kind = DEEDS[deed]["type"]
        t, cid = value.with_deed(st, seat, deed, area)
        if kind == SHIPPING:
            mine = any(co["type"] == SHIPPING for co in st["companies"].values()
                       if co["owner"] == seat)
            near = value.served_by(t, cid, area)
            gain = value.income(t, seat, near) - value.income(base, seat, near)
            return (SHIPPING_MORE if mine else SHIPPING_FIRST) + gain
        sells = value.company_income(t, cid, seat)
        return PRICES[kind] + (GROWTH * sells if sells > 0 else 0)

    options = [(t["deed"], a) for t in templates for a in _spread(t["area"]["$choice"], LOOK)]
    return list(_ranked(options, worth))


def _acquire(st: dict, seat: int, templates: list[dict]) -> dict:
    """The deed and start area worth most (ranked_deeds)."""
    deed, area = ranked_deeds(st, seat, templates)[0]
    return {"type": "acquire", "deed": deed, "area": area}


def _research_heuristic(st: dict, seat: int, by_type: dict) -> dict:
    mine = [t for t in by_type.get("research", []) if t["player"] == seat]
    if not mine:
        return {"type": "pass"}
    tracks = mine[0]["track"]["$choice"]
    order = (("slots", "mergers") if free_slots(st, seat) <= 0 else ()) + RESEARCH_ORDER
    for want in order:
        if want in tracks:
            return {"type": "research", "track": want, "player": seat}
    return {"type": "pass"}


def _announce(st: dict, seat: int, by_type: dict, pairs: int | None = None) -> dict:
    """Announce the merger (at the minimum) that does most for the seat's lead if it wins
    it: the merged company's income over the operations left, less what it pays the
    others (spec ruling 3: the price goes to the former owners). ``pairs``: weigh only the
    that many dearest mergers (the search's playouts)."""
    best: tuple[float, dict] | None = None
    base = value.trial(st)
    offers = by_type.get("announce", [])
    if pairs is not None:
        offers = sorted(offers, key=lambda t: -t["bid"]["$range"][0])[:pairs]
    for t in offers:
        low = t["bid"]["$range"][0]
        if low > st["cash"][seat]:
            continue
        gain = plan.lead_gain(plan.merger_gains(
            st, t["a"], t["b"], seat, low, plan.is_siap_faji(st, t["a"], t["b"]), base), seat)
        if gain > MERGE_MARGIN and (best is None or gain > best[0]):
            best = (gain, t)
    if best is None:
        best = _unlock(st, seat, offers, base)
    if best is None:
        return {"type": "pass"}
    t = best[1]
    return {"type": "announce", "a": t["a"], "b": t["b"], "bid": t["bid"]["$range"][0]}


#: A locked game still going in this year is no game any more (a whole game has 6-8
#: operations phases): every bot then merges to end it, behind or not.
LOCKED_PATIENCE_YEAR = 30


def locked(st: dict) -> bool:
    """Every seat holds all the companies it ever may (Slots at the top, none free) while
    deeds wait: nobody can acquire, so the era, and the game, ends only once a merger
    frees a slot (a game of such bots ran for a hundred years)."""
    return bool(st["deeds"]) and all(
        st["research"][s]["slots"] >= MAX_LEVEL and free_slots(st, s) <= 0
        for s in range(st["players"]))


def _unlock(st: dict, seat: int, offers: list[dict],
            base: dict) -> tuple[float, dict] | None:
    """In a locked game the leader wants it to end: it announces the merger that costs its
    lead least (two of its own companies, or one of its own and another's: either frees a
    slot). A seat behind waits for the leader, but only so long: past
    :data:`LOCKED_PATIENCE_YEAR` any seat unlocks, so that a table whose leader cannot or
    will not merge (a beginner without cash) still ends."""
    if not locked(st):
        return None
    worth = plan.worth(st)
    behind = worth[seat] < max(w for s, w in enumerate(worth) if s != seat)
    if behind and st["year"] < LOCKED_PATIENCE_YEAR:
        return None
    best: tuple[float, dict] | None = None
    for t in offers:
        low = t["bid"]["$range"][0]
        owners = {st["companies"][t["a"]]["owner"], st["companies"][t["b"]]["owner"]}
        if low > st["cash"][seat] or seat not in owners:
            continue
        gain = plan.lead_gain(plan.merger_gains(
            st, t["a"], t["b"], seat, low, plan.is_siap_faji(st, t["a"], t["b"]), base), seat)
        if best is None or gain > best[0]:
            best = (gain, t)
    return best


def _auction(st: dict, seat: int, by_type: dict) -> dict:
    """Raise (by the least) while winning the merger at that price does more for the
    seat's lead than letting the leader have it at the high bid."""
    if "raise" not in by_type:
        return {"type": "pass"}
    step = st["step"]
    low = by_type["raise"][0]["amount"]["$range"][0]
    siap = bool(step["siap_faji"])
    base = value.trial(st)
    mine = plan.lead_gain(plan.merger_gains(st, step["a"], step["b"], seat, low, siap, base),
                          seat)
    theirs = plan.lead_gain(plan.merger_gains(st, step["a"], step["b"], step["leader"],
                                              step["high"], siap, base), seat)
    if mine > theirs + MERGE_MARGIN:
        return {"type": "raise", "amount": low}
    return {"type": "pass"}
