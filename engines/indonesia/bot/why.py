"""Why an Indonesia move is good, in one line (issue 41's hints), from the seat's view only.

The heuristic (heuristic.py, value.py) plays for cash: it sells every good its companies can
bring to a city, grows them where the goods will sell, buys deeds of the dearest goods, bids
for turn order only as far as the step is worth it, and merges companies whose units come
cheap. The reasons name that: the goods and the rupiah a sale brings, the deed's good and
province, the merger's price against the units it brings.
"""

from __future__ import annotations

from typing import Any

from engines.indonesia.data.components import MERGER_UNIT_PRICE, PRICES

#: Moves whose reason needs nothing from the view: the action type's own line.
PLAIN = {
    "sail": "indonesia.why.sail",
    "place_ship": "indonesia.why.place_ship",
    "expand": "indonesia.why.expand",
    "grow": "indonesia.why.grow",
    "place_city": "indonesia.why.place_city",
    "pass": "indonesia.why.pass",
    "remove_good": "indonesia.why.remove_good",
}


def _good(kind: str) -> dict[str, str]:
    return {"term": "indonesia.good." + kind.replace(" ", "_")}


def _company(view: dict[str, Any], cid: Any) -> dict[str, Any] | None:
    return next((c for c in view.get("companies") or [] if c.get("id") == cid), None)


def _sell(view: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    company = _company(view, action.get("company"))
    routes = [r for r in action.get("routes") or [] if isinstance(r, dict)]
    goods = sum(int(r.get("count") or 0) for r in routes)
    if company is None or not goods or company["type"] not in PRICES:
        return {"key": "indonesia.why.sell_nothing", "params": {}}
    return {"key": "indonesia.why.sell",
            "params": {"n": goods, "good": _good(company["type"]),
                       "rp": goods * PRICES[company["type"]]}}


def _merger(view: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    parts = [c for c in (_company(view, action.get("a")), _company(view, action.get("b"))) if c]
    units = sum(int(c["units"]) for c in parts)
    kinds = {c["type"] for c in parts}
    # The rules' price per unit (rules.minimum_bid): the one type's, or rice and spice's.
    kind = kinds.pop() if len(kinds) == 1 else "rice+spice"
    return {"key": "indonesia.why.merger",
            "params": {"bid": int(action.get("bid") or 0), "units": units,
                       "least": units * MERGER_UNIT_PRICE.get(kind, 0)}}


def explain(view: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """The main reason ``action`` is good for ``seat``, as a catalogue message
    (``{"key", "params"}``), read from ``view`` (the seat's own) and the action alone."""
    kind = action.get("type")
    if kind == "sell":
        return _sell(view, action)
    if kind == "announce":
        return _merger(view, action)
    if kind == "acquire":
        deed = next((d for d in view.get("deeds") or [] if d.get("id") == action.get("deed")),
                    None)
        if deed is not None:
            key = "indonesia.why.acquire_ships" if deed["type"] == "shipping" \
                else "indonesia.why.acquire"
            return {"key": key, "params": {"good": _good(deed["type"]),
                                           "province": deed["province"],
                                           "price": PRICES.get(deed["type"], 0)}}
    if kind == "research" and isinstance(action.get("track"), str):
        return {"key": "indonesia.why.research",
                "params": {"track": {"term": f"indonesia.track.{action['track']}"}}}
    if kind in ("bid", "raise"):
        return {"key": "indonesia.why.bid" if kind == "bid" else "indonesia.why.raise",
                "params": {"amount": int(action.get("amount") or 0)}}
    if isinstance(kind, str) and kind in PLAIN:
        return {"key": PLAIN[kind], "params": {}}
    return {"key": "base.why.generic", "params": {}}
