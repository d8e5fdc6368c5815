"""Every key of a Kaki Lima state (plain JSON; the copy before an action is derived from these
declarations by ``engines.core.copying.declared_copier``).

Cells are 0..49, row by row from the top-left (``r * 10 + c``); players' lists are indexed by
seat; Langkah cards are ids ``L01``..``L44`` (``data.DECK``).
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from engines.core.copying import Shared

Phase = Literal["place", "play", "final", "over"]
Stage = Literal["walk", "committed", "path", "invite", "trade", "jom", "clearing"]


class Walk(TypedDict):
    """The walk in progress: its cards, steps, chosen end, the path so far and its boosters."""

    cards: list[str]
    steps: int
    end: int
    path: list[int]
    diagonal: bool
    reverse: bool
    around: bool


class Candidate(TypedDict):
    """A pedestrian on the finished path who may walk together, and where (path index)."""

    seat: int
    idx: int


class Invite(TypedDict):
    """The walk-together exchange with one pedestrian: ``sub`` is offer (the walker invites or
    not), ask (the pedestrian asks to be picked up or not), answer (the walker answers the
    request) or reply (the invitee joins or declines)."""

    seat: int
    idx: int
    sub: Literal["offer", "ask", "answer", "reply"]
    steps: int


class Companion(TypedDict):
    """A pedestrian walking together from ``path[idx]`` for ``steps`` steps."""

    seat: int
    idx: int
    steps: int


class Turn(TypedDict):
    """The per-turn scratch record (``setup.new_turn``)."""

    stage: Stage
    extra: bool  # this is the Play Another Card walk
    another: bool  # Play Another Card follows the draw
    played: list[str]
    committed: str | None  # a card that must be walked (taken by Swap, or a Move card)
    commit_kind: str | None
    walk: Walk | None
    route: list[int]  # every card walked this turn (clearing anchors)
    cands: list[Candidate]
    companions: list[Companion]
    invite: Invite | None
    actions: list[str]  # the end Lokasi's actions still to run
    offered: list[int]  # seats that had a trade offer at this landing
    active: bool  # walked, cleared, traded or moved a token (the stall count)
    walked: bool


# An offer waiting for ``to`` from ``from`` (a keyword, hence the functional form): a trade
# (``cards`` offered) or a collaborative clearing (``target``, and the ``card`` the proposer
# gives, if any).
Answer = TypedDict("Answer", {
    "kind": Literal["trade", "clearing"],
    "from": int,
    "to": int,
    "cards": list[str],
    "target": int,
    "card": str | None,
}, total=False)


class Aside(TypedDict):
    """Cards set aside at an empty gathering spot, waiting for someone to arrive."""

    cell: int
    cards: list[str]
    steps: int


class JomCard(TypedDict):
    """A Jom! card: who claimed it, and each seat's tokens (the entries they cover)."""

    claimed: int | None
    tokens: list[list[str]]


class LastWalk(TypedDict):
    """The last walk made (for the screen)."""

    seat: int
    path: list[int]


class KakiLimaState(TypedDict):
    """The whole game."""

    n: int
    cells: Annotated[list[str], Shared]  # the city cards never change (clearing is ``cleared``)
    cleared: list[int]
    pos: list[int | None]
    hands: list[list[str]]
    draw: list[str]
    discard: list[str]
    pool: int
    held: list[int]
    paths: list[int]
    task_card: list[int]
    done: list[list[bool]]
    reached: list[list[str]]
    met: list[list[int]]
    met_at: list[list[str]]
    jom: dict[str, JomCard]
    gather: list[int]
    aside: list[Aside | None]
    phase: Phase
    placing: int
    current: int
    turn: Turn
    answer: Answer | None
    trigger: int | None
    end_queue: list[int] | None
    stalled: bool
    quiet: int
    proposed: list[int]
    final_queue: list[int]
    last_walk: LastWalk | None
    rng: int
