"""What one viewer may see (spec: secret money hides running totals, every event is public)."""

from __future__ import annotations

from typing import Any

from engines.indonesia.board import LAND_PROVINCE
from engines.indonesia.data.components import (
    BID_MULTIPLIER,
    DEEDS,
    GOODS,
    GOODS_SUPPLY,
    SHIPPING,
)
from engines.indonesia.rules import (
    free_slots,
    goods_on_board,
    owned,
    ship_limit,
    units,
    zones,
)

#: Player fields that secret money hides from everyone but their owner until the game ends.
SECRET_FIELDS = ("cash", "bank", "earned", "bonus")


def build_view(st: dict, seat: int | None) -> dict:
    """The viewer's document: the board, companies, cities and the phase's step."""
    on_board = goods_on_board(st)
    step = {k: v for k, v in st["step"].items() if k not in ("i",)}
    if "queue" in step:
        step["queue"] = list(step["queue"])
    return {
        "era": st["era"], "year": st["year"], "phase": st["phase"], "secret": st["secret"],
        "order": list(st["order"]), "players": _players(st, seat),
        "deeds": [_deed(d) for d in st["deeds"]],
        "companies": [_company(st, cid, co) for cid, co in st["companies"].items()],
        "cities": _cities(st, [g for g in GOODS if on_board[g] > 0]),
        "goods_on_board": on_board,
        "goods_supply": {g: GOODS_SUPPLY[g] - on_board[g] for g in GOODS},
        "stones": dict(st["stones"]),
        "step": _clone_plain(step),
        "last_sale": _clone_plain(st["last_sale"]),
        "bids": [dict(b) for b in st["bids"]],
        "final": _clone_plain(st["final"]),
        "end": st.get("end"),
        # Public: everyone saw every deed, merger and research step (spec ruling 14).
        "last_progress": st.get("last_progress"),
    }


def _players(st: dict, seat: int | None) -> list[dict[str, Any]]:
    """Each player; secret money shows the running totals to their owner only."""
    hide = st["secret"] and st["phase"] != "over"
    bids = {b["seat"]: b["bid"] for b in st["bids"]}
    players = []
    for s in range(st["players"]):
        mine = s == seat
        p: dict[str, Any] = {"seat": s}
        for f in SECRET_FIELDS:
            p[f] = st[f][s] if (mine or not hide) else None
        p.update({
            "research": dict(st["research"][s]),
            "multiplier": BID_MULTIPLIER[st["research"][s]["bid"]],
            "companies": owned(st, s),
            "free_slots": free_slots(st, s),
            "cards": list(st["hands"][s]) if mine else None,
            "card_count": len(st["hands"][s]),
            "last_bid": bids.get(s),
        })
        players.append(p)
    return players


def _company(st: dict, cid: str, co: dict) -> dict[str, Any]:
    shipping = co["type"] == SHIPPING
    return {
        "id": cid, "type": co["type"], "owner": co["owner"], "deeds": list(co["deeds"]),
        "areas": list(co["areas"]), "zones": zones(co["areas"]) if co["areas"] else [],
        "ships": dict(co["ships"]), "ship_count": units(co) if shipping else 0,
        "ship_limit": ship_limit(st, co) if shipping else None, "units": units(co),
        "operated": co["operated"], "merged": co["merged"]}


def _cities(st: dict, present: list[str]) -> list[dict[str, Any]]:
    """Each city with what it still needs of the goods on the board to grow (spec 12)."""
    cities = []
    for a, c in st["cities"].items():
        needs = {}
        if c["size"] < 3:
            needs = {g: c["size"] - c["delivered"].get(g, 0) for g in present
                     if c["delivered"].get(g, 0) < c["size"]}
        cities.append({"area": int(a), "province": LAND_PROVINCE[int(a)], "size": c["size"],
                       "delivered": dict(c["delivered"]), "needs": needs})
    return cities


def _deed(d: str) -> dict:
    info = DEEDS[d]
    out = {"id": d, "era": info["era"], "type": info["type"], "province": info["province"]}
    if "ships" in info:
        out["ships"] = list(info["ships"])
    return out


def _clone_plain(v):
    if isinstance(v, dict):
        return {k: _clone_plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_clone_plain(x) for x in v]
    return v
