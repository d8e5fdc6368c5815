"""Names of places for log lines and error messages."""

from __future__ import annotations

from engines.indonesia.board import LAND_PROVINCE, SEA_NAMES


def land_name(area: int) -> str:
    """E.g. "Bali (area 50)"."""
    return f"{LAND_PROVINCE.get(area, 'nowhere')} (area {area})"


def sea_name(sea: int) -> str:
    """E.g. "the Java Sea (west) (sea 131)"."""
    return f"the {SEA_NAMES.get(sea, 'unknown sea')} (sea {sea})"
