"""How Kaki Lima's log lines and rule errors name things: board references (see
:mod:`engines.messages`) that the renderer words in the viewer's language and highlights.

* ``{"cell": 23, "label": "C4"}`` - a card of the city grid; ``label`` is the Lokasi's name,
  or the coordinate the board prints in its margins (row letter A-E, column 1-10), so a
  line read anywhere (a mail, the history API) names the card as the board does.
* ``{"langkah": 3, "booster": "diagonal", "label": "a 3-step Diagonal card"}`` - a Langkah
  card by what is printed on it (never its id: a public line must not identify a card that
  could be in a hand).
* ``{"lokasi": "Kopitiam", "label": "Kopitiam"}`` - a Lokasi by name (tasks, Jom! entries),
  highlighted wherever it lies in the grid.
* ``{"jom": "Jom Makan", "label": "Jom Makan"}`` - a Jom! card.
"""

from __future__ import annotations

from typing import Any

from engines.kaki_lima.board import is_lokasi
from engines.kaki_lima.data import COLS, DECK

ROW_LETTERS = "ABCDE"


def coordinate(i: int) -> str:
    """The label the board prints for a cell: row letter and column number ("C4")."""
    r, c = divmod(i, COLS)
    return f"{ROW_LETTERS[r]}{c + 1}"


def cell_ref(state: dict[str, Any], i: int) -> dict[str, Any]:
    """A grid card as a board reference (named by its Lokasi, or by its coordinate)."""
    card = state["cells"][i]
    return {"cell": i, "label": card if is_lokasi(card) else coordinate(i)}


def langkah_ref(card: str) -> dict[str, Any]:
    """A Langkah card by its steps and booster (no id)."""
    steps, booster = DECK[card]
    extra = f" {booster.title()}" if booster else ""
    ref: dict[str, Any] = {"langkah": steps, "label": f"a {steps}-step{extra} card"}
    if booster:
        ref["booster"] = booster
    return ref


def langkah_refs(cards: list[str]) -> list[dict[str, Any]]:
    """Several Langkah cards (a private line's offer or trade)."""
    return [langkah_ref(c) for c in cards]


def lokasi_ref(name: str) -> dict[str, str]:
    """A Lokasi by name."""
    return {"lokasi": name, "label": name}


def jom_ref(name: str) -> dict[str, str]:
    """A Jom! card by name."""
    return {"jom": name, "label": name}
