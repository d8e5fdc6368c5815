"""How Tuk-Tuk Taxi names things in its log lines, refusals and route notes: tiles as game
terms (``term()``, translated by their keys in ``i18n/<lang>.json``), a placed sign's
direction, and the notes at a route's end (English words kept in the state, keys sent)."""

from __future__ import annotations

from engines.core.log import term
from engines.tuk_tuk_taxi import data
from engines.tuk_tuk_taxi.data import TILE_NAMES, cell_key
from engines.tuk_tuk_taxi.routes import Outcome
from engines.tuk_tuk_taxi.state import TukTukState


def name(kind: str) -> str:
    """The tile's name as the rulebook writes it."""
    return TILE_NAMES[kind]


def sign_term(kind: str) -> dict[str, str]:
    """The tile as a log or error parameter: its name, translated (``term.<kind>``)."""
    return term("tuk-tuk-taxi.term." + kind)


def placement_rule(kind: str) -> str:
    """Which placement rule the sign follows (spec ruling 3), for the refusal's wording."""
    if kind in data.MANDATORY_TURNS:
        return "turn"
    if kind == "one_way":
        return "one_way"
    return "street"


def direction_word(kind: str, direction: str | None) -> str:
    """How a placed sign's direction reads in the log: a one-way points ``toward_<d>``, a
    mandatory turn governs the ``cars_<d>`` driving that way; ``none`` without one."""
    if direction is None:
        return "none"
    return ("toward_" if kind == "one_way" else "cars_") + direction


#: What can happen at the end of a route: the note's parts, key -> the English words kept
#: in the state (``MoveOption.note``; recorded games hash them, so the words stay as they
#: are). The view sends the keys (``notes``) so the board words them in any language.
NOTE_PARTS: dict[str, str] = {
    "tuk-tuk-taxi.note.police": "Police: speeding past them sends you back to your stop "
                                "(no drop-off)",
    "tuk-tuk-taxi.note.red": "Red light: stop here, your turn ends",
    "tuk-tuk-taxi.note.light": "Traffic light: too few moves to pass, stop here; your turn ends",
    "tuk-tuk-taxi.note.no_parking": "No parking: you may roll again",
    "tuk-tuk-taxi.note.no_stopping": "No stopping: drive 5 steps on",
    "tuk-tuk-taxi.note.drop_off": "Drop off your passenger",
    "tuk-tuk-taxi.note.pick_up": "Pick up the passenger",
    "tuk-tuk-taxi.note.stop": "Stop here",
}


def note(s: TukTukState, seat: int, o: Outcome) -> str:
    """What happens at the end of this route, in (English) words for the state."""
    return "; ".join(NOTE_PARTS[k] for k in note_keys_of(s, seat, o))


def note_keys_of(s: TukTukState, seat: int, o: Outcome) -> list[str]:
    """The note's parts as message keys, in order."""
    if o.police:
        return ["tuk-tuk-taxi.note.police"]
    end = cell_key(o.end)
    parts = []
    if o.reason == "red":
        parts.append("tuk-tuk-taxi.note.red")
    elif o.light:
        parts.append("tuk-tuk-taxi.note.light")
    if o.continuation == "no_parking":
        parts.append("tuk-tuk-taxi.note.no_parking")
    elif o.continuation == "no_stopping":
        parts.append("tuk-tuk-taxi.note.no_stopping")
    elif s["carrying"][seat] and o.end == data.TAXI_STOPS[seat]:
        parts.append("tuk-tuk-taxi.note.drop_off")
    elif not s["carrying"][seat] and end in s["passengers"]:
        parts.append("tuk-tuk-taxi.note.pick_up")
    return parts or ["tuk-tuk-taxi.note.stop"]


def note_keys(note_text: str) -> list[str]:
    """A stored note's parts as message keys (the view's ``notes``)."""
    # Read by prefix, not split on "; ": the traffic-light part holds a "; " itself.
    keys: list[str] = []
    rest = note_text
    while rest:
        key = next((k for k, words in _NOTE_PARTS_LONGEST if rest.startswith(words)), None)
        if key is None:
            return keys or ["tuk-tuk-taxi.note.stop"]
        keys.append(key)
        rest = rest[len(NOTE_PARTS[key]):].removeprefix("; ")
    return keys


_NOTE_PARTS_LONGEST = sorted(NOTE_PARTS.items(), key=lambda kv: -len(kv[1]))
