"""Board references: how log lines name the places, deeds and companies the board draws.

A reference is a small dict the browser hands to the board (``describe`` names it in the
viewer's language, ``highlight`` draws it); its ``label`` is the name for a reader without a
board (the server's English, an old client). The kinds, and how the board names each, are
listed in docs/rules/indonesia-view.md ("Board references").

A land area is named by its province and a letter: the province's areas in the order of
``map.json`` are A, B, C, ... ("Bali A", "Jawa Tengah D"), letters the board draws in each
area, never the map's internal ids.
"""

from __future__ import annotations

from typing import Any

from engines.core.log import term
from engines.indonesia.board import LAND_PROVINCE, PROVINCES, SEA_NAMES
from engines.indonesia.data.components import DEEDS

Ref = dict[str, Any]

#: Land id -> its letter within its province ("A" for the province's first area).
AREA_LETTER: dict[int, str] = {
    a: chr(ord("A") + i) for areas in PROVINCES.values() for i, a in enumerate(areas)}


def area_label(area: int) -> str:
    """E.g. "Bali A" (a land id the board does not have: its number, for a clear error)."""
    if area not in LAND_PROVINCE:
        return str(area)
    return f"{LAND_PROVINCE[area]} {AREA_LETTER[area]}"


def area(a: int) -> Ref:
    """A land area, e.g. ``{"area": 50, "label": "Bali A"}``."""
    return {"area": a, "label": area_label(a)}


def city(a: int) -> Ref:
    """The city in land area ``a``; one city per province, so its province names it."""
    return {"city": a, "label": LAND_PROVINCE.get(a, str(a))}


def sea(s: int) -> Ref:
    """A sea, e.g. ``{"sea": 131, "label": "Java Sea (west)"}`` (the board's own sea name)."""
    return {"sea": s, "label": SEA_NAMES.get(s, str(s))}


def company(cid: str) -> Ref:
    """A company, by its id ("C3") as the board writes it beside its ships and goods."""
    return {"company": cid, "label": cid}


def deed(d: str) -> Ref:
    """A deed on offer, e.g. ``{"deed": "a1", "label": "Bali rice"}``."""
    info = DEEDS[d]
    return {"deed": d, "label": f"{info['province']} {info['type']}"}


def sea_term(s: int) -> dict[str, str]:
    """A sea's name as a translated term (rule errors: the board does not word those)."""
    return term("indonesia.sea." + str(s))


def good_term(kind: str) -> dict[str, str]:
    """A company type or good ("rice", "siap faji", "shipping") as a translated term."""
    return term("indonesia.good." + kind.replace(" ", "_"))


def track_term(track: str) -> dict[str, str]:
    """A research track ("hull") as a translated term."""
    return term("indonesia.track." + track)
