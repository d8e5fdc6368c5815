"""Phase 1's move: founding a city from a city card (spec ruling 1)."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.indonesia.actions import PlaceCity
from engines.indonesia.flow import cities_next
from engines.indonesia.places import area
from engines.indonesia.rules import placeable_cards
from engines.indonesia.words import Log


def place_city(st: dict, seat: int, action: PlaceCity) -> Log:
    """Found a size-1 city in an empty coastal area of one of the card's provinces."""
    usable = placeable_cards(st, seat)
    if action.card not in usable:
        raise RuleError("indonesia.err.card_unusable", card=action.card)
    if action.area not in usable[action.card]:
        raise RuleError("indonesia.err.city_area")
    log: Log = []
    st["hands"][seat].remove(action.card)
    st["cities"][str(action.area)] = {"size": 1, "delivered": {}}
    st["stones"]["1"] -= 1
    st["step"]["queue"].pop(0)
    log.append(LogEntry.say("indonesia.log.city_founded", seat=seat_ref(seat),
                            area=area(action.area), card=action.card,
                            data={"area": action.area}))
    cities_next(st, log)
    return log
