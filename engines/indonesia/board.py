"""The board: provinces, land areas and seas, loaded once from ``data/map.json``.

Ids are ints (lands 0-40, 42-114, 136, 137; seas 115-135, spec ruling 11); adjacency is
kept as frozensets for the rules' hot paths.
"""

from __future__ import annotations

import json
from pathlib import Path

_RAW = json.loads((Path(__file__).parent / "data" / "map.json").read_text())

#: Province name -> its land area ids.
PROVINCES: dict[str, list[int]] = {name: p["areas"] for name, p in _RAW["provinces"].items()}
#: Province name -> approximate (latitude, longitude) centre, for drawing.
PROVINCE_CENTRES: dict[str, list[float]] = {n: p["center"] for n, p in _RAW["provinces"].items()}
#: Land id -> province name.
LAND_PROVINCE: dict[int, str] = {int(k): v["province"] for k, v in _RAW["lands"].items()}
#: Land id -> adjacent land ids.
LAND_LANDS: dict[int, frozenset[int]] = {
    int(k): frozenset(v["lands"]) for k, v in _RAW["lands"].items()}
#: Land id -> adjacent sea ids (empty for an inland area).
LAND_SEAS: dict[int, frozenset[int]] = {
    int(k): frozenset(v["seas"]) for k, v in _RAW["lands"].items()}
#: Sea id -> adjacent sea ids.
SEA_SEAS: dict[int, frozenset[int]] = {
    int(k): frozenset(v["seas"]) for k, v in _RAW["seas"].items()}
#: Sea id -> adjacent (coastal) land ids.
SEA_LANDS: dict[int, frozenset[int]] = {
    int(k): frozenset(v["lands"]) for k, v in _RAW["seas"].items()}
SEA_NAMES: dict[int, str] = {int(k): v["name"] for k, v in _RAW["seas"].items()}
LANDS: list[int] = sorted(LAND_PROVINCE)
SEAS: list[int] = sorted(SEA_SEAS)
COASTAL: frozenset[int] = frozenset(a for a in LANDS if LAND_SEAS[a])


def province_seas(province: str) -> list[int]:
    """Seas adjacent to any land area of a province (where a shipping deed may start)."""
    return sorted({s for a in PROVINCES[province] for s in LAND_SEAS[a]})
