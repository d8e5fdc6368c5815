"""Games put straight into the store, for tests of the commit path below the rooms."""

from __future__ import annotations

from app.store.store import Store


def started_race(store: Store) -> str:
    """A started two-seat ``race`` game (unlisted, no spectators); its id."""
    row, _ = store.create_lobby("race", {}, 2, "Ayu", spectators=False, listed=False,
                                rules_version="1")
    store.join(row["id"], "Budi")
    store.start(row["id"], {"pos": [0, 0]}, "1")
    return row["id"]
