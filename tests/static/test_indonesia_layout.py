"""The stored Indonesia board drawing shows every adjacency of the map.

The browser draws ``static/games/indonesia/layout.json`` as it is (generated offline by
``tools/indonesia_layout.py``); these tests check the geometry itself against the engine's
board data, so a stale or wrong layout fails here rather than misleading players.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYOUT = json.loads((ROOT / "static" / "games" / "indonesia" / "layout.json").read_text())
BOARD = json.loads((ROOT / "engines" / "indonesia" / "data" / "map.json").read_text())
LANDS = {int(k): v for k, v in BOARD["lands"].items()}
SEAS = {int(k): v for k, v in BOARD["seas"].items()}

Segment = tuple[float, float, float, float]


def adjacency() -> set[tuple[int, int]]:
    """Every adjacency of the map, as sorted pairs."""
    pairs = set()
    for a, info in LANDS.items():
        for b in info["lands"] + info["seas"]:
            pairs.add((min(a, b), max(a, b)))
    for s, info in SEAS.items():
        for t in info["seas"]:
            pairs.add((min(s, t), max(s, t)))
    return pairs


def polygons() -> dict[int, list[list[list[float]]]]:
    """The drawn shapes of every region: one polygon per land area, several per sea."""
    shapes = {int(a): [v["poly"]] for a, v in LAYOUT["areas"].items()}
    shapes.update({int(s): v["polys"] for s, v in LAYOUT["seas"].items()})
    return shapes


def polygon_area(poly: list[list[float]]) -> float:
    """Area of a simple polygon (shoelace)."""
    n = len(poly)
    return abs(sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
                   for i in range(n))) / 2


def overlap(s: Segment, t: Segment, tol: float = 0.35) -> float:
    """Length along which two segments lie on one another (0 if they only cross or touch)."""
    ax, ay, bx, by = s
    length = math.hypot(bx - ax, by - ay)
    if length < 1e-9:
        return 0.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    # both ends of t must lie on the line through s
    for px, py in ((t[0], t[1]), (t[2], t[3])):
        if abs((px - ax) * uy - (py - ay) * ux) > tol:
            return 0.0
    p = (t[0] - ax) * ux + (t[1] - ay) * uy
    q = (t[2] - ax) * ux + (t[3] - ay) * uy
    lo, hi = max(0.0, min(p, q)), min(length, max(p, q))
    return max(0.0, hi - lo)


def shared_borders() -> dict[tuple[int, int], float]:
    """Total shared border length between every two different regions that touch."""
    grid: dict[tuple[int, int], list[tuple[int, Segment]]] = defaultdict(list)
    cell = 25.0
    for region, polys in polygons().items():
        for poly in polys:
            for i in range(len(poly)):
                seg = (*poly[i], *poly[(i + 1) % len(poly)])
                key = (int((seg[0] + seg[2]) / 2 // cell), int((seg[1] + seg[3]) / 2 // cell))
                grid[key].append((region, seg))
    lengths: dict[tuple[int, int], float] = defaultdict(float)
    seen = set()
    for (gx, gy), items in grid.items():
        near = [it for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                for it in grid.get((gx + dx, gy + dy), [])]
        for region, seg in items:
            for other, seg2 in near:
                if other <= region:
                    continue
                key = (region, other, seg, seg2)
                if key in seen:
                    continue
                seen.add(key)
                lengths[(region, other)] += overlap(seg, seg2)
    return {pair: length for pair, length in lengths.items() if length > 0}


BORDERS = shared_borders()
MIN_BORDER = LAYOUT["min_border"]


def is_border(pair: tuple[int, int]) -> bool:
    """True when the shapes share a border long enough to read as one (not a corner)."""
    # rounding to 0.1 unit in the stored file may shorten a border very slightly
    return BORDERS.get(pair, 0.0) >= MIN_BORDER - 0.5


def test_every_land_area_and_sea_has_a_shape_inside_the_board():
    shapes = polygons()
    assert set(shapes) == set(LANDS) | set(SEAS)
    x0, y0, w, h = LAYOUT["viewBox"]
    for region, polys in shapes.items():
        assert polys, f"region {region} has no shape"
        assert sum(polygon_area(p) for p in polys) > 150, f"region {region} is too small to click"
    for a, info in LAYOUT["areas"].items():
        cx, cy = info["centre"]
        assert x0 <= cx <= x0 + w and y0 <= cy <= y0 + h, f"area {a} is off the board"
        assert info["province"] == BOARD["lands"][a]["province"]


def test_every_adjacency_is_a_shared_border_or_a_drawn_connector():
    connectors = {(c["a"], c["b"]) for c in LAYOUT["connectors"]}
    missing = [
        pair for pair in sorted(adjacency()) if not is_border(pair) and pair not in connectors
    ]
    assert missing == [], f"adjacencies neither bordering nor connected: {missing}"


def test_connectors_join_only_adjacent_regions():
    pairs = adjacency()
    for c in LAYOUT["connectors"]:
        assert (c["a"], c["b"]) in pairs, f"connector {c['a']}-{c['b']} is no adjacency"
        assert len(c["line"]) == 2


def test_borders_between_regions_that_are_not_adjacent_are_drawn_as_barriers():
    pairs = adjacency()
    barriers = {(b["a"], b["b"]) for b in LAYOUT["barriers"]}
    false_borders = sorted(p for p in BORDERS if is_border(p) and p not in pairs)
    unmarked = [p for p in false_borders if p not in barriers]
    assert unmarked == [], f"regions that look adjacent but are not: {unmarked}"
    assert all(p not in pairs for p in barriers)


def test_the_land_and_sea_graph_is_not_planar_so_connectors_are_needed():
    """Witness: contracting each group (connected in the map) gives a minor with E > 3V - 6.

    Minors of planar graphs are planar and a planar simple graph has E <= 3V - 6, so the
    map cannot be drawn with shared borders alone.
    """
    groups = LAYOUT["nonplanar_witness"]
    pairs = adjacency()
    members = [v for g in groups for v in g]
    assert len(members) == len(set(members)), "groups overlap"
    group_of = {v: i for i, g in enumerate(groups) for v in g}
    for g in groups:
        reached, todo = {g[0]}, [g[0]]
        while todo:
            v = todo.pop()
            for w in g:
                if w not in reached and (min(v, w), max(v, w)) in pairs:
                    reached.add(w)
                    todo.append(w)
        assert reached == set(g), f"group {g} is not connected in the map"
    minor = {
        (min(group_of[a], group_of[b]), max(group_of[a], group_of[b]))
        for a, b in pairs
        if a in group_of and b in group_of and group_of[a] != group_of[b]
    }
    vertices = len(groups)
    assert len(minor) > 3 * vertices - 6
    assert LAYOUT["connectors"], "a non-planar map needs drawn connectors"


@pytest.mark.parametrize("kind", ["province_borders", "sea_borders"])
def test_border_lines_are_segments(kind):
    assert LAYOUT[kind]
    assert all(len(seg) == 4 for seg in LAYOUT[kind])


def test_the_stored_adjacency_is_the_maps():
    stored = {
        (min(int(a), b), max(int(a), b))
        for a, others in LAYOUT["adjacency"].items()
        for b in others
    }
    assert stored == adjacency()


def inside(point: list[float], poly: list[list[float]]) -> bool:
    """Ray casting: is the point inside the polygon?"""
    x, y = point
    hit = False
    for i in range(len(poly)):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def test_pieces_are_drawn_inside_their_own_area_or_sea():
    """Goods, cities and ships sit at these centres, so each must be inside its own region."""
    for a, info in LAYOUT["areas"].items():
        assert inside(info["centre"], info["poly"]), f"area {a}'s centre is outside it"
    for s, info in LAYOUT["seas"].items():
        assert any(inside(info["centre"], p) for p in info["polys"]), f"sea {s} misses its centre"
