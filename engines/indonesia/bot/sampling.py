"""Determinization: a full Indonesia state rebuilt from one seat's view (for the bots).

What a seat cannot see (view.py): the other players' city cards (only their count), their
money when it is secret (cash, bank, this year's earnings), and bookkeeping the view leaves
out (the generator, the discarded deeds, the next company number, the year's start digest).
The year of the last progress (spec ruling 14) is public and copied.
The city cards are dealt again from the era's cards the seat does not hold (each player holds
the same number of every future era's cards; the rest of a hand is the current era's); secret
money is guessed around the seat's own (it is what the seat knows a player of the same game
can have); the bookkeeping is recomputed from the board.
"""

from __future__ import annotations

import random
from typing import Any

from engines.indonesia.data.components import DEEDS, ERAS

State = dict[str, Any]

#: City cards per era (A1..A5, B1..B5, C1..C5).
CARDS_PER_ERA = 5


def determinize(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A state whose ``build_view(state, seat)`` is ``view``, hidden parts drawn at random."""
    n = len(view["players"])
    me = view["players"][seat]
    money = {f: [p[f] for p in view["players"]] for f in ("cash", "bank", "earned", "bonus")}
    bids = {b["seat"]: b["bid"] for b in view["bids"]}
    for s in range(n):
        if money["cash"][s] is None:
            money["cash"][s] = _guess(me["cash"], rng)
            money["bank"][s] = max(bids.get(s, 0), _guess(me["bank"], rng))
            money["earned"][s] = _guess(me["earned"], rng)
            money["bonus"][s] = me["bonus"]

    companies = {co["id"]: {
        "id": co["id"], "type": co["type"], "owner": co["owner"], "deeds": list(co["deeds"]),
        "areas": list(co["areas"]), "ships": dict(co["ships"]), "operated": co["operated"],
        "merged": co["merged"]} for co in view["companies"]}
    step = _plain(view["step"])
    if step.get("kind") in ("bid", "research") and step.get("seat") is not None:
        step["i"] = view["order"].index(step["seat"])
    offered = [d["id"] for d in view["deeds"]]
    held = {d for co in companies.values() for d in co["deeds"]}
    era_index = ERAS.index(view["era"])
    discarded = [d for d in DEEDS if ERAS.index(DEEDS[d]["era"]) <= era_index
                 and d not in held and d not in offered]
    numbers = [int(cid[1:]) for cid in companies if cid[1:].isdigit()]
    return {
        "rng": rng.getrandbits(64),
        "players": n,
        "secret": view["secret"],
        "order": list(view["order"]),
        "cash": money["cash"], "bank": money["bank"],
        "earned": money["earned"], "bonus": money["bonus"],
        "research": [dict(p["research"]) for p in view["players"]],
        "hands": _hands(view, seat, rng),
        "era": view["era"],
        "year": view["year"],
        "phase": view["phase"],
        "deeds": offered,
        "discarded": discarded,
        "companies": companies,
        "next_id": max(numbers, default=0) + 1,
        "cities": {str(c["area"]): {"size": c["size"], "delivered": dict(c["delivered"])}
                   for c in view["cities"]},
        "stones": dict(view["stones"]),
        "step": step,
        "bids": [dict(b) for b in view["bids"]],
        "last_sale": _plain(view["last_sale"]),
        "final": _plain(view["final"]),
        "grown": [],
        "end": view["end"],
        # The start-of-year digest (spec ruling 13) hashes hidden money: unknown, so the
        # sampled future never ends as stalled on its account.
        "year_start": None,
        "last_progress": view["last_progress"],
    }


def _guess(own: int, rng: random.Random) -> int:
    """Another player's secret amount: somewhere around the seat's own."""
    return max(0, round(own * rng.uniform(0.6, 1.4)))


def _hands(view: dict[str, Any], seat: int, rng: random.Random) -> list[list[str]]:
    """Every hand: the seat's own, the others dealt from the cards it does not hold."""
    players = view["players"]
    n = len(players)
    per = 2 if n == 2 else 1
    own = list(players[seat]["cards"])
    now = ERAS.index(view["era"])
    future = [e.upper() for e in ERAS[now + 1:]]
    pools: dict[str, list[str]] = {}
    for e in ERAS[now:]:
        era = e.upper()
        pool = [f"{era}{i}" for i in range(1, CARDS_PER_ERA + 1) if f"{era}{i}" not in own]
        rng.shuffle(pool)
        pools[era] = pool
    current = view["era"].upper()
    hands: list[list[str]] = []
    for s in range(n):
        if s == seat:
            hands.append(own)
            continue
        count = players[s]["card_count"]
        hand: list[str] = []
        in_now = max(0, count - per * len(future))
        hand += [pools[current].pop() for _ in range(min(in_now, len(pools[current])))]
        for era in future:
            take = min(per, count - len(hand), len(pools[era]))
            hand += [pools[era].pop() for _ in range(take)]
        hands.append(sorted(hand))
    return hands


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v
