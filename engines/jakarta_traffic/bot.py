"""The test bot of spec ruling 7."""

from __future__ import annotations

import random
from typing import Any

from engines.base import Template, expand_template


def choose_bot_action(templates: list[Template], rng: random.Random) -> dict[str, Any]:
    """Ruling 7's choice among legal templates: accept or deliver whenever offered, else a
    random action type, then a random template of that type (so the many honk templates
    do not crowd out driving and detours)."""
    first = templates[0]["type"]
    if first in ("accept", "deliver"):
        return {"type": first}
    kinds = sorted({t["type"] for t in templates})
    kind = rng.choice(kinds)
    return expand_template(rng.choice([t for t in templates if t["type"] == kind]), rng)
