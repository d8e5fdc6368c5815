"""Phase 1's move: founding a city from a city card (spec ruling 1)."""

from __future__ import annotations

from engines.base import RuleError
from engines.indonesia.actions import PlaceCity
from engines.indonesia.phases import cities_next
from engines.indonesia.places import land_name
from engines.indonesia.rules import placeable_cards
from engines.indonesia.words import Log, say, seat_ref


def place_city(st: dict, seat: int, action: PlaceCity) -> Log:
    """Found a size-1 city in an empty coastal area of one of the card's provinces."""
    usable = placeable_cards(st, seat)
    if action.card not in usable:
        raise RuleError("You cannot found a city with that card now.")
    if action.area not in usable[action.card]:
        raise RuleError("A city must go in an empty coastal area of one of the card's "
                        "provinces, one city per province.")
    log: Log = []
    st["hands"][seat].remove(action.card)
    st["cities"][str(action.area)] = {"size": 1, "delivered": {}}
    st["stones"]["1"] -= 1
    st["step"]["queue"].pop(0)
    say(log, f"{seat_ref(seat)} founds a city in {land_name(action.area)} "
        f"(card {action.card}).", {"area": action.area})
    cities_next(st, log)
    return log
