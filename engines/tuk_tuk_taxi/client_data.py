"""What the Tuk-Tuk Taxi board renderer draws with, served once per game kind.

Pure function over :mod:`engines.tuk_tuk_taxi.data`: the board layout, the sign tiles, the
die's colours and the compass, so the browser never keeps its own copy of them.
"""

from __future__ import annotations

from typing import Any

from engines.tuk_tuk_taxi import data


def client_data() -> dict[str, Any]:
    """The static data of a Tuk-Tuk Taxi game (JSON-ready)."""
    return {
        "board": data.BOARD_VIEW,
        "tiles": {kind: {"name": name, "count": count, "starred": starred, "group": group}
                  for kind, (name, count, starred, group) in data.TILES.items()},
        "die_colours": {str(value): colour for value, colour in data.DIE_COLOURS.items()},
        #: direction -> [d_row, d_col]
        "directions": {d: list(v) for d, v in data.DIRECTIONS.items()},
        "right_of": dict(data.RIGHT_OF),
        "left_of": dict(data.LEFT_OF),
    }
