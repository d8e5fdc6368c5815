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

from engines.base import expand_template
from engines.indonesia.rules import free_slots, merger_pairs


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
