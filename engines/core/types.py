"""The plain shapes every engine speaks in: a state, a seat, a legal-action template.

Conventions every engine follows
--------------------------------
* Seats are ints ``0 .. player_count-1``; a spectator is ``None``.
* A state is a plain JSON-serializable ``dict`` (str keys; int/float/str/bool/None/list/dict
  values, no tuples, no sets). The key ``"rng"`` holds the seeded generator's position
  (see :class:`engines.core.rng.Rng`); ``view`` must never expose it, nor any other hidden
  information.
* A template (``legal_actions``) is an action dict in which any field may be
  ``{"$range": [lo, hi]}`` (inclusive ints, optional third element: step) or
  ``{"$choice": [v1, v2, ...]}`` (see :mod:`engines.core.templates`).
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]
Seat = int | None
Template = dict[str, Any]
