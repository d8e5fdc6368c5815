"""Moves shared by several parts of the turn: drawing and discarding Langkah cards, flipping a
Red card, checking tasks off, placing Jom! tokens.

Every function here changes the already cloned state it is given and appends ``LogEntry``
lines to ``log``. Public log lines never name a card id that could be in a hand.
"""

from __future__ import annotations

from typing import Any

from engines.base import LogEntry, Rng
from engines.kaki_lima.data import HAND_LIMIT, JOM_CARDS, KAWAN, TASK_CARDS
from engines.kaki_lima.rules import describe, jom_need, task_done

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
        log.append(LogEntry(text="The discard pile is shuffled into a new draw pile."))
    if not state["draw"]:
        log.append(LogEntry(text=f"{{seat{seat}}} cannot draw: no cards are left."))
        return False
    card = state["draw"].pop()
    hand.append(card)
    log.append(LogEntry(text=f"{{seat{seat}}} draws a card."))
    log.append(LogEntry(text=f"You draw {card} ({describe(card)[2:]}).", to=[seat],
                        data={"card": card}))
    return True


def discard_cards(state: State, cards: list[str]) -> None:
    """Put played cards on the discard pile, in the order played."""
    state["discard"].extend(cards)


def clear_path(state: State, target: int, seats: list[int], log: Log, text: str) -> None:
    """Flip a Red card (a clearing token on it) and credit every seat in ``seats``."""
    state["cleared"].append(target)
    for s in seats:
        state["paths"][s] += 1
    if state["phase"] == "play":
        state["turn"]["active"] = True
    log.append(LogEntry(text=text, data={"cleared": target}))


def check_tasks(state: State, log: Log) -> None:
    """Check off every task completed by anyone (also outside their turn), and trigger the
    end round when a pedestrian has all five (spec ruling 9)."""
    for seat in range(state["n"]):
        tasks = TASK_CARDS[state["task_card"][seat]]
        done = state["done"][seat]
        for j, task in enumerate(tasks):
            if not done[j] and task_done(state, seat, task):
                done[j] = True
                log.append(LogEntry(text=f"{{seat{seat}}} checks off a task: {task[0]} "
                                         f"{task[1]}."))
        if all(done) and state["trigger"] is None and state["phase"] == "play":
            state["trigger"] = seat
            log.append(LogEntry(text=f"{{seat{seat}}} completed all five tasks: the end round "
                                     "begins after this turn."))


def place_jom(state: State, seat: int, name: str, entry: str, log: Log) -> None:
    """Place one token; claim the card when this pedestrian covers all it needs."""
    card = state["jom"][name]
    card["tokens"][seat].append(entry)
    label = f"{{seat{entry}}}" if name == KAWAN else entry
    log.append(LogEntry(text=f"{{seat{seat}}} places a Jom! token on {name} beside {label}."))
    if len(card["tokens"][seat]) >= jom_need(state, name):
        card["claimed"] = seat
        card["tokens"] = [[] for _ in range(state["n"])]
        log.append(LogEntry(text=f"{{seat{seat}}} claims {name} ({JOM_CARDS[name][1]} VP); "
                                 "every token on it goes back to its owner."))
