"""What the Kaki Lima board renderer draws with, served once per game kind.

Pure function over :mod:`engines.kaki_lima.data`: the grid and its gaps, the Lokasi cards'
actions, the boosters' names and texts, the hand limit and the CA track's steps, so the
browser keeps no copy of them.
"""

from __future__ import annotations

from typing import Any

from engines.kaki_lima import data

#: The rulebook's name of each booster (the cards print these; the rules use the codes).
BOOSTER_NAMES = {
    data.DIAGONAL: "Diagonal", data.REVERSE: "Reverse", data.AROUND: "Around Blocked Paths",
    data.DOUBLE: "Double", data.COMBINE: "Combine", data.SWAP: "Swap with Discard",
    data.PICKUP: "Pick Up Clearing Token", data.MOVE: "Move Clearing Token",
}
#: What lies in each grid gap, in the order of ``data.GAPS``.
GAP_PILES = ("draw", "jom", "discard", "pool")


def client_data() -> dict[str, Any]:
    """The static data of a Kaki Lima game (JSON-ready)."""
    return {
        "rows": data.ROWS,
        "cols": data.COLS,
        #: grid cell index (row * cols + col) -> the pile drawn in that gap
        "gaps": {str(r * data.COLS + c): pile
                 for (r, c), pile in zip(data.GAPS, GAP_PILES, strict=True)},
        "actions": dict(data.ACTION_NAMES),
        "lokasi": {name: [data.ACTION_NAMES[a] for a in acts]
                   for name, acts in data.LOKASI.items()},
        "booster_names": BOOSTER_NAMES,
        "booster_texts": dict(data.BOOSTER_TEXT),
        "hand_limit": data.HAND_LIMIT,
        "kawan": data.KAWAN,
        #: the CA track has one space per Red card; stars at these many cleared paths
        "ca_track": data.RED_CARDS,
        "ca_stars": [[paths, stars] for paths, stars in sorted(data.CA_STARS) if stars],
    }
