"""Determinization: a full Kaki Lima state rebuilt from one seat's view (for the bots).

What a seat cannot see (view.py): the order of the draw pile, the discard pile below its top
card, the other pedestrians' hands, the cards of an offer it is not party to, which card the
walker committed to, and the rng. Those cards are dealt again at random from the Langkah
cards the seat does not see anywhere, respecting every count the view shows. A few
bookkeeping fields the view leaves out are recomputed from what it shows (the Lokasi actions
still to run after a trade, the pedestrians still to be asked to walk together, the final
clearing queue).
"""

from __future__ import annotations

import random
from typing import Any

from engines.kaki_lima.data import ANOTHER, DECK, LOKASI, MOVE, SWAP, TRADE
from engines.kaki_lima.rules import card_booster
from engines.kaki_lima.walking import walk_together_candidates

State = dict[str, Any]


def _ids(cards: list[dict[str, Any]] | None) -> list[str]:
    return [c["id"] for c in cards or []]


def determinize(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A state whose ``view(state, seat)`` is ``view``, hidden cards dealt at random."""
    n = view["players"]
    tv = view["turn"]
    av = view["answer"]
    own = _ids(view["hand"])
    seen = set(own)
    if view["discard_top"] is not None:
        seen.add(view["discard_top"]["id"])
    for a in view["aside"]:
        if a is not None:
            seen.update(_ids(a["cards"]))
    seen.update(_ids(tv["played"]))
    if tv["walk"] is not None:
        seen.update(_ids(tv["walk"]["cards"]))
    shown = view.get("committed_card")
    if shown is not None:
        seen.add(shown["id"])
    if av is not None:
        seen.update(_ids(av.get("cards")))
        if av.get("card") is not None:
            seen.add(av["card"]["id"])
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)

    current = view["current"]
    hands: list[list[str]] = [[] for _ in range(n)]
    hands[seat] = list(own)
    # Cards known to sit in another hand: an offer's cards seen by the party it is made to.
    known: dict[int, list[str]] = {}
    if av is not None and seat != av["from"]:
        if av["kind"] == "trade" and "cards" in av:
            known[av["from"]] = _ids(av["cards"])
        elif av["kind"] == "clearing" and av.get("card") is not None:
            known[av["from"]] = [av["card"]["id"]]
    committed = None
    # The committed kind stays shown after the walk; a card is pending only at this stage.
    pending = tv["committed"] if tv["stage"] == "committed" else None
    if shown is not None:
        committed = shown["id"]
    elif pending == SWAP and current != seat:
        committed = unseen.pop()  # the walker's swapped-in card, unseen by this seat
    elif pending == MOVE and current != seat:
        moves = [c for c in unseen if card_booster(c) == MOVE]
        committed = moves[0] if moves else unseen[-1]
        unseen.remove(committed)
    if committed is not None and current != seat:
        known.setdefault(current, []).append(committed)
    for s in range(n):
        if s == seat:
            continue
        hands[s] = list(known.get(s, []))
        while len(hands[s]) < view["hand_sizes"][s]:
            hands[s].append(unseen.pop())
        rng.shuffle(hands[s])
    draw = [unseen.pop() for _ in range(view["draw_count"])]
    below = [unseen.pop() for _ in range(max(0, view["discard_count"] - 1))]
    discard = below + ([view["discard_top"]["id"]] if view["discard_top"] else [])

    answer = _answer(view, seat, hands, committed, rng)
    turn = _turn(view, tv, committed)
    state: State = {
        "n": n,
        "cells": list(view["cells"]),
        "cleared": list(view["cleared"]),
        "pos": list(view["pos"]),
        "hands": hands,
        "draw": draw,
        "discard": discard,
        "pool": view["pool"],
        "held": list(view["held"]),
        "paths": list(view["paths"]),
        "task_card": [t["card"] - 1 for t in view["tasks"]],
        "done": [[i["done"] for i in t["items"]] for t in view["tasks"]],
        "reached": [list(r) for r in view["reached"]],
        "met": [list(m) for m in view["met"]],
        "met_at": [list(m) for m in view["met_at"]],
        "jom": {j["name"]: {"claimed": j["claimed"], "tokens": [list(t) for t in j["tokens"]]}
                for j in view["jom"]},
        "gather": list(view["gather"]),
        "aside": [None if a is None else {"cell": a["cell"], "steps": a["steps"],
                                          "cards": _ids(a["cards"])} for a in view["aside"]],
        "phase": view["phase"],
        "placing": view["placing"] if view["placing"] is not None else n,
        "current": current,
        "turn": turn,
        "answer": answer,
        "trigger": view["trigger"],
        "end_queue": None if view["end_queue"] is None else list(view["end_queue"]),
        "stalled": view["stalled"],
        "quiet": view.get("quiet", 0),
        "proposed": list(view.get("proposed", [])),
        "final_queue": (list(range(view["awaiting"][0], n))
                        if view["phase"] == "final" and view["awaiting"] else []),
        "last_walk": None if view["last_walk"] is None else dict(view["last_walk"]),
        "rng": rng.getrandbits(64),
    }
    if tv["stage"] == "invite" and tv["invite"] is not None:
        state["turn"]["cands"] = _remaining_candidates(state, tv["invite"]["seat"])
    return state


def _answer(view: dict[str, Any], seat: int, hands: list[list[str]], committed: str | None,
            rng: random.Random) -> dict[str, Any] | None:
    av = view["answer"]
    if av is None:
        return None
    out: dict[str, Any] = {k: v for k, v in av.items()
                           if k not in ("cards", "card", "count", "proposer_gives")}
    giver = av["from"]
    if av["kind"] == "trade":
        if "cards" in av:
            out["cards"] = _ids(av["cards"])
        else:
            out["cards"] = rng.sample(sorted(hands[giver]), av["count"])
    else:
        if not av["proposer_gives"]:
            out["card"] = None
        elif av.get("card") is not None:
            out["card"] = av["card"]["id"]
        else:
            spare = sorted(c for c in hands[giver]
                           if not (giver == view["current"] and c == committed))
            out["card"] = rng.choice(spare) if spare else hands[giver][0]
    return out


def _turn(view: dict[str, Any], tv: dict[str, Any], committed: str | None) -> dict[str, Any]:
    walk = tv["walk"]
    stage = tv["stage"]
    actions: list[str] = []
    if stage == "trade":
        # Only a trade stops the Lokasi's actions half way: what follows it is still to run.
        card = view["cells"][view["pos"][view["current"]]]
        acts = list(LOKASI.get(card, ()))
        if TRADE in acts:
            actions = [a for a in acts[acts.index(TRADE) + 1:]
                       if not (a == ANOTHER and tv["extra"])]
    walked = stage in ("trade", "jom", "clearing") and bool(tv["played"])
    return {
        "stage": stage,
        "extra": tv["extra"],
        "another": tv["another"],
        "played": _ids(tv["played"]),
        "committed": committed,
        "commit_kind": tv["committed"],
        "walk": None if walk is None else {
            "cards": _ids(walk["cards"]), "steps": walk["steps"], "end": walk["end"],
            "path": list(walk["path"]), "diagonal": walk["diagonal"],
            "reverse": walk["reverse"], "around": walk["around"]},
        "route": list(tv["route"]),
        "cands": [],
        "companions": [dict(c) for c in tv["companions"]],
        "invite": None if tv["invite"] is None else dict(tv["invite"]),
        "actions": actions,
        "offered": list(tv["offered"]),
        "active": walked or tv["committed"] == MOVE,
        "walked": walked,
    }


def _remaining_candidates(state: State, asking: int) -> list[dict[str, int]]:
    """The pedestrians still to be asked after the one being asked now (path order)."""
    if state["turn"]["walk"] is None:
        return []
    cands = walk_together_candidates(state)
    seats = [c["seat"] for c in cands]
    return cands[seats.index(asking) + 1:] if asking in seats else []
