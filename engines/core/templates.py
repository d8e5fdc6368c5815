"""Legal-action templates: sampling one concrete action, listing what a field stands for,
and telling whether an action is one a template stands for.

A template is an action dict in which any field may be ``{"$range": [lo, hi]}`` (inclusive
ints, optional third element: step) or ``{"$choice": [v1, v2, ...]}``. Choices that depend
on each other are listed as separate templates (e.g. one template per cell, each with that
cell's legal directions). Templates travel in each viewer's document, so the UI highlights
them and bots play them.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core.errors import RuleError
from engines.core.rng import Rng
from engines.core.types import Template


def expand_template(template: Template, rng: random.Random | Rng) -> dict[str, Any]:
    """Turn one legal-action template into a concrete action by sampling each open field."""
    out: dict[str, Any] = {}
    for key, val in template.items():
        if isinstance(val, dict) and "$range" in val:
            lo, hi, *rest = val["$range"]
            step = rest[0] if rest else 1
            count = (hi - lo) // step + 1
            idx = rng.below(count) if isinstance(rng, Rng) else rng.randrange(count)
            out[key] = lo + idx * step
        elif isinstance(val, dict) and "$choice" in val:
            opts = val["$choice"]
            out[key] = opts[rng.below(len(opts))] if isinstance(rng, Rng) else rng.choice(opts)
        else:
            out[key] = val
    return out


def template_matches(template: Template, action: dict[str, Any]) -> bool:
    """True when a concrete action is one of the actions a template stands for."""
    if set(template) != set(action):
        return False
    for key, val in template.items():
        got = action[key]
        if isinstance(val, dict) and "$range" in val:
            lo, hi, *rest = val["$range"]
            step = rest[0] if rest else 1
            if not isinstance(got, int) or isinstance(got, bool):
                return False
            if not (lo <= got <= hi and (got - lo) % step == 0):
                return False
        elif isinstance(val, dict) and "$choice" in val:
            if got not in val["$choice"]:
                return False
        elif got != val:
            return False
    return True


def field_values(val: Any) -> list[Any]:
    """Every concrete value a template field stands for (``$range``, ``$choice`` or a
    fixed value), in order."""
    if isinstance(val, dict) and "$range" in val:
        lo, hi, *rest = val["$range"]
        return list(range(lo, hi + 1, rest[0] if rest else 1))
    if isinstance(val, dict) and "$choice" in val:
        return list(val["$choice"])
    return [val]


def first_value(val: Any) -> Any:
    """A template field's first concrete value."""
    if isinstance(val, dict) and "$range" in val:
        return val["$range"][0]  # without listing a range of money
    return field_values(val)[0]


def random_action(templates: list[Template], rng: random.Random) -> dict[str, Any]:
    """A random legal action among ``templates`` (the test bot of a game without its own)."""
    if not templates:
        raise RuleError("base.err.nothing_to_do")
    return expand_template(rng.choice(templates), rng)
