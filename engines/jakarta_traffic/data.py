"""Jakarta Traffic component data: tile patterns, the tile set, the frame's alleys, the
order board (side A) and the star supply, exactly as the spec fixes them.

Ports are numbered N=0, E=1, S=2, W=3; a rotation turns a pattern clockwise, so port ``p``
of a pattern at rotation ``r`` sits at ``(p + r) % 4``.
"""

from __future__ import annotations

from typing import Any

SIZE = 5
N, E, S, W = 0, 1, 2, 3
PORT_NAMES = ("N", "E", "S", "W")
#: Grid step (dx, dy) through each port; y grows downwards.
PORT_STEP = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}

#: Patterns at rotation 0: spurs end at the parking spot, links join ports past it.
PATTERNS: dict[str, dict[str, Any]] = {
    "P1": {"name": "straight", "spurs": [S], "links": [[W, E]]},
    "P2": {"name": "right bend", "spurs": [S], "links": [[N, E]]},
    "P3": {"name": "left bend", "spurs": [S], "links": [[W, N]]},
    "P4": {"name": "tee", "spurs": [S], "links": [[W, N, E]]},
    "P5": {"name": "double spur", "spurs": [S, W], "links": [[N, E]]},
    "P6": {"name": "crossing spur", "spurs": [S, N], "links": [[W, E]]},
}

PICKUP, CHARGING, BUILDING = "pickup", "charging", "building"
SPOT_SHAPE = {PICKUP: "circle", CHARGING: "triangle", BUILDING: "square"}

#: (kind, pattern, count) for the 20 pick-up and 5 charging tiles.
STREET_TILES: list[tuple[str, str, int]] = [
    (PICKUP, "P1", 4), (PICKUP, "P2", 4), (PICKUP, "P3", 4), (PICKUP, "P4", 4),
    (PICKUP, "P5", 2), (PICKUP, "P6", 2),
    (CHARGING, "P1", 1), (CHARGING, "P2", 1), (CHARGING, "P3", 1), (CHARGING, "P4", 1),
    (CHARGING, "P6", 1),
]

#: One building per delivery address, with its pattern.
BUILDINGS: dict[str, str] = {
    "Business Center": "P4",
    "Spa": "P1",
    "Residency": "P2",
    "Workshop": "P3",
    "Mall": "P5",
}
ADDRESSES: list[str] = list(BUILDINGS)

ORDER_TYPES: list[str] = ["Nasi Goreng", "Sate", "Bakso", "Ibu", "Bapak"]
PASSENGERS: frozenset[str] = frozenset({"Ibu", "Bapak"})
PHONE_CAPACITY = 2

#: Order board side A: the star value of rows r1..r5 and the address slot each row faces.
ROW_VALUES: list[int] = [7, 5, 4, 3, 3]
ROW_SLOT: list[int] = [0, 1, 2, 2, 2]
SLOT_COUNT = 3

#: Star tokens in the supply by value.
STAR_SUPPLY: dict[int, int] = {7: 4, 5: 6, 4: 6, 3: 9}

MAX_ENERGY = 3
SPEECH_BUBBLES = 3
#: Final-score bonus for 0..3 speech bubbles.
BUBBLE_BONUS: list[int] = [0, 1, 3, 5]
#: Star tokens that trigger the end of the game.
END_STARS = 4

#: Outer ports numbered clockwise from the top-left (spec "The frame and its alleys").
OUTER_PORT_COUNT = 20
#: The frame's fixed alleys (Jalan Tikus): pairs of outer ports.
ALLEYS: list[tuple[int, int]] = [
    (0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11), (12, 13), (14, 15), (16, 17), (18, 19),
]
