"""What one decision may remember between its iterations, and nothing longer.

A search asks the same question (the root's candidates) once per determinization; a game's
bot may keep the answer here, keyed on everything the answer reads (the seat's view, which
is all a determinization shares). The memo is emptied when a decision starts
(:func:`engines.bots.decide`) and is per thread, so a decision depends only on (view,
history, seed), never on what the same worker decided before (issue 40).
"""

from __future__ import annotations

import threading
from typing import Any

_local = threading.local()


def fresh_decision() -> None:
    """Forget everything remembered for an earlier decision (of this thread)."""
    _local.memo = {}


def decision_memo() -> dict[Any, Any]:
    """This thread's memo for the decision under way."""
    memo: dict[Any, Any] | None = getattr(_local, "memo", None)
    if memo is None:
        memo = _local.memo = {}
    return memo
