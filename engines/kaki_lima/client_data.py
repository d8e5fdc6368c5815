"""What the Kaki Lima board renderer draws with, served once per game kind.

Pure function over :mod:`engines.kaki_lima.data`: the grid and its gaps, the Lokasi cards'
actions, the boosters, the hand limit and the CA track's steps, so the browser keeps no copy
of them. Everything is a code: the board words each one in the viewer's language from its
catalogue (``static/games/kaki-lima/i18n/``), so no English travels here.
"""

from __future__ import annotations

from typing import Any

from engines.kaki_lima import data

#: The boosters in the rulebook's order (its back cover list).
BOOSTERS = (data.DIAGONAL, data.REVERSE, data.AROUND, data.DOUBLE, data.COMBINE, data.SWAP,
            data.PICKUP, data.MOVE)
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
        #: Lokasi -> its action codes, in the order they happen
        "lokasi": {name: list(acts) for name, acts in data.LOKASI.items()},
        "boosters": list(BOOSTERS),
        "hand_limit": data.HAND_LIMIT,
        "kawan": data.KAWAN,
        #: the CA track has one space per Red card; stars at these many cleared paths
        "ca_track": data.RED_CARDS,
        "ca_stars": [[paths, stars] for paths, stars in sorted(data.CA_STARS) if stars],
    }
