"""The hard bot's view of Indonesia: the few moves a good player would weigh at each step
(``candidates``, the heuristic's first) and the worth of a position (``evaluate``).

The search (engines/bots.py) only needs to tell a handful of sensible moves apart; a step
with one sensible move (operating a company, a forced expansion with one best area) is not
searched at all. A position is worth its money plus its companies' income over the
operations left (plan.horizon), the lead over the best other squashed to [0, 1].
"""

from __future__ import annotations

import math
import random
from typing import Any

from engines.core.templates import expand_template
from engines.indonesia.bot import heuristic as bot
from engines.indonesia.bot import plan
from engines.indonesia.data.components import MERGER_UNIT_PRICE, SHIPPING
from engines.indonesia.rules import units

State = dict
Action = dict[str, Any]

#: Places, deeds, seas or areas besides the heuristic's that the search weighs.
OTHERS = 2
#: Research tracks the search weighs besides the heuristic's (Turn Order Bid never).
RESEARCH_TRIED = ("slots", "mergers", "expansion", "hull")
#: The lead (rupiah) that makes a position worth about 0.88 (tanh(1)): a few years' income.
LEAD_SCALE = 200.0
#: Goods and ships count a little for themselves (a buyer pays their nominal value).
NOMINAL = 0.3


#: Steps whose choice shapes the game and whose effect ``evaluate`` sees within a playout
#: (where the search is worth its time); in the others the heuristic decides alone:
#: operating, placing goods and ships and growth (its look-ahead is exact enough), and the
#: turn-order bid and research, whose worth shows only a year later (a bid moves cash to
#: the bank, which scores the same; a research step changes next year's moves), so that
#: searching them only let the playouts' noise overrule the heuristic.
SEARCHED = ("cities", "announce", "auction", "acquire")


def candidates(st: State, seat: int, templates: list[dict], rng: random.Random,
               limit: int) -> list[Action]:
    """The heuristic's move first, then the few others worth searching (at most ``limit``)."""
    best = bot.heuristic(st, seat, templates, rng, 0.0)
    out: dict[str, Action] = {_key(best): best}
    if st["step"]["kind"] not in SEARCHED:
        return [best]
    for action in _alternatives(st, seat, templates, rng):
        out.setdefault(_key(action), action)
        if len(out) >= limit:
            break
    return list(out.values())


def _key(action: Action) -> str:
    return repr(sorted(action.items()))


def _alternatives(st: State, seat: int, templates: list[dict],
                  rng: random.Random) -> list[Action]:
    """Other sensible moves of the step, best first by the heuristic's own measure."""
    kind = st["step"]["kind"]
    by_type: dict[str, list[dict]] = {}
    for t in templates:
        by_type.setdefault(t["type"], []).append(t)
    if kind == "cities":
        return [{"type": "place_city", "card": c, "area": a}
                for c, a in bot.ranked_cities(st, seat, by_type["place_city"])[:OTHERS + 1]]
    if kind == "bid":
        hi = templates[0]["amount"]["$range"][1]
        return [{"type": "bid", "amount": a} for a in (0, hi // 3) if a <= hi]
    if kind == "acquire":
        ranked = bot.ranked_deeds(st, seat, by_type["acquire"]) if "acquire" in by_type else []
        return [*({"type": "acquire", "deed": d, "area": a} for d, a in ranked[:OTHERS + 1]),
                {"type": "pass"}]
    if kind == "research":
        mine = [t for t in by_type.get("research", []) if t["player"] == seat]
        tracks = mine[0]["track"]["$choice"] if mine else []
        return [*({"type": "research", "track": t, "player": seat}
                  for t in RESEARCH_TRIED if t in tracks), {"type": "pass"}]
    if kind == "announce":
        offers = sorted(by_type.get("announce", []), key=lambda t: -plan.lead_gain(
            plan.merger_gains(st, t["a"], t["b"], seat, t["bid"]["$range"][0],
                              plan.is_siap_faji(st, t["a"], t["b"])), seat))
        return [*({"type": "announce", "a": t["a"], "b": t["b"], "bid": t["bid"]["$range"][0]}
                  for t in offers[:OTHERS]), {"type": "pass"}]
    if kind == "auction":
        out: list[Action] = [{"type": "pass"}]
        if "raise" in by_type:
            out.append({"type": "raise", "amount": by_type["raise"][0]["amount"]["$range"][0]})
        return out
    if kind == "expand":
        out = [{"type": "expand", "area": a}
               for a in bot.ranked_expansions(st, seat, by_type)[:OTHERS]]
        return out + ([{"type": "pass"}] if "pass" in by_type else [])
    if kind == "ships":
        return [*({"type": "place_ship", "sea": s}
                  for s in bot.ranked_seas(st, seat, by_type)[:OTHERS]), {"type": "pass"}]
    if kind in ("grow", "remove"):
        return [expand_template(templates[0], rng)]
    return []


def worth(st: State) -> list[float]:
    """Every seat's money plus its companies' income over the operations left, and a
    little of their nominal value."""
    out = plan.worth(st)
    for co in st["companies"].values():
        kind = SHIPPING if co["type"] == SHIPPING else co["type"]
        out[co["owner"]] += NOMINAL * units(co) * MERGER_UNIT_PRICE[kind]
    return out


_last: list[Any] = [None, None, None]


def evaluate(st: State, seat: int) -> float:
    """The seat's lead over the best other in worth, squashed to [0, 1]."""
    # The search asks for every seat's value of one state in a row: work it out once (the
    # fingerprint guards against a state changed in place between two calls).
    mark = (tuple(st["cash"]), tuple(st["bank"]), id(st["companies"]), id(st["cities"]))
    if _last[0] is not st or _last[2] != mark:
        _last[:] = [st, worth(st), mark]
    w = _last[1]
    rest = max(x for s, x in enumerate(w) if s != seat)
    return 0.5 + 0.5 * math.tanh((w[seat] - rest) / LEAD_SCALE)

