"""What the heuristic bot plans with beyond next year: how many operations are left, and
what a merger or a research step is worth over them.

Indonesia is short (6 to 8 operations phases) and scores money only, so a company is worth
the sales it still makes: next year's income (value) times the operations left, the last
one counted twice (spec ruling 7). Mergers are judged by every seat's change of worth: the
winner pays, the former owners share the price (spec ruling 3), and the merged company's
income moves to the winner; the bot wants its own gain to beat the others' (its lead).
"""

from __future__ import annotations

from engines.indonesia.bot import value
from engines.indonesia.data.components import DEEDS, ERAS, MERGER_UNIT_PRICE, SHIPPING
from engines.indonesia.flow import split_payment
from engines.indonesia.rules import units

State = dict

#: Operations phases an era lasts, by player count (measured over bot games: with more
#: players the deeds go faster).
ERA_OPS = {2: (3, 3, 2), 3: (3, 2, 2), 4: (2, 2, 2), 5: (2, 2, 2)}
ERA_DEEDS = {era: sum(1 for d in DEEDS.values() if d["era"] == era) for era in ERAS}
#: Phases of a year after which this year's operations are done.
AFTER_OPERATIONS = ("growth",)
#: A future year's income is less sure than next year's (cities, rivals, mergers).
CONFIDENCE = 0.8


def ops_left(st: State) -> int:
    """Operations phases still to come, this year's included until it is done."""
    lengths = ERA_OPS[min(5, max(2, st["players"]))]
    era = ERAS.index(st["era"])
    share = len(st["deeds"]) / max(1, ERA_DEEDS[st["era"]])
    current = max(1, round(lengths[era] * share))
    if st["phase"] in AFTER_OPERATIONS:
        current -= 1
    return current + sum(lengths[era + 1:])


def horizon(st: State) -> float:
    """How many times next year's income a steady company still brings: the operations
    left, the last doubled, discounted for uncertainty."""
    left = ops_left(st)
    return CONFIDENCE * (left + 1) if left > 0 else 0.0


def worth(st: State) -> list[float]:
    """Every seat's money plus its companies' income over the operations left."""
    h = horizon(st)
    return [st["cash"][s] + st["bank"][s] + h * earned
            for s, earned in enumerate(value.incomes(value.trial(st)))]


def merged_trial(st: State, a: str, b: str, owner: int, siap_faji: bool) -> State:
    """A trial state in which ``owner`` holds the merger of ``a`` and ``b`` (a siap faji
    merger keeps the first half of the goods, the removals being the owner's choice)."""
    t = value.trial(st)
    ca, cb = t["companies"].pop(a), t["companies"].pop(b)
    areas = sorted(ca["areas"] + cb["areas"])
    if siap_faji:
        areas = areas[:len(areas) - (len(areas) + 1) // 2]
    ships = dict(ca["ships"])
    for sea, n in cb["ships"].items():
        ships[sea] = ships.get(sea, 0) + n
    t["companies"]["merged"] = {
        "id": "merged", "type": "siap faji" if siap_faji else ca["type"], "owner": owner,
        "deeds": ca["deeds"] + cb["deeds"], "areas": areas, "ships": ships,
        "operated": False, "merged": True}
    return t


def merger_gains(st: State, a: str, b: str, winner: int, price: int,
                 siap_faji: bool, base: State | None = None) -> list[float]:
    """Every seat's change of worth if ``winner`` merges ``a`` and ``b`` at ``price``
    (``base``: ``value.trial(st)`` when the caller has it already)."""
    base = base if base is not None else value.trial(st)
    ca, cb = st["companies"][a], st["companies"][b]
    players = st["players"]
    change = [0.0] * players
    merged = merged_trial(st, a, b, winner, siap_faji)
    if ca["type"] == SHIPPING:
        # Ships serve every production company: the whole board's sales move.
        before, after = value.incomes(base), value.incomes(merged)
        change = [float(after[s] - before[s]) for s in range(players)]
    else:
        # Other companies sell as before (rivalry for a city's demand aside).
        net = value.network_key(base)
        for cid in (a, b):
            if st["companies"][cid]["areas"]:
                for s, amount in value.company_incomes(base, cid, net).items():
                    change[s] -= amount
        if merged["companies"]["merged"]["areas"]:
            # The merged company's goods were the two's: the ships and cities are as
            # before, so the network's key is the same.
            for s, amount in value.company_incomes(merged, "merged", net).items():
                change[s] += amount
    h = horizon(st)
    gains = [h * c for c in change]
    # A company that sells nothing yet still grows and sells later: its goods' nominal
    # value is what a buyer would pay for it, so count a little of it.
    ca, cb = st["companies"][a], st["companies"][b]
    nominal = 0.3 * (units(ca) + units(cb)) * (
        MERGER_UNIT_PRICE["rice+spice" if siap_faji else ca["type"]])
    gains[winner] += nominal
    for co in (ca, cb):
        share = units(co) / max(1, units(ca) + units(cb))
        gains[co["owner"]] -= nominal * share
    for s, amount in split_payment(st, price, ca, cb).items():
        gains[s] += amount
    gains[winner] -= price
    return gains


def lead_gain(gains: list[float], seat: int) -> float:
    """The seat's gain less the others' average gain (what it does to the seat's lead)."""
    others = [g for s, g in enumerate(gains) if s != seat]
    return gains[seat] - (sum(others) / len(others) if others else 0.0)


def is_siap_faji(st: State, a: str, b: str) -> bool:
    """A rice + spice merger (it becomes siap faji)."""
    return {st["companies"][a]["type"], st["companies"][b]["type"]} == {"rice", "spice"}


def shipping(st: State, cid: str) -> bool:
    """True for a shipping company."""
    return bool(st["companies"][cid]["type"] == SHIPPING)
