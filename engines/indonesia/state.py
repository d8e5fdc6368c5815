"""Indonesia's state: every key the engine stores (plain JSON; the copy before each action is
derived from these declarations)."""

from __future__ import annotations

from typing import Annotated, TypedDict

from engines.core.copying import Shared


class Company(TypedDict):
    """A company on the board: its goods (land areas) or its ships (sea -> count)."""

    id: str
    type: str  # rice, spice, rubber, oil, siap faji or shipping
    owner: int
    deeds: list[str]
    areas: list[int]
    ships: dict[str, int]
    operated: bool  # this year's operations phase
    merged: bool  # this year's merger phase


class City(TypedDict):
    """A city (keyed by its land area): its size and the goods delivered this year."""

    size: int
    delivered: dict[str, int]


class TurnBid(TypedDict):
    """One turn-order bid of this year: the money paid and what it counts (x multiplier)."""

    seat: int
    bid: int
    counts: int


class FinalScore(TypedDict):
    """A seat's final account: cash + bank + the doubled last operations = score."""

    seat: int
    cash: int
    bank: int
    bonus: int
    score: int


class Sale(TypedDict):
    """The last sale, for the view: what sold, along which routes, the fees and income."""

    company: str
    owner: int
    type: str
    sold: int
    goods: int
    routes: list[dict]
    fees: dict[str, int]
    income: int


class StepState(TypedDict, total=False):
    """What is going on inside the phase; ``kind`` names the step of ``steps.STEPS``.

    cities: ``queue`` (seats still to found a city). bid and research: ``i`` (position in turn
    order). announce and acquire: ``passed``. auction: the two companies ``a``/``b``, the
    ``announcer``, ``units``, the ``high`` bid and its ``leader``, the ``bidders`` left and
    whether the result is ``siap_faji``. remove: the new ``company``, goods ``left`` to give up,
    the ``announcer``. expand and ships: the operating ``company``, moves ``left``, and for
    expand whether it is ``paid``. grow: the stone ``size``, the ``candidates``, stones
    ``left`` and the smaller cities ``pending``.
    """

    kind: str
    seat: int | None
    queue: list[int]
    i: int
    passed: list[int]
    a: str
    b: str
    announcer: int
    units: int
    high: int
    leader: int
    bidders: list[int]
    siap_faji: bool
    company: str
    left: int
    paid: bool
    size: int
    candidates: list[int]
    pending: list[int]


class IndonesiaState(TypedDict, total=False):
    """The whole game. ``rng`` is the generator's position; ``hands`` the city cards;
    ``deeds`` the deeds on offer; ``year_start`` the digest compared at the year's end
    (spec ruling 13); ``last_progress`` the last year in which a deed was started, a merger
    completed or a research step taken (spec ruling 14; 0 before any, None in a game stored
    before that ruling); ``end`` why the game ended ("era c", "stalled" or "no progress")."""

    rng: int
    players: int
    secret: bool
    order: list[int]
    cash: list[int]
    bank: list[int]
    earned: list[int]
    bonus: list[int]
    research: list[dict[str, int]]
    hands: list[list[str]]
    era: str
    year: int
    phase: str
    deeds: list[str]
    discarded: list[str]
    companies: dict[str, Company]
    next_id: int
    cities: dict[str, City]
    stones: dict[str, int]
    step: StepState
    bids: list[TurnBid]
    last_sale: Annotated[Sale | None, Shared]  # only ever replaced whole
    final: Annotated[list[FinalScore] | None, Shared]
    grown: Annotated[list[int], Shared]
    end: str | None
    year_start: str | None
    last_progress: int | None
