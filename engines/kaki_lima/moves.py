"""Moves shared by several parts of the turn: drawing and discarding Langkah cards, flipping a
Red card, checking tasks off, placing Jom! tokens.

Every function here changes the already cloned state it is given and appends ``LogEntry``
lines to ``log``. Public log lines never name a card id that could be in a hand.
"""

from __future__ import annotations

from typing import Any

from engines.core.log import LogEntry, seat_ref
from engines.core.rng import Rng
from engines.kaki_lima.data import HAND_LIMIT, JOM_CARDS, KAWAN, TASK_CARDS
from engines.kaki_lima.rules import jom_need, task_done
from engines.kaki_lima.words import jom_ref, langkah_ref, lokasi_ref

State = dict[str, Any]
Log = list[LogEntry]


def draw_card(state: State, seat: int, log: Log) -> bool:
    """Draw one card if the hand has room; refill the draw pile from the discard pile
    (all but its top card, shuffled) when it is empty (spec ruling 8)."""
    hand = state["hands"][seat]
    if len(hand) >= HAND_LIMIT:
        return False
    if not state["draw"] and len(state["discard"]) > 1:
        rng = Rng(state["rng"])
        rest = state["discard"][:-1]
        rng.shuffle(rest)
        state["rng"] = rng.position
        state["draw"] = rest
        state["discard"] = state["discard"][-1:]
        log.append(LogEntry.say("kaki-lima.log.reshuffle"))
    if not state["draw"]:
        log.append(LogEntry.say("kaki-lima.log.cannot_draw", seat=seat_ref(seat)))
        return False
    card = state["draw"].pop()
    hand.append(card)
    log.append(LogEntry.say("kaki-lima.log.draws", seat=seat_ref(seat)))
    log.append(LogEntry.say("kaki-lima.log.you_draw", to=[seat], data={"card": card},
                            card=langkah_ref(card)))
    return True


def discard_cards(state: State, cards: list[str]) -> None:
    """Put played cards on the discard pile, in the order played."""
    state["discard"].extend(cards)


def clear_path(state: State, target: int, seats: list[int], log: Log, line: LogEntry) -> None:
    """Flip a Red card (a clearing token on it), credit every seat in ``seats``, log ``line``."""
    state["cleared"].append(target)
    for s in seats:
        state["paths"][s] += 1
    if state["phase"] == "play":
        state["turn"]["active"] = True
    log.append(line)


def check_tasks(state: State, log: Log) -> None:
    """Check off every task completed by anyone (also outside their turn), and trigger the
    end round when a pedestrian has all five (spec ruling 9)."""
    for seat in range(state["n"]):
        tasks = TASK_CARDS[state["task_card"][seat]]
        done = state["done"][seat]
        for j, task in enumerate(tasks):
            if not done[j] and task_done(state, seat, task):
                done[j] = True
                kind, target = task
                where = {"count": target} if kind == "clear" else {"place": lokasi_ref(str(target))}
                log.append(LogEntry.say("kaki-lima.log.task", seat=seat_ref(seat), kind=kind,
                                        **where))
        if all(done) and state["trigger"] is None and state["phase"] == "play":
            state["trigger"] = seat
            log.append(LogEntry.say("kaki-lima.log.all_tasks", seat=seat_ref(seat)))


def place_jom(state: State, seat: int, name: str, entry: str, log: Log) -> None:
    """Place one token; claim the card when this pedestrian covers all it needs."""
    card = state["jom"][name]
    card["tokens"][seat].append(entry)
    label = seat_ref(int(entry)) if name == KAWAN else lokasi_ref(entry)
    log.append(LogEntry.say("kaki-lima.log.jom_token", seat=seat_ref(seat), jom=jom_ref(name),
                            entry=label))
    if len(card["tokens"][seat]) >= jom_need(state, name):
        card["claimed"] = seat
        card["tokens"] = [[] for _ in range(state["n"])]
        log.append(LogEntry.say("kaki-lima.log.jom_claim", seat=seat_ref(seat),
                                jom=jom_ref(name), vp=JOM_CARDS[name][1]))
