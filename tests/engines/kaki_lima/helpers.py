"""Builders for hand-made Kaki Lima positions used by the unit tests."""

from __future__ import annotations

import json
from typing import Any

from engines.core.log import LogEntry
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import GAP_CELLS, cell
from engines.kaki_lima.data import DECK, GAP, GREEN
from engines.kaki_lima.setup import new_turn

State = dict[str, Any]


def card(steps: int, booster: str | None = None, nth: int = 0) -> str:
    """The id of the nth Langkah card with these steps and booster."""
    found = [c for c, (s, b) in DECK.items() if s == steps and b == booster]
    return found[nth]


def position(n: int = 2, cards: dict[tuple[int, int], str] | None = None,
             pos: list[tuple[int, int]] | None = None,
             hands: list[list[str]] | None = None, current: int = 0,
             held: list[int] | None = None, seed: int = 1) -> State:
    """A game in play on an all-Green grid with the given cards at (row, col), 0-based.

    Hands are exactly as given; the draw pile keeps the remaining cards.
    """
    state = ENGINE.setup(n, {}, seed)
    cells = [GAP if i in GAP_CELLS else GREEN for i in range(50)]
    for (r, c), name in (cards or {}).items():
        cells[cell(r, c)] = name
    state["cells"] = cells
    state["pos"] = [cell(r, c) for r, c in (pos or [(0, 0)] * n)]
    if hands is not None:
        used = {c for h in hands for c in h}
        state["hands"] = [list(h) for h in hands]
        state["discard"] = [c for c in state["discard"] if c not in used] or \
            [c for c in DECK if c not in used][:1]
        state["draw"] = [c for c in DECK if c not in used and c not in state["discard"]]
    state["held"] = list(held or [0] * n)
    state["phase"] = "play"
    state["current"] = current
    state["turn"] = new_turn()
    return state


def act(state: State, who: int, **action: Any) -> tuple[State, list[LogEntry]]:
    """Apply one action (given as keyword fields) for seat ``who``; new state and log."""
    result = ENGINE.apply(state, who, ENGINE.parse_action(action))
    return result.state, result.log


def walk_path(state: State, seat: int, cards: list[str], path: list[tuple[int, int]],
              clear: tuple[int, ...] = ()) -> tuple[State, list[LogEntry]]:
    """Walk ``cards`` along ``path`` (cells after the start), stepping where still needed.

    ``clear`` lists path indexes whose Red card is cleared at that step.
    """
    cells = [cell(r, c) for r, c in path]
    state, log = act(state, seat, type="walk", cards=cards, end=cells[-1])
    for i, c in enumerate(cells):
        turn = state["turn"]
        if turn["stage"] != "path":
            break
        done = len(turn["walk"]["path"]) - 1
        if done > i:
            continue
        state, more = act(state, seat, type="step", cell=c, clear=i in clear)
        log += more
    return state, log


def said(entry: LogEntry) -> str:
    """A log line as a player reads it in English, with its structured detail (which names
    card ids only where the line is private)."""
    return entry.english() + (json.dumps(entry.data) if entry.data else "")


def texts(log: list[LogEntry]) -> str:
    """All public log text joined (for assertions on what players read)."""
    return "\n".join(e.english() for e in log if e.to is None)


def skip_jom(state: State) -> State:
    """Finish the Jom! step of the turn without placing tokens."""
    if state["phase"] == "play" and state["turn"]["stage"] == "jom":
        state, _ = act(state, state["current"], type="end_jom")
    return state
