"""Clearing Blocked Paths: individual clearing and collaborative clearing (spec ruling 7).

Both may happen between any two accepted actions, in anyone's turn, while no one's answer
is awaited. A collaborative clearing waits for the partner's answer.
"""

from __future__ import annotations

from typing import Any

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.kaki_lima.data import HAND_LIMIT
from engines.kaki_lima.flow import advance_final, settle_clearing_offer
from engines.kaki_lima.moves import clear_path
from engines.kaki_lima.rules import blocked_cells, clear_targets, spare_cards
from engines.kaki_lima.walking import walk_survives
from engines.kaki_lima.words import cell_ref, langkah_ref

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
            raise RuleError("kaki-lima.err.final_wait")
    elif not free_moment(state):
        raise RuleError("kaki-lima.err.wait_answer")
    if state["held"][seat] <= 0:
        raise RuleError("kaki-lima.err.no_token")
    if cell not in clear_targets(state, seat):
        raise RuleError("kaki-lima.err.not_in_line")
    if not walk_survives(state, seat, cell, 1):
        raise RuleError("kaki-lima.err.token_needed")
    state["held"][seat] -= 1
    clear_path(state, cell, [seat], log,
               LogEntry.say("kaki-lima.log.cleared", data={"cleared": cell}, seat=seat_ref(seat),
                            cell=cell_ref(state, cell)))
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
            raise RuleError("kaki-lima.err.proposed_already")
        raise RuleError("kaki-lima.err.proposal_partners")
    if target not in blocked_cells(state):
        raise RuleError("kaki-lima.err.choose_red")
    if gives and card not in spare_cards(state, seat):
        raise RuleError("kaki-lima.err.give_from_hand")
    state["proposed"].append(seat)
    state["answer"] = {"kind": "clearing", "from": seat, "to": partner, "target": target,
                       "card": card}
    log.append(LogEntry.say("kaki-lima.log.propose", seat=seat_ref(seat),
                            partner=seat_ref(partner), cell=cell_ref(state, target)))
    if card is not None:
        log.append(LogEntry.say("kaki-lima.log.would_give", to=[partner], data={"card": card},
                                seat=seat_ref(seat), card=langkah_ref(card)))


def do_answer_clearing(state: State, seat: int, accept: bool, card: str | None,
                       log: Log) -> None:
    """Accept (giving a card if the proposer holds the token) or decline."""
    ans = state["answer"]
    proposer = ans["from"]
    if not accept:
        state["answer"] = None
        log.append(LogEntry.say("kaki-lima.log.declines_clearing", seat=seat_ref(seat)))
        settle_clearing_offer(state, log)
        return
    if ans["card"] is None:
        if card is None or card not in spare_cards(state, seat):
            raise RuleError("kaki-lima.err.choose_card_to_give")
        giver, holder, given = seat, proposer, card
    else:
        if card is not None:
            raise RuleError("kaki-lima.err.you_receive")
        giver, holder, given = proposer, seat, ans["card"]
    state["hands"][giver].remove(given)
    state["hands"][holder].append(given)
    state["held"][holder] -= 1
    state["answer"] = None
    clear_path(state, ans["target"], [proposer, seat], log,
               LogEntry.say("kaki-lima.log.cleared_together", data={"cleared": ans["target"]},
                            seat=seat_ref(proposer), partner=seat_ref(seat),
                            cell=cell_ref(state, ans["target"])))
    log.append(LogEntry.say("kaki-lima.log.gives", to=sorted({giver, holder}),
                            data={"card": given}, seat=seat_ref(giver),
                            card=langkah_ref(given), holder=seat_ref(holder)))
    settle_clearing_offer(state, log)
