"""Determinization: a full Tuk-Tuk Taxi state consistent with one seat's view.

The table is open; only the order of the sign stack and the die's future are secret. The
view also leaves out what the turn remembers between legs (the cell left last, the signs
already used): a player saw those happen, the view does not carry them, so they are rebuilt
from what the view does show (each offered route's path and note). The order of the
drop-offs (the tie-break) is in the view.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any, cast

import orjson

from engines.core.types import State
from engines.tuk_tuk_taxi import data
from engines.tuk_tuk_taxi.setup import build_stack
from engines.tuk_tuk_taxi.state import MoveOption, TukTukState, Turn


def determinize(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A state whose view for ``seat`` is ``view``; the stack is a random order of the
    tiles not on the board (nor the drawn one still to be dealt with)."""
    n = view["players"]
    signs = {k: {"kind": v["kind"], "dir": v["dir"]} for k, v in view["signs"].items()}
    drawn = view["drawn"]["kind"] if view["drawn"] is not None else None
    pool = Counter(build_stack(view["simplified"]))
    pool.subtract(v["kind"] for v in signs.values())
    if drawn is not None and view["phase"] == "sign":
        pool[drawn] -= 1
    unseen = sorted(k for k, c in pool.items() for _ in range(max(c, 0)))
    # Every determinization is a world of its own (stack order and die). The hard bot's
    # rollouts pair their candidates inside each world (engines/bots/rollout.py), so they
    # need many worlds, not a few shared ones: drawn from 4 (round 5's pool, made for the
    # tree search), 60 rollouts were 4 outcomes repeated, their paired error looked 4x
    # smaller than it was, and hard switched on noise (issue 40, round "hardbot"). The
    # seat's generator still shuffles (a copy) and draws 64 bits as before, so the easy
    # bot's noise is unchanged; the world is that draw and the view's (never the hidden state).
    rng.shuffle(list(unseen))
    wrng = random.Random(_view_seed(view, seat) ^ rng.getrandbits(64))
    wrng.shuffle(unseen)
    delivered = list(view["delivered"])
    last_drop: list[int | None] = list(view["last_drop"])
    die = view["die"]
    state: TukTukState = {
        "players": n,
        "simplified": view["simplified"],
        "side": view["side"],
        "stack": unseen[:view["stack_count"]],
        "drawn": drawn,
        "signs": cast(Any, signs),
        "removed": view["removed"],
        "taxis": list(view["taxis"]),
        "carrying": list(view["carrying"]),
        "passengers": list(view["passengers"]),
        "delivered": delivered,
        "last_drop": last_drop,
        "drops": max((d for d in last_drop if d is not None), default=0),
        "skip": list(view["skip"]),
        "current": view["current"],
        "phase": view["phase"],
        "die": None if die is None else dict(die),  # type: ignore[typeddict-item]
        "turn": _turn(view),
        "moves": [_move(view, m) for m in view["moves"]],
        "rng": wrng.getrandbits(64),
    }
    return cast(State, state)


def _view_seed(view: dict[str, Any], seat: int) -> int:
    """A number fixed by the seat's view alone (the worlds of one decision)."""
    digest = hashlib.blake2b(orjson.dumps([seat, view], option=orjson.OPT_SORT_KEYS),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big")



def _turn(view: dict[str, Any]) -> Turn:
    """What the turn remembers, as far as the view tells it."""
    roll = view["die"]["value"] if view["die"] is not None and view["phase"] in (
        "move", "no_parking") else None
    return {"prev": None, "first": view["phase"] in ("sign", "roll", "move"), "used": [],
            "roll": roll}


def _move(view: dict[str, Any], m: dict[str, Any]) -> MoveOption:
    """An offered route rebuilt from its path and its note (words.note's words)."""
    note: str = m["note"]
    path: list[str] = list(m["path"])
    signs = view["signs"]
    on_the_way = path[:-1]
    acted = [on_the_way[i] for i in data.acted_on_the_way(
        [signs[c]["kind"] if c in signs else "" for c in on_the_way])]
    continuation = ("no_parking" if "No parking" in note
                    else "no_stopping" if "No stopping" in note else None)
    return {
        "to": m["to"],
        "path": path,
        "police": note.startswith("Police"),
        "light": "light" in note.split(":")[0].lower(),
        "prev": path[-2] if len(path) > 1 else None,
        "acted": acted,
        "continuation": continuation,
        "note": note,
    }
