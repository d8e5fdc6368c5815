"""Pure queries over a state: cards and combinations, clearing targets, tasks, Jom! cards and
scoring. Nothing here changes the state (the moves are in moves.py, flow.py, clearing.py).
"""

from __future__ import annotations

from typing import Any

from engines.kaki_lima.board import BLOCKED, in_line, kinds
from engines.kaki_lima.data import (
    AROUND,
    COMBINE,
    DECK,
    DIAGONAL,
    DOUBLE,
    JOM_CARDS,
    JOM_TOKENS,
    KAWAN,
    KAWAN_BIG_NEED,
    KAWAN_BIG_TABLE,
    PICKUP,
    REVERSE,
    SWAP,
)

State = dict[str, Any]

WALK_BOOSTERS = (DIAGONAL, REVERSE, AROUND, PICKUP)
PAIR_BOOSTERS = (DOUBLE, COMBINE)


def card_steps(card: str) -> int:
    """The steps printed on a Langkah card."""
    return DECK[card][0]


def card_booster(card: str) -> str | None:
    """The booster printed on a Langkah card, or None for a plain one."""
    return DECK[card][1]


def describe(card: str) -> str:
    """A public description ("a 3-step Diagonal card") that does not identify the card."""
    steps, booster = DECK[card]
    extra = f" {booster.title()}" if booster else ""
    return f"a {steps}-step{extra} card"


def card_view(card: str) -> dict[str, Any]:
    """A card as the renderer shows it."""
    steps, booster = DECK[card]
    return {"id": card, "steps": steps, "booster": booster}


# --- walk combinations ---------------------------------------------------------------------

def combos(hand: list[str], committed: str | None) -> list[dict[str, Any]]:
    """Every playable card combination: one card, or a Double/Combine card with a partner.

    Spec ruling 3: Double walks twice the partner's steps, Combine the sum; the partner's
    booster works too unless it is Double, Combine or Swap. A committed card (taken by Swap,
    or played for Move Clearing Token) must be part of the walk.
    """
    out = []
    for card in hand:
        steps, booster = DECK[card]
        out.append(_combo([card], steps, booster))
    for lead in hand:
        lead_steps, lead_booster = DECK[lead]
        if lead_booster not in PAIR_BOOSTERS:
            continue
        for partner in hand:
            if partner == lead:
                continue
            p_steps, p_booster = DECK[partner]
            if p_booster in PAIR_BOOSTERS and partner < lead:
                continue  # the same pair the other way round walks the same steps
            steps = 2 * p_steps if lead_booster == DOUBLE else lead_steps + p_steps
            booster = None if p_booster in PAIR_BOOSTERS or p_booster == SWAP else p_booster
            out.append(_combo([lead, partner], steps, booster))
    if committed is not None:
        out = [c for c in out if committed in c["cards"]]
    return out


def _combo(cards: list[str], steps: int, booster: str | None) -> dict[str, Any]:
    return {
        "cards": cards,
        "steps": steps,
        "diagonal": booster == DIAGONAL,
        "reverse": booster == REVERSE,
        "around": booster == AROUND,
        "pickup": booster == PICKUP,
    }


# --- clearing ------------------------------------------------------------------------------

def spare_cards(state: State, seat: int) -> list[str]:
    """The cards ``seat`` may give away: its hand less the card it has committed to this turn
    (a Move card still to be walked, a swapped card), which must stay until the turn uses it."""
    hand = state["hands"][seat]
    committed = state["turn"]["committed"] if seat == state["current"] else None
    return sorted(c for c in hand if c != committed)


def blocked_cells(state: State) -> list[int]:
    """Red cards not cleared."""
    return [i for i, k in enumerate(kinds(state)) if k == BLOCKED]


def clear_targets(state: State, seat: int) -> list[int]:
    """Red cards this seat may clear individually now (spec ruling 7): in line with the
    pedestrian, or, for the player whose turn it is, with any card of their current walk."""
    anchors = [state["pos"][seat]]
    if state["phase"] == "play" and seat == state["current"]:
        anchors += state["turn"]["route"]
    return [r for r in blocked_cells(state) if any(in_line(a, r) for a in anchors)]


# --- tasks ---------------------------------------------------------------------------------

def task_done(state: State, seat: int, task: tuple[str, Any]) -> bool:
    """Whether a Pi Mana? task is met by what the pedestrian has done so far."""
    kind, target = task
    if kind == "visit":
        return target in state["reached"][seat]
    if kind == "meet":
        return target in state["met_at"][seat]
    return state["paths"][seat] >= target


# --- Jom! ----------------------------------------------------------------------------------

def kawan_need(n: int) -> int:
    """Pedestrians to meet for Jom Kawan: every other one, or 4 with 5 or more players."""
    return KAWAN_BIG_NEED if n >= KAWAN_BIG_TABLE else n - 1


def jom_need(state: State, name: str) -> int:
    """How many tokens claim this Jom! card."""
    return kawan_need(state["n"]) if name == KAWAN else len(JOM_CARDS[name][0])


def free_jom_tokens(state: State, seat: int) -> int:
    """Jom! tokens the pedestrian still has (tokens return when a card is claimed)."""
    used = sum(len(j["tokens"][seat]) for j in state["jom"].values() if j["claimed"] is None)
    return JOM_TOKENS - used


def jom_options(state: State, seat: int) -> dict[str, list[str]]:
    """Jom! card -> entries this pedestrian may cover now (reached or met, not yet covered)."""
    if free_jom_tokens(state, seat) <= 0:
        return {}
    out = {}
    for name, card in state["jom"].items():
        if card["claimed"] is not None:
            continue
        if name == KAWAN:
            entries = [str(o) for o in state["met"][seat]]
        else:
            entries = [e for e in JOM_CARDS[name][0] if e in state["reached"][seat]]
        entries = [e for e in entries if e not in card["tokens"][seat]]
        if entries:
            out[name] = entries
    return out
