"""What the Jakarta Traffic board renderer draws with, served once per game kind.

Pure function over :mod:`engines.jakarta_traffic.data`: the grid size, the tile patterns,
the ports' compass steps, the frame's alleys, the order board's rows and the scoring tables,
so the browser keeps no copy of them.
"""

from __future__ import annotations

from typing import Any

from engines.jakarta_traffic import data


def client_data() -> dict[str, Any]:
    """The static data of a Jakarta Traffic game (JSON-ready)."""
    return {
        "size": data.SIZE,
        "patterns": {k: {"name": p["name"], "spurs": p["spurs"], "links": p["links"]}
                     for k, p in data.PATTERNS.items()},
        #: port (N=0, E=1, S=2, W=3) -> [dx, dy] on screen
        "port_steps": [list(data.PORT_STEP[p]) for p in range(4)],
        "spot_shapes": dict(data.SPOT_SHAPE),
        "alleys": [list(a) for a in data.ALLEYS],
        "outer_port_count": data.OUTER_PORT_COUNT,
        "order_types": list(data.ORDER_TYPES),
        "passengers": sorted(data.PASSENGERS),
        "addresses": list(data.ADDRESSES),
        "row_values": list(data.ROW_VALUES),
        "row_slot": list(data.ROW_SLOT),
        "star_supply": {str(v): n for v, n in data.STAR_SUPPLY.items()},
        "max_energy": data.MAX_ENERGY,
        "bubble_bonus": list(data.BUBBLE_BONUS),
        "end_stars": data.END_STARS,
    }
