"""Clearing Blocked Paths: individual clearing and collaborative clearing (spec ruling 7).

Both may happen between any two accepted actions, in anyone's turn, while no one's answer
is awaited. A collaborative clearing waits for the partner's answer.
"""

from __future__ import annotations

from typing import Any

from engines.base import LogEntry, RuleError
from engines.kaki_lima.data import HAND_LIMIT
from engines.kaki_lima.moves import clear_path
from engines.kaki_lima.rules import blocked_cells, clear_targets, spare_cards
from engines.kaki_lima.turn import advance_final, cell_name, named, settle_clearing_offer
from engines.kaki_lima.walking import walk_survives

State = dict[str, Any]
Log = list[LogEntry]


def free_moment(state: State) -> bool:
    """True between actions when no one's answer is awaited (clearing may happen)."""
    return (state["phase"] == "play" and state["answer"] is None
            and state["turn"]["stage"] != "invite")


def do_clear(state: State, seat: int, cell: int, log: Log) -> None:
    """Individual clearing with a held token."""
    if state["phase"] == "final":
        if not state["final_queue"] or state["final_queue"][0] != seat:
            raise RuleError("Wait for your turn to spend your last clearing tokens.")
    elif not free_moment(state):
        raise RuleError("Wait until the current question has been answered.")
    if state["held"][seat] <= 0:
        raise RuleError("You have no clearing token.")
    if cell not in clear_targets(state, seat):
        raise RuleError("You can only clear a Red card in line with you (no gap between), or "
                        "with your walk.")
    if not walk_survives(state, seat, cell, 1):
        raise RuleError("You need that token to finish the walk you chose.")
    state["held"][seat] -= 1
    clear_path(state, cell, [seat], log,
               f"{{seat{seat}}} clears the Blocked Path at {cell_name(state, cell)}.")
    if state["phase"] == "final":
        advance_final(state, log)
    settle_clearing_offer(state, log)


def can_hold(state: State, holder: int) -> bool:
    """A token holder who may receive a card (never above 5 cards) and spend a token."""
    return state["held"][holder] > 0 and len(state["hands"][holder]) < HAND_LIMIT


def proposal_partners(state: State, seat: int) -> list[tuple[int, bool]]:
    """(partner, proposer gives the card) for each collaborative clearing ``seat`` may
    propose now: any player, in anyone's turn (spec "Turn structure" and ruling 7). One
    proposal per player per turn keeps the game moving."""
    if not free_moment(state) or seat in state["proposed"] or not blocked_cells(state):
        return []
    out = []
    for other in range(state["n"]):
        if other == seat:
            continue
        if (can_hold(state, seat) and spare_cards(state, other)
                and walk_survives(state, seat, None, 1)):
            out.append((other, False))
        if (can_hold(state, other) and spare_cards(state, seat)
                and walk_survives(state, other, None, 1)):
            out.append((other, True))
    return out


def do_propose(state: State, seat: int, partner: int, target: int, card: str | None,
               log: Log) -> None:
    """Propose a collaborative clearing; the partner answers."""
    gives = card is not None
    if partner >= state["n"] or (partner, gives) not in proposal_partners(state, seat):
        if seat in state["proposed"]:
            raise RuleError("You have already proposed a collaborative clearing this turn.")
        raise RuleError("One of you must hold a clearing token and room for one more card, "
                        "the other a Langkah card to give.")
    if target not in blocked_cells(state):
        raise RuleError("Choose a Red card to clear.")
    if gives and card not in spare_cards(state, seat):
        raise RuleError("Give a card from your hand (not the card you have committed to "
                        "this turn).")
    state["proposed"].append(seat)
    state["answer"] = {"kind": "clearing", "from": seat, "to": partner, "target": target,
                       "card": card}
    log.append(LogEntry(text=f"{{seat{seat}}} proposes to {{seat{partner}}} to clear "
                             f"{cell_name(state, target)} together."))
    if card is not None:
        log.append(LogEntry(text=f"{{seat{seat}}} would give you {named([card])}.", to=[partner],
                            data={"card": card}))


def do_answer_clearing(state: State, seat: int, accept: bool, card: str | None,
                       log: Log) -> None:
    """Accept (giving a card if the proposer holds the token) or decline."""
    ans = state["answer"]
    proposer = ans["from"]
    if not accept:
        state["answer"] = None
        log.append(LogEntry(text=f"{{seat{seat}}} declines to clear together."))
        settle_clearing_offer(state, log)
        return
    if ans["card"] is None:
        if card is None or card not in spare_cards(state, seat):
            raise RuleError("Choose the Langkah card you give for the clearing (not the card "
                            "you have committed to this turn).")
        giver, holder, given = seat, proposer, card
    else:
        if card is not None:
            raise RuleError("You receive the card; you do not give one.")
        giver, holder, given = proposer, seat, ans["card"]
    state["hands"][giver].remove(given)
    state["hands"][holder].append(given)
    state["held"][holder] -= 1
    state["answer"] = None
    clear_path(state, ans["target"], [proposer, seat], log,
               f"{{seat{proposer}}} and {{seat{seat}}} clear the Blocked Path at "
               f"{cell_name(state, ans['target'])} together.")
    log.append(LogEntry(text=f"{{seat{giver}}} gives {named([given])} to {{seat{holder}}}.",
                        to=sorted({giver, holder}), data={"card": given}))
    settle_clearing_offer(state, log)
