"""The step table: one step per phase of the turn (spec "Turn structure").

sign (place / go to / remove a sign) -> roll -> move (one leg; No stopping offers the next)
-> no_parking (roll again or stay) -> ... ; the drawn tile of the next turn comes by itself.
"""

from __future__ import annotations

import json
from typing import Any

from engines.core.steps import Step
from engines.core.types import Template
from engines.tuk_tuk_taxi import data, moves, rules, signs
from engines.tuk_tuk_taxi.state import TukTukState

SIGN_ACTIONS = frozenset({"place", "go_to", "remove_sign", "discard"})


def current_seat(s: TukTukState) -> list[int]:
    """The one seat whose turn it is."""
    return [s["current"]]


def hint(s: TukTukState, seat: int, kind: str) -> str:
    """The refusal (a message key) for an action this phase does not take, in its words."""
    if kind in SIGN_ACTIONS:
        return "tuk-tuk-taxi.err.sign_done"
    if kind in ("roll_again", "stay"):
        return "tuk-tuk-taxi.err.not_no_parking"
    return {
        "sign": "tuk-tuk-taxi.err.sign_first",
        "roll": "tuk-tuk-taxi.err.roll_first",
        "move": "tuk-tuk-taxi.err.rolled",
        "no_parking": "tuk-tuk-taxi.err.choose_no_parking",
    }.get(s["phase"], "tuk-tuk-taxi.err.not_now")


# -- templates -----------------------------------------------------------------------------
def sign_templates(s: TukTukState, seat: int) -> list[Template]:
    """Where the drawn sign may go, which sign to remove, or which space to drive to."""
    kind = s["drawn"]
    assert kind is not None
    if kind in data.PLACED:
        return _place_templates(signs.placements(kind, s["taxis"]))
    if kind == "remove_sign":
        return [{"type": "remove_sign", "cell": {"$choice": sorted(s["signs"])}},
                {"type": "discard"}]
    return [{"type": "go_to", "cell": {"$choice": rules.free_spaces(s, seat, kind)}}]


def roll_templates(s: TukTukState, seat: int) -> list[Template]:
    """Roll the die."""
    return [{"type": "roll"}]


def move_templates(s: TukTukState, seat: int) -> list[Template]:
    """The offered end cells; a route number only where two routes to a cell differ."""
    by_end: dict[str, list[int]] = {}
    for i, m in enumerate(s["moves"]):
        by_end.setdefault(m["to"], []).append(i)
    single = [to for to, idx in by_end.items() if len(idx) == 1]
    out: list[Template] = []
    if single:
        out.append({"type": "move", "to": {"$choice": single}})
    for to, idx in by_end.items():
        if len(idx) > 1:
            out.append({"type": "move", "to": to, "route": {"$choice": idx}})
    return out


def no_parking_templates(s: TukTukState, seat: int) -> list[Template]:
    """Roll again or stay."""
    return [{"type": "roll_again"}, {"type": "stay"}]


_TEMPLATES: dict[int, tuple[dict[str, tuple[str, ...]], str]] = {}


def _place_templates(allowed: dict[str, tuple[str, ...]]) -> list[Template]:
    """Placement templates, cached per (shared, unchanging) placement answer."""
    hit = _TEMPLATES.get(id(allowed))
    if hit is None or hit[0] is not allowed:
        if len(_TEMPLATES) > 4096:
            _TEMPLATES.clear()
        hit = (allowed, json.dumps(_build_place_templates(allowed)))
        _TEMPLATES[id(allowed)] = hit
    templates: list[Template] = json.loads(hit[1])
    return templates


def _build_place_templates(allowed: dict[str, tuple[str, ...]]) -> list[dict[str, Any]]:
    """One template for direction-less signs; otherwise one per set of directions."""
    plain = [c for c, d in allowed.items() if not d]  # already in board order
    out: list[dict[str, Any]] = []
    if plain:
        out.append({"type": "place", "cell": {"$choice": plain}})
    by_dirs: dict[tuple[str, ...], list[str]] = {}
    for cell, dirs in allowed.items():
        if dirs:
            by_dirs.setdefault(dirs, []).append(cell)
    for dirs, cells in sorted(by_dirs.items()):
        out.append({"type": "place", "cell": {"$choice": cells},
                    "direction": {"$choice": list(dirs)}})
    return out


# -- the table -----------------------------------------------------------------------------
STEPS: dict[str, Step] = {
    "sign": Step(name="sign", actors=current_seat, legal=sign_templates, hint=hint,
                 actions={"place": moves.place, "go_to": moves.go_to,
                          "remove_sign": moves.remove_sign, "discard": moves.discard}),
    "roll": Step(name="roll", actors=current_seat, legal=roll_templates, hint=hint,
                 actions={"roll": moves.roll}),
    "move": Step(name="move", actors=current_seat, legal=move_templates, hint=hint,
                 actions={"move": moves.move}),
    "no_parking": Step(name="no_parking", actors=current_seat, legal=no_parking_templates,
                       hint=hint, actions={"roll_again": moves.roll_again, "stay": moves.stay}),
}
