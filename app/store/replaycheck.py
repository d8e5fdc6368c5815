"""Does a stored game's snapshot equal the replay of its stored history?

Only a game stored under the engine's current rules version can be compared: a game keeps
the rules version it started with and continues from its stored snapshot, so replaying its
history under newer rules proves nothing (and may even fail). Such games are reported as
not comparable instead of as differing.
"""

from __future__ import annotations

from enum import StrEnum

from app.store.store import Store
from engines.core.copying import canonical_json
from engines.core.line import replay
from engines.registry import get_engine


class ReplayCheck(StrEnum):
    """The answer for one stored game."""

    SAME = "same"
    DIFFERS = "differs"
    OTHER_RULES_VERSION = "other rules version"
    NOT_STARTED = "not started"


def replay_check(store: Store, game_id: str) -> ReplayCheck:
    """Replay the stored events from the seed and compare with the stored snapshot."""
    row = store.game(game_id)
    engine = get_engine(row["kind"])
    if engine is None or row["rules_version"] != engine.rules_version:
        return ReplayCheck.OTHER_RULES_VERSION
    if row["state"] is None:
        return ReplayCheck.NOT_STARTED
    events = [(e["seat"], e["action"]) for e in store.events(game_id)]
    if len(events) != row["version"]:
        return ReplayCheck.DIFFERS
    try:
        rebuilt = replay(engine, row["player_count"], row["options"], row["seed"], events)
    except Exception:
        return ReplayCheck.DIFFERS
    same = canonical_json(rebuilt) == canonical_json(row["state"])
    return ReplayCheck.SAME if same else ReplayCheck.DIFFERS
