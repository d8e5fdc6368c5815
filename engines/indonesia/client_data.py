"""What the Indonesia board renderer draws with, served once per game kind.

Pure function over :mod:`engines.indonesia.data.components` and :mod:`engines.indonesia.board`:
prices, the ship fee, the research tracks and bid multipliers, the deeds, the city cards and
the map's adjacency (which regions are seas), so the browser keeps no copy of them. The
map's drawing (polygons) stays in static/games/indonesia/layout.json, made offline.
"""

from __future__ import annotations

from typing import Any

from engines.indonesia import board
from engines.indonesia.data import components as c
from engines.indonesia.places import AREA_LETTER


def _deed(deed_id: str) -> dict[str, Any]:
    info = c.DEEDS[deed_id]
    out = {"id": deed_id, "era": info["era"], "type": info["type"], "province": info["province"]}
    if "ships" in info:
        out["ships"] = list(info["ships"])
    return out


def client_data() -> dict[str, Any]:
    """The static data of an Indonesia game (JSON-ready)."""
    return {
        "prices": dict(c.PRICES),
        "goods": list(c.GOODS),
        "shipping": c.SHIPPING,
        "ship_fee": c.SHIP_FEE,
        "tracks": list(c.TRACKS),
        "max_level": c.MAX_LEVEL,
        "bid_multiplier": {str(level): m for level, m in c.BID_MULTIPLIER.items()},
        "max_city_size": c.MAX_CITY_SIZE,
        "deeds": {d: _deed(d) for d in c.DEEDS},
        "city_cards": {card: list(p) for card, p in c.CITY_CARDS.items()},
        "seas": list(board.SEAS),
        #: area -> the seas it touches; sea -> the seas next to it
        "land_seas": {str(a): sorted(s) for a, s in board.LAND_SEAS.items()},
        "sea_seas": {str(s): sorted(t) for s, t in board.SEA_SEAS.items()},
        #: land area -> its letter within its province: the log names it "Bali A"
        "area_letters": {str(a): letter for a, letter in AREA_LETTER.items()},
    }
