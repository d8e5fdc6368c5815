"""Sale routing as a min-cost max-flow (spec ruling 5).

A production company must sell as many goods as possible; among the maximal routings the
engine proposes the one with the best net income for the owner (ship fees paid to other
players cost 5 per sea, fees to the owner's own ships cost nothing), then the fewest ship
passes. The network:

    source -> zone (its goods) -> (shipping company, sea) in -> out (ships x hull)
           -> (same company, adjacent sea) ... -> city (its remaining demand) -> sink
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from engines.indonesia.board import LAND_SEAS, SEA_LANDS, SEA_SEAS

INF = 1 << 30
#: Weight of one foreign ship pass (5 rupiah) against one pass of any ship (tie-break).
FOREIGN_COST = 5 * 1000


@dataclass
class Network:
    """What one sale may use: zones of goods, ship capacities per company, city demand."""

    zones: list[list[int]]
    #: shipping company id -> {sea: capacity (ships x owner's hull)}
    ships: dict[str, dict[int, int]]
    #: shipping company ids whose owner is not the selling company's owner
    foreign: set[str] = field(default_factory=set)
    #: city land area -> goods of this type it still takes this year
    demand: dict[int, int] = field(default_factory=dict)


class _Graph:
    __slots__ = ("to", "cap", "cost", "adj")

    def __init__(self) -> None:
        self.to: list[int] = []
        self.cap: list[int] = []
        self.cost: list[int] = []
        self.adj: list[list[int]] = []

    def node(self) -> int:
        self.adj.append([])
        return len(self.adj) - 1

    def edge(self, u: int, v: int, cap: int, cost: int) -> None:
        self.adj[u].append(len(self.to))
        self.to.append(v)
        self.cap.append(cap)
        self.cost.append(cost)
        self.adj[v].append(len(self.to))
        self.to.append(u)
        self.cap.append(0)
        self.cost.append(-cost)


def zone_seas(zone: list[int]) -> set[int]:
    """Seas a zone's goods may set out into."""
    out: set[int] = set()
    for a in zone:
        out |= LAND_SEAS[a]
    return out


_MEMO: dict[tuple, list[dict]] = {}
_MEMO_SIZE = 512


def solve(net: Network) -> list[dict]:
    """The proposed maximal routing as aggregated routes
    ``{"zone": i, "ship": cid, "seas": [...], "city": area, "count": n}``.

    Memoized on the network's contents: the legal-action proposal and the check of the
    submitted sale ask the same question twice in a row.
    """
    key = (tuple(tuple(z) for z in net.zones),
           tuple(sorted((cid, tuple(sorted(seas.items())), cid in net.foreign)
                        for cid, seas in net.ships.items())),
           tuple(sorted(net.demand.items())))
    hit = _MEMO.get(key)
    if hit is None:
        hit = _solve(net)
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        _MEMO[key] = hit
    return [{**r, "seas": list(r["seas"])} for r in hit]


def _solve(net: Network) -> list[dict]:
    g = _Graph()
    src, sink = g.node(), g.node()
    zone_nodes = []
    for zone in net.zones:
        z = g.node()
        zone_nodes.append(z)
        g.edge(src, z, len(zone), 0)
    city_nodes: dict[int, int] = {}
    for city, d in net.demand.items():
        if d > 0:
            c = g.node()
            city_nodes[city] = c
            g.edge(c, sink, d, 0)
    if not city_nodes or not net.zones:
        return []
    meaning: dict[int, tuple[str, int]] = {}
    starts = [zone_seas(zone) for zone in net.zones]
    every_start = set().union(*starts)
    city_seas = {sea for city in city_nodes for sea in LAND_SEAS[city]}
    for cid, seas in net.ships.items():
        reach = _reachable(seas, every_start)
        if not reach or not (reach & city_seas):
            continue  # this company's ships cannot carry these goods to any city
        ins: dict[int, int] = {}
        outs: dict[int, int] = {}
        cost = 1 + (FOREIGN_COST if cid in net.foreign else 0)
        for sea in sorted(reach):
            i, o = g.node(), g.node()
            ins[sea], outs[sea] = i, o
            meaning[i] = (cid, sea)
            g.edge(i, o, seas[sea], cost)
        for sea, o in outs.items():
            for nxt in SEA_SEAS[sea]:
                if nxt in ins:
                    g.edge(o, ins[nxt], INF, 0)
            for land in SEA_LANDS[sea]:
                if land in city_nodes:
                    g.edge(o, city_nodes[land], INF, 0)
        for zi, start in enumerate(starts):
            for sea in start:
                if sea in ins:
                    g.edge(zone_nodes[zi], ins[sea], INF, 0)
    _min_cost_flow(g, src, sink)
    # Decompose into unit paths, then aggregate identical ones.
    flow = [0] * len(g.to)
    for e in range(0, len(g.to), 2):
        flow[e] = g.cap[e ^ 1]
    city_of = {v: k for k, v in city_nodes.items()}
    routes: dict[tuple, int] = {}
    for zi, z in enumerate(zone_nodes):
        while True:
            path_edges = []
            u = z
            path_seas: list[int] = []
            cid = ""
            while u not in city_of:
                for e in g.adj[u]:
                    if e % 2 == 0 and flow[e] > 0:
                        break
                else:
                    break
                path_edges.append(e)
                u = g.to[e]
                if u in meaning:
                    cid, sea = meaning[u]
                    path_seas.append(sea)
            if u not in city_of:
                break
            for e in path_edges:
                flow[e] -= 1
            key = (zi, cid, tuple(path_seas), city_of[u])
            routes[key] = routes.get(key, 0) + 1
    return [{"zone": k[0], "ship": k[1], "seas": list(k[2]), "city": k[3], "count": n}
            for k, n in sorted(routes.items())]


def _reachable(seas: dict[int, int], start: set[int]) -> set[int]:
    """Seas of one company reachable through its own ships from the goods' seas."""
    frontier = [x for x in start if seas.get(x, 0) > 0]
    seen = set(frontier)
    while frontier:
        sea = frontier.pop()
        for nxt in SEA_SEAS[sea]:
            if nxt not in seen and seas.get(nxt, 0) > 0:
                seen.add(nxt)
                frontier.append(nxt)
    return seen


def max_goods(net: Network) -> int:
    """How many goods the company can sell at most."""
    return sum(r["count"] for r in solve(net))


def _min_cost_flow(g: _Graph, src: int, sink: int) -> None:
    """Successive shortest paths (SPFA); costs are non-negative on forward edges."""
    n = len(g.adj)
    to, cap, cost, adj = g.to, g.cap, g.cost, g.adj
    while True:
        dist = [INF] * n
        prev = [-1] * n
        inq = [False] * n
        dist[src] = 0
        q = deque([src])
        while q:
            u = q.popleft()
            inq[u] = False
            du = dist[u]
            for e in adj[u]:
                if cap[e] > 0:
                    v = to[e]
                    nd = du + cost[e]
                    if nd < dist[v]:
                        dist[v] = nd
                        prev[v] = e
                        if not inq[v]:
                            inq[v] = True
                            q.append(v)
        if dist[sink] >= INF:
            return
        push = INF
        v = sink
        while v != src:
            e = prev[v]
            push = min(push, cap[e])
            v = to[e ^ 1]
        v = sink
        while v != src:
            e = prev[v]
            cap[e] -= push
            cap[e ^ 1] += push
            v = to[e ^ 1]
