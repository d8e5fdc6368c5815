"""What each viewer sees: everything public, plus the viewer's own hand and offers to them."""

from __future__ import annotations

from typing import Any

from engines.kaki_lima.data import (
    CA_TEXT,
    JOM_CARDS,
    KAWAN,
    PEDESTRIANS,
    TASK_CARDS,
)
from engines.kaki_lima.rules import card_view, free_jom_tokens, jom_need
from engines.kaki_lima.scoring import ca_stars, score_breakdown
from engines.kaki_lima.walking import steps_left

State = dict[str, Any]


def view(state: State, seat: int | None, waiting: list[int]) -> dict[str, Any]:
    """The viewer's document (``waiting``: the seats the game awaits). Never the rng, the draw
    pile's order or another hand."""
    n = state["n"]
    stars = ca_stars(len(state["cleared"]))
    return {
        "players": n,
        "pedestrians": list(PEDESTRIANS[:n]),
        "phase": state["phase"],
        "placing": state["placing"] if state["phase"] == "place" else None,
        "current": state["current"],
        "cells": state["cells"],
        "cleared": sorted(state["cleared"]),
        "pos": state["pos"],
        "hand": None if seat is None else [card_view(c) for c in state["hands"][seat]],
        "hand_sizes": [len(h) for h in state["hands"]],
        "draw_count": len(state["draw"]),
        "discard_top": card_view(state["discard"][-1]) if state["discard"] else None,
        "discard_count": len(state["discard"]),
        "pool": state["pool"],
        "held": state["held"],
        "paths": state["paths"],
        "tasks": [task_view(state, s) for s in range(n)],
        "reached": state["reached"],
        "met": state["met"],
        "met_at": state["met_at"],
        "jom": [jom_view(state, name) for name in JOM_CARDS],
        "jom_free": [free_jom_tokens(state, s) for s in range(n)],
        "gather": state["gather"],
        "aside": [None if a is None else {"cell": a["cell"], "steps": a["steps"],
                                          "cards": [card_view(c) for c in a["cards"]]}
                  for a in state["aside"]],
        "ca": {"paths": len(state["cleared"]), "stars": stars, "text": CA_TEXT[stars]},
        "pa": [score_breakdown(state, s) for s in range(n)],
        "turn": turn_view(state),
        "last_walk": state["last_walk"],
        "answer": answer_view(state, seat),
        "awaiting": waiting,
        "trigger": state["trigger"],
        "end_queue": state["end_queue"],
        "stalled": state["stalled"],
        # Public bookkeeping (everyone saw it happen) that bots rebuild a state from.
        "quiet": state["quiet"],
        "proposed": list(state["proposed"]),
        "committed_card": committed_card(state, seat),
    }


def committed_card(state: State, seat: int | None) -> dict[str, Any] | None:
    """The card the walker must walk (taken by Swap, or a Move card): the walker's own."""
    card = state["turn"]["committed"]
    if card is None or seat != state["current"]:
        return None
    return card_view(card)


def task_view(state: State, seat: int) -> dict[str, Any]:
    """A Pi Mana? card with its checked tasks (public)."""
    tasks = TASK_CARDS[state["task_card"][seat]]
    return {
        "card": state["task_card"][seat] + 1,
        "items": [{"kind": k, "target": t, "done": d}
                  for (k, t), d in zip(tasks, state["done"][seat], strict=True)],
    }


def jom_view(state: State, name: str) -> dict[str, Any]:
    """A Jom! card with the tokens on it."""
    needs, vp = JOM_CARDS[name]
    card = state["jom"][name]
    return {
        "name": name,
        "needs": list(needs) if name != KAWAN else [],
        "need": jom_need(state, name),
        "vp": vp,
        "claimed": card["claimed"],
        "tokens": card["tokens"],
    }


def turn_view(state: State) -> dict[str, Any]:
    """The turn in progress: stage, the walk and its path, walk-together exchange."""
    turn = state["turn"]
    walk = turn["walk"]
    return {
        "stage": turn["stage"],
        "extra": turn["extra"],
        "another": turn["another"],
        "played": [card_view(c) for c in turn["played"]],
        "committed": None if turn["commit_kind"] is None else turn["commit_kind"],
        "walk": None if walk is None else {
            "cards": [card_view(c) for c in walk["cards"]],
            "steps": walk["steps"], "end": walk["end"], "path": walk["path"],
            "left": steps_left(walk), "diagonal": walk["diagonal"],
            "reverse": walk["reverse"], "around": walk["around"],
        },
        "route": turn["route"],
        "invite": turn["invite"],
        "companions": turn["companions"],
        "offered": turn["offered"],
    }


def answer_view(state: State, seat: int | None) -> dict[str, Any] | None:
    """A pending offer or proposal; the cards only for the two players concerned."""
    ans = state["answer"]
    if ans is None:
        return None
    out = {k: v for k, v in ans.items() if k not in ("cards", "card")}
    if seat in (ans["from"], ans["to"]):
        if "cards" in ans:
            out["cards"] = [card_view(c) for c in ans["cards"]]
        if ans.get("card") is not None:
            out["card"] = card_view(ans["card"])
    if ans["kind"] == "trade":
        out["count"] = len(ans["cards"])
    else:
        out["proposer_gives"] = ans["card"] is not None
    return out
