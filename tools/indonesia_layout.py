"""Offline generator of the Indonesia board drawing: ``static/games/indonesia/layout.json``.

The browser never computes geometry: it draws the polygons stored here. Run after any change
to the board data (``engines/indonesia/data/map.json``)::

    .venv/bin/python tools/indonesia_layout.py

Method (pure Python, deterministic):

1. Province centres (latitude, longitude from the map data) are projected to board units.
2. Every land area gets a point near its province centre; a force-directed relaxation pulls
   adjacent areas together, pushes other areas apart, keeps each province around its centre
   and draws coastal areas toward the seas they touch.
3. Water points are added around the coasts (each labelled with one of the seas its nearest
   coastal area touches) and in the open water (labelled with the nearest sea centre).
4. A Voronoi diagram of all points gives the shapes: a land area is its own cell, a sea is the
   union of its water cells (stored as the rings that bound it: ``outline``).
5. Every map adjacency that the shapes do not show as a shared border becomes a drawn
   connector; every shared border between regions that are not adjacent is listed as a barrier
   (drawn as a "no passage" line). The land-and-sea graph is not planar, so connectors are
   unavoidable; the file also stores a witness of that (a graph minor with E > 3V - 6).
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP_JSON = ROOT / "engines" / "indonesia" / "data" / "map.json"
OUT = ROOT / "static" / "games" / "indonesia" / "layout.json"

#: Board units per degree of longitude/latitude.
SCALE = 40.0
LON0, LAT0 = 94.0, 7.5
WIDTH, HEIGHT = 48.0 * SCALE, 19.5 * SCALE

#: Sea centres (latitude, longitude) by geography; the seas' names are in the map data.
SEA_CENTRES: dict[int, tuple[float, float]] = {
    115: (5.6, 94.8), 116: (-2.6, 98.2), 117: (-6.9, 104.3), 118: (-9.6, 110.0),
    119: (-9.6, 116.6), 120: (-9.9, 122.3), 121: (-5.6, 127.3), 122: (-7.6, 135.5),
    123: (0.5, 136.0), 124: (1.4, 126.4), 125: (-0.9, 118.6), 126: (5.0, 109.0),
    127: (3.6, 99.7), 128: (1.2, 104.8), 129: (-2.1, 106.6), 130: (-2.2, 109.6),
    131: (-4.9, 107.8), 132: (-5.8, 112.2), 133: (-4.3, 115.0), 134: (-6.9, 120.5),
    135: (-0.4, 122.8),
}

#: Typical distance between neighbouring area points in a province (board units): small
#: provinces with many areas (Java) are dense, large ones with few (Papua) are sparse.
SPACING: dict[str, float] = {
    "Jawa Barat": 27, "Jawa Tengah": 27, "Jawa Timur": 27, "Bali": 26,
    "Nusa Tenggara Barat": 30, "Nusa Tenggara Timur": 34, "Papua": 62, "Maluku": 34,
    "Halmahera": 30, "Kalimantan Timur": 50, "Kalimantan Selatan": 46,
    "Kalimantan Tengah": 50, "Kalimantan Barat": 52, "Sarawak": 50,
}
DEFAULT_SPACING = 36.0

#: Islands: provinces drawn as one landmass. Adjacencies between islands are straits, drawn
#: as connectors, so their springs are weak.
ISLANDS: list[list[str]] = [
    ["Aceh", "Sumatera Utara", "Riau", "Sumatera Barat", "Jambi", "Bengkulu",
     "Sumatera Selatan", "Lampung"],
    ["Jawa Barat", "Jawa Tengah", "Jawa Timur"],
    ["Bali"], ["Nusa Tenggara Barat"], ["Nusa Tenggara Timur"], ["Maluku"], ["Papua"],
    ["Halmahera"],
    ["Sulawesi Tenggara", "Sulawesi Selatan", "Sulawesi Tengah", "Sulawesi Utara"],
    ["Kalimantan Timur", "Kalimantan Selatan", "Kalimantan Tengah", "Kalimantan Barat",
     "Sarawak"],
]

#: Areas whose place the province centre alone does not fix (small islands, the Maluku
#: chain from Timor to Papua): (latitude, longitude) the relaxation pulls them toward.
AREA_HINTS: dict[int, tuple[float, float]] = {
    0: (5.5, 95.5), 1: (5.0, 97.4), 2: (4.4, 96.3), 3: (3.7, 96.6), 4: (3.9, 98.4),
    5: (3.0, 99.3), 6: (2.8, 98.3), 7: (2.6, 97.3), 12: (1.9, 99.6), 13: (1.5, 98.9),
    16: (1.9, 97.9), 15: (1.0, 99.0),
    9: (1.0, 104.0), 26: (-2.3, 106.2), 45: (-7.0, 113.4),
    60: (-7.6, 130.6), 61: (-6.0, 132.4), 62: (-5.7, 134.2),
    63: (-3.4, 126.6), 64: (-3.2, 127.9), 65: (-3.0, 129.2), 66: (-3.0, 130.4),
    67: (-1.9, 129.3), 68: (-1.4, 128.0),
    69: (-6.6, 139.6), 70: (-4.6, 135.8), 71: (-2.6, 134.4), 72: (-1.5, 133.0),
    73: (-0.9, 131.6), 74: (-0.9, 134.5), 75: (-3.2, 138.6),
}

#: Shared borders shorter than this (board units) are corners, not borders.
MIN_BORDER = 4.0

Point = tuple[float, float]


def project(lat: float, lon: float) -> Point:
    """Board coordinates of a latitude/longitude (equirectangular, y down)."""
    return ((lon - LON0) * SCALE, (LAT0 - lat) * SCALE)


def load_map(path: Path = MAP_JSON) -> dict:
    """The engine's board data with int keys."""
    raw = json.loads(path.read_text())
    lands = {int(k): v for k, v in raw["lands"].items()}
    seas = {int(k): v for k, v in raw["seas"].items()}
    return {"provinces": raw["provinces"], "lands": lands, "seas": seas}


def adjacency_pairs(board: dict) -> set[tuple[int, int]]:
    """Every adjacency of the map as a sorted pair (land-land, land-sea, sea-sea)."""
    pairs: set[tuple[int, int]] = set()
    for a, info in board["lands"].items():
        for b in info["lands"] + info["seas"]:
            pairs.add((min(a, b), max(a, b)))
    for s, info in board["seas"].items():
        for t in info["seas"]:
            pairs.add((min(s, t), max(s, t)))
    return pairs


# -- 1-2. land points ------------------------------------------------------------------------


def _unit(dx: float, dy: float) -> tuple[float, float, float]:
    d = math.hypot(dx, dy) or 1e-9
    return dx / d, dy / d, d


def place_land(board: dict) -> tuple[dict[int, Point], dict[int, float]]:
    """Relax land area points; returns positions and each area's spacing."""
    lands = board["lands"]
    rnd = random.Random(20240607)
    island_of = {p: i for i, group in enumerate(ISLANDS) for p in group}
    centre = {p: project(*info["center"]) for p, info in board["provinces"].items()}
    sea_pos = {s: project(*c) for s, c in SEA_CENTRES.items()}
    spacing = {a: SPACING.get(info["province"], DEFAULT_SPACING) for a, info in lands.items()}
    hint = {a: project(*ll) for a, ll in AREA_HINTS.items()}
    pos: dict[int, list[float]] = {}
    for a in sorted(lands):
        info = lands[a]
        cx, cy = hint.get(a, centre[info["province"]])
        if info["seas"] and a not in hint:
            sx = sum(sea_pos[s][0] for s in info["seas"]) / len(info["seas"])
            sy = sum(sea_pos[s][1] for s in info["seas"]) / len(info["seas"])
            ux, uy, _ = _unit(sx - cx, sy - cy)
            cx, cy = cx + ux * spacing[a] * 0.8, cy + uy * spacing[a] * 0.8
        pos[a] = [cx + rnd.uniform(-4, 4), cy + rnd.uniform(-4, 4)]
    ids = sorted(lands)
    neighbours = {a: set(lands[a]["lands"]) for a in ids}
    steps = 900
    for step in range(steps):
        heat = 1.0 - step / steps
        force = {a: [0.0, 0.0] for a in ids}
        for i, a in enumerate(ids):
            pa = pos[a]
            for b in ids[i + 1:]:
                pb = pos[b]
                ux, uy, d = _unit(pb[0] - pa[0], pb[1] - pa[1])
                length = (spacing[a] + spacing[b]) / 2
                same_island = island_of[lands[a]["province"]] == island_of[lands[b]["province"]]
                if b in neighbours[a]:
                    k = 0.12 if same_island else 0.004
                    f = k * (d - length)
                elif d < 1.7 * length:
                    f = -0.25 * (1.7 * length - d)
                else:
                    continue
                force[a][0] += f * ux
                force[a][1] += f * uy
                force[b][0] -= f * ux
                force[b][1] -= f * uy
        # each province stays around its centre (the mean moves, not every point)
        members: dict[str, list[int]] = {}
        for a in ids:
            members.setdefault(lands[a]["province"], []).append(a)
        for prov, group in members.items():
            mx = sum(pos[a][0] for a in group) / len(group)
            my = sum(pos[a][1] for a in group) / len(group)
            cx, cy = centre[prov]
            for a in group:
                force[a][0] += 0.08 * (cx - mx)
                force[a][1] += 0.08 * (cy - my)
        for a in ids:
            pa = pos[a]
            if a in hint:
                force[a][0] += 0.15 * (hint[a][0] - pa[0])
                force[a][1] += 0.15 * (hint[a][1] - pa[1])
            for s, (sx, sy) in sea_pos.items():
                ux, uy, d = _unit(sx - pa[0], sy - pa[1])
                if s in lands[a]["seas"]:
                    f = 0.6
                elif d < 4 * spacing[a]:
                    f = -0.8 * (4 * spacing[a] - d) / spacing[a]
                else:
                    continue
                force[a][0] += f * ux
                force[a][1] += f * uy
            if not lands[a]["seas"]:
                # inland areas sit among their neighbours
                nx = sum(pos[b][0] for b in neighbours[a]) / len(neighbours[a])
                ny = sum(pos[b][1] for b in neighbours[a]) / len(neighbours[a])
                force[a][0] += 0.3 * (nx - pa[0])
                force[a][1] += 0.3 * (ny - pa[1])
        limit = 2.0 + 6.0 * heat
        for a in ids:
            fx, fy = force[a]
            f = math.hypot(fx, fy)
            if f > limit:
                fx, fy = fx * limit / f, fy * limit / f
            pos[a][0] += fx
            pos[a][1] += fy
    return {a: (p[0], p[1]) for a, p in pos.items()}, spacing


# -- 3. water points -------------------------------------------------------------------------


def water_points(
    board: dict, pos: dict[int, Point], spacing: dict[int, float]
) -> list[tuple[Point, int]]:
    """Water points with the sea each one belongs to."""
    lands = board["lands"]
    sea_pos = {s: project(*c) for s, c in SEA_CENTRES.items()}
    # the "land radius" of an area: water keeps at least this far from its point
    radius = {a: spacing[a] * (1.25 if not lands[a]["seas"] else 0.62) for a in lands}

    def land_depth(p: Point) -> tuple[float, int]:
        best, who = math.inf, -1
        for a, q in pos.items():
            d = math.hypot(p[0] - q[0], p[1] - q[1]) / radius[a]
            if d < best:
                best, who = d, a
        return best, who

    out: list[tuple[Point, int]] = []
    for a in sorted(lands):
        info = lands[a]
        if not info["seas"]:
            continue
        r = radius[a] * 2.0
        for k in range(16):
            ang = 2 * math.pi * k / 16
            p = (pos[a][0] + r * math.cos(ang), pos[a][1] + r * math.sin(ang))
            depth, owner = land_depth(p)
            if depth < 1.9:
                continue
            seas = lands[owner]["seas"] or info["seas"]
            sea = min(seas, key=lambda s: math.hypot(sea_pos[s][0] - p[0], sea_pos[s][1] - p[1]))
            if all(math.hypot(p[0] - q[0], p[1] - q[1]) > r * 0.35 for q, _ in out):
                out.append((p, sea))
    ring = list(out)
    step = 30.0
    row = 0
    y = -step
    while y < HEIGHT + step:
        x = -step + (step / 2 if row % 2 else 0)
        while x < WIDTH + step:
            p = (x, y)
            depth, _ = land_depth(p)
            if depth > 2.6 and all(
                math.hypot(p[0] - q[0], p[1] - q[1]) > step * 0.7 for q, _ in ring
            ):
                sea = min(
                    sea_pos, key=lambda s: math.hypot(sea_pos[s][0] - x, sea_pos[s][1] - y)
                )
                out.append((p, sea))
            x += step
        y += step * 0.866
        row += 1
    return out


# -- 4. Voronoi ------------------------------------------------------------------------------


def _clip(poly: list[Point], labels: list[int], site: Point, other: Point, who: int):
    """Keep the part of a convex polygon closer to ``site`` than to ``other``.

    ``labels[i]`` names the neighbour across edge ``poly[i] -> poly[i+1]`` (-1: frame).
    """
    mx, my = (site[0] + other[0]) / 2, (site[1] + other[1]) / 2
    nx, ny = other[0] - site[0], other[1] - site[1]

    def side(p: Point) -> float:
        return (p[0] - mx) * nx + (p[1] - my) * ny

    n = len(poly)
    new_poly: list[Point] = []
    new_labels: list[int] = []
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        sp, sq = side(p), side(q)
        if sp <= 0:
            new_poly.append(p)
            if sq <= 0:
                new_labels.append(labels[i])
            else:
                t = sp / (sp - sq)
                new_poly.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
                new_labels.append(labels[i])
                new_labels.append(who)
        elif sq <= 0:
            t = sp / (sp - sq)
            new_poly.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
            new_labels.append(labels[i])
    return new_poly, new_labels


def voronoi(sites: list[Point]) -> list[tuple[list[Point], list[int]]]:
    """Voronoi cells of the sites inside the board frame, with the neighbour across each edge."""
    frame = [(-40.0, -40.0), (WIDTH + 40, -40.0), (WIDTH + 40, HEIGHT + 40), (-40.0, HEIGHT + 40)]
    cells = []
    for i, s in enumerate(sites):
        order = sorted(
            (j for j in range(len(sites)) if j != i),
            key=lambda j: (sites[j][0] - s[0]) ** 2 + (sites[j][1] - s[1]) ** 2,
        )
        poly, labels = list(frame), [-1, -1, -1, -1]
        for j in order:
            reach = max(math.hypot(p[0] - s[0], p[1] - s[1]) for p in poly)
            if math.hypot(sites[j][0] - s[0], sites[j][1] - s[1]) > 2 * reach:
                break
            poly, labels = _clip(poly, labels, s, sites[j], j)
        cells.append((poly, labels))
    return cells


# -- 5. borders, connectors, witness ---------------------------------------------------------


def nonplanar_witness(board: dict, seed: int = 0) -> list[list[int]]:
    """Connected groups of regions whose contracted minor has E > 3V - 6 (so not planar).

    Greedy: delete regions of degree <= 2 and contract edges whose ends share few
    neighbours, both of which raise E - 3V, until Euler's bound for planar graphs fails.
    """
    rnd = random.Random(seed)
    nb: dict[int, set[int]] = {v: set() for v in list(board["lands"]) + list(board["seas"])}
    for a, b in adjacency_pairs(board):
        nb[a].add(b)
        nb[b].add(a)
    groups = {v: [v] for v in nb}
    while True:
        v_count = len(nb)
        e_count = sum(len(s) for s in nb.values()) // 2
        if e_count > 3 * v_count - 6:
            return sorted(sorted(g) for g in groups.values())
        low = sorted(v for v in nb if len(nb[v]) <= 2)
        if low:
            v = rnd.choice(low)
            for u in nb.pop(v):
                nb[u].discard(v)
            del groups[v]
            continue
        best: list[tuple[int, int]] = []
        fewest = None
        for u in sorted(nb):
            for w in sorted(nb[u]):
                if u < w:
                    c = len(nb[u] & nb[w])
                    if fewest is None or c < fewest:
                        fewest, best = c, [(u, w)]
                    elif c == fewest:
                        best.append((u, w))
        u, w = rnd.choice(best)
        for x in nb.pop(w):
            if x != u:
                nb[x].discard(w)
                nb[x].add(u)
                nb[u].add(x)
        nb[u].discard(w)
        groups[u] += groups.pop(w)


def _r(p: Point) -> list[float]:
    return [round(p[0], 1), round(p[1], 1)]


def outline(cells: list[list[list[float]]]) -> list[list[list[float]]]:
    """The rings that bound the union of ``cells`` (rounded polygons of one tiling, so two
    cells share an edge exactly): every edge two cells share runs both ways and cancels; what
    is left chains into closed rings (an outer coast, or a hole an island makes, drawn with
    the even-odd rule). A sea is one path of a few rings instead of ~100 cells: the file
    the phone downloads is a sixth of the size (issue 42), and the picture is the same."""
    edges: dict[tuple[Point, Point], int] = {}
    for cell in cells:
        for i, corner in enumerate(cell):
            nxt = cell[(i + 1) % len(cell)]
            if corner != nxt:
                key = ((corner[0], corner[1]), (nxt[0], nxt[1]))
                edges[key] = edges.get(key, 0) + 1
    after: dict[Point, list[Point]] = {}
    for (a, b), n in edges.items():
        for _ in range(n - edges.get((b, a), 0)):
            after.setdefault(a, []).append(b)
    if any(len(nexts) != 1 for nexts in after.values()):
        raise ValueError("the cells do not meet edge to edge: no single outline")
    rings = []
    while after:
        start = min(after)  # deterministic: the same file from the same data
        ring, at = [start], after.pop(start)[0]
        while at != start:
            ring.append(at)
            at = after.pop(at)[0]
        rings.append([[x, y] for x, y in ring])
    return rings


def _centroid(poly: list[Point]) -> Point:
    a = cx = cy = 0.0
    for i in range(len(poly)):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % len(poly)]
        c = x0 * y1 - x1 * y0
        a += c
        cx += (x0 + x1) * c
        cy += (y0 + y1) * c
    if abs(a) < 1e-9:
        return poly[0]
    return cx / (3 * a), cy / (3 * a)


def _area(poly: list[Point]) -> float:
    return abs(sum(
        poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1]
        for i in range(len(poly))
    )) / 2


def build() -> dict:
    """Compute the whole layout document."""
    board = load_map()
    lands = board["lands"]
    pos, spacing = place_land(board)
    water = water_points(board, pos, spacing)
    land_ids = sorted(lands)
    sites = [pos[a] for a in land_ids] + [p for p, _ in water]
    region = land_ids + [s for _, s in water]
    cells = voronoi(sites)
    pairs = adjacency_pairs(board)

    # shared border segments between regions, by region pair
    shared: dict[tuple[int, int], list[tuple[Point, Point]]] = {}
    for i, (poly, labels) in enumerate(cells):
        for k, j in enumerate(labels):
            if j < i or j < 0:
                continue  # each edge once (from the lower cell)
            a, b = region[i], region[j]
            if a == b:
                continue
            p, q = poly[k], poly[(k + 1) % len(poly)]
            shared.setdefault((min(a, b), max(a, b)), []).append((p, q))
    border_len = {
        pair: sum(math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in segs)
        for pair, segs in shared.items()
    }
    bordered = {pair for pair, length in border_len.items() if length >= MIN_BORDER}

    areas = {}
    for i, a in enumerate(land_ids):
        poly = cells[i][0]
        areas[str(a)] = {
            "province": lands[a]["province"],
            "poly": [_r(p) for p in poly],
            "centre": _r(_centroid(poly)),
        }
    sea_cells: dict[int, list[list[Point]]] = {}
    for i in range(len(land_ids), len(sites)):
        sea_cells.setdefault(region[i], []).append(cells[i][0])
    seas = {}
    for s in sorted(board["seas"]):
        polys = sea_cells.get(s, [])
        target = project(*SEA_CENTRES[s])
        # the label goes in the sea's cell nearest its geographic centre, away from coasts
        best = min(
            polys,
            key=lambda poly: math.hypot(_centroid(poly)[0] - target[0],
                                        _centroid(poly)[1] - target[1]),
        )
        seas[str(s)] = {
            "name": board["seas"][s]["name"],
            "polys": outline([[_r(p) for p in poly] for poly in polys]),
            "centre": _r(_centroid(best)),
        }

    def anchor(rid: int, toward: Point) -> Point:
        """Where a connector ends in a region: the area centre, or the nearest sea cell."""
        if rid in lands:
            return tuple(areas[str(rid)]["centre"])  # type: ignore[return-value]
        return min(
            (_centroid(poly) for poly in sea_cells[rid]),
            key=lambda c: math.hypot(c[0] - toward[0], c[1] - toward[1]),
        )

    connectors = []
    for a, b in sorted(pairs - bordered):
        pa = anchor(a, pos.get(b, project(*SEA_CENTRES.get(b, (0, 0)))))
        pb = anchor(b, pa)
        if a not in lands:
            pa = anchor(a, pb)
        connectors.append({"a": a, "b": b, "line": [_r(pa), _r(pb)]})

    def segs_of(pair: tuple[int, int]) -> list[list[float]]:
        return [_r(p) + _r(q) for p, q in shared[pair]]

    barriers = [
        {"a": a, "b": b, "segments": segs_of((a, b))}
        for (a, b) in sorted(bordered - pairs)
    ]
    province_borders: list[list[float]] = []
    sea_borders: list[list[float]] = []
    for (a, b), segs in sorted(shared.items()):
        if (a, b) not in pairs:
            continue
        if a in lands and b in lands and lands[a]["province"] != lands[b]["province"]:
            province_borders += [_r(p) + _r(q) for p, q in segs]
        elif a not in lands and b not in lands:
            sea_borders += [_r(p) + _r(q) for p, q in segs]
    provinces = {}
    for name, info in board["provinces"].items():
        xs = [areas[str(a)]["centre"][0] for a in info["areas"]]
        ys = [areas[str(a)]["centre"][1] for a in info["areas"]]
        provinces[name] = {"label": [round(sum(xs) / len(xs), 1), round(sum(ys) / len(ys), 1)]}
    return {
        "about": "Generated by tools/indonesia_layout.py from engines/indonesia/data/map.json;"
        " do not edit by hand.",
        "viewBox": [0, 0, round(WIDTH), round(HEIGHT)],
        "min_border": MIN_BORDER,
        "areas": areas,
        "seas": seas,
        "provinces": provinces,
        "province_borders": province_borders,
        "sea_borders": sea_borders,
        "connectors": connectors,
        "barriers": barriers,
        "nonplanar_witness": nonplanar_witness(board),
        # the map's adjacency, so the browser can suggest other sale routings
        "adjacency": {
            str(r): sorted({b for pair in pairs if r in pair for b in pair if b != r})
            for r in sorted(list(lands) + list(board["seas"]))
        },
    }


def main() -> None:
    """Write the layout file and print a short summary."""
    doc = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, separators=(",", ":")))
    print(
        f"wrote {OUT.relative_to(ROOT)}: {len(doc['areas'])} areas, {len(doc['seas'])} seas, "
        f"{len(doc['connectors'])} connectors, {len(doc['barriers'])} barriers"
    )


if __name__ == "__main__":
    main()
