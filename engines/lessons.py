"""Lessons: the guided first game and the short follow-up lessons of each title, as data.

A lesson is one JSON file, ``engines/<game>/lessons/<lesson-id>.json`` (the format:
docs/lessons.md). It is a real game - a seed, a player count, options, the player in seat 0
and bots in the other seats - and the steps a coach walks the player through: the words
(in every language of the site), the board targets to mark, and the player's action each
step expects. The bots are the service's own bot at ``bot_level``, which decides from its
seat's view with a random generator seeded by ``"<seed>:<version>:<seat>"``
(app/realtime/hub.py ``bot_move``), so the game a lesson's actions lead to is the same every
time: :func:`play_through` plays it exactly so, and ``tests/test_lessons.py`` holds every
script to the current engine (a rules change that breaks a lesson fails the suite).

Nothing here does I/O beyond reading the package's own data files, once.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core.protocol import ApplyResult, Engine
from engines.core.types import State

#: The languages every text of a lesson must be written in (docs/i18n.md).
LANGS = ("en", "id", "ms")
#: The seat the learner plays (the host's seat; the others are bots).
PLAYER_SEAT = 0
LESSON_ID = r"^[a-z0-9][a-z0-9-]{0,40}$"


def bot_seed(seed: int, version: int, seat: int) -> str:
    """The seed of a lesson's bot deciding at ``version``: the script's own, so the bot
    plays the moves the script was written against. A lesson's seed is public (it is in
    this repository), so this hands no bot anything secret, unlike a real table's seed,
    which the service never uses for its bots (app/realtime/bots.py)."""
    return f"{seed}:{version}:{seat}"


class Words(BaseModel):
    """One text in every language of the site."""

    model_config = ConfigDict(extra="forbid")
    en: str = Field(min_length=1)
    id: str = Field(min_length=1)
    ms: str = Field(min_length=1)


class LessonStep(BaseModel):
    """One moment of a lesson: what the coach says, what it marks, what the player does.

    ``action`` is the player's move this step waits for (a whole action, as the client sends
    it); without one the step is read and the player taps "Next". ``targets`` are CSS
    selectors of the elements to mark on the page, in the order they are tapped (the coach
    marks the last one that is on the page, so a two-tap move - a cell, then its direction -
    marks the direction once the cell was tapped); ``refs`` are log references
    (``{"cell": ...}``) the board's ``highlight`` outlines; ``try_`` is the coach's advice
    after a wrong move.
    """

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    say: Words
    action: dict[str, Any] | None = None
    targets: list[str] = Field(default_factory=list)
    refs: list[dict[str, Any]] = Field(default_factory=list)
    try_: Words | None = Field(default=None, alias="try")
    rule: str | None = Field(default=None, description="the rulebook rule this step meets")


class Lesson(BaseModel):
    """A lesson script (docs/lessons.md)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=LESSON_ID)
    game: str
    kind: Literal["guided", "follow-up"]
    order: int = 0
    minutes: int = Field(ge=1, le=30)
    title: Words
    summary: Words
    seed: int = Field(ge=0, lt=2**62)
    players: int = Field(ge=2, le=6)
    options: dict[str, Any] = Field(default_factory=dict)
    bot_level: Literal["easy", "normal", "hard"] = "normal"
    #: A prepared position (a follow-up lesson): the learner's actions played before the
    #: table opens, the bots answering them as at the table; the table opens with these
    #: moves in its history (so its replay and record are the game as played).
    prelude: list[dict[str, Any]] = Field(default_factory=list, max_length=200)
    steps: list[LessonStep] = Field(min_length=1)
    done: Words

    def public(self) -> dict[str, Any]:
        """What a browser gets: everything but the seed (it would tell the bots' hands) and
        the prelude (its moves are in the table's history)."""
        public = self.model_dump(mode="json", by_alias=True, exclude={"seed", "prelude"})
        # How many of the learner's moves in the table's history are the prelude's: the
        # coach counts the learner's moves to find its step (static/coach.js resync).
        public["prelude_moves"] = len(self.prelude)
        return public

    def card(self) -> dict[str, Any]:
        """The lesson in a list: its id, title, summary, kind and length."""
        return self.model_dump(mode="json", include={"id", "game", "kind", "order", "minutes",
                                                     "title", "summary"})


def _folder(game: str) -> Path:
    return Path(__file__).parent / game.replace("-", "_") / "lessons"


@cache
def lessons_of(game: str) -> tuple[Lesson, ...]:
    """Every lesson of a game: the guided game first, then the follow-ups by ``order``."""
    found = []
    for path in sorted(_folder(game).glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        lesson = Lesson.model_validate({"id": path.stem, "game": game, **raw})
        found.append(lesson)
    return tuple(sorted(found, key=lambda les: (les.kind != "guided", les.order, les.id)))


def lesson(game: str, lesson_id: str) -> Lesson | None:
    """One lesson by its game and id, or ``None``."""
    return next((les for les in lessons_of(game) if les.id == lesson_id), None)


def matches(expected: dict[str, Any], sent: dict[str, Any]) -> bool:
    """Is ``sent`` the action a step expects? Every field of the expected action must be
    equal; a field only the sent action has must be a default (false, null, empty)."""
    if any(sent.get(k) != v for k, v in expected.items()):
        return False
    return all(not v for k, v in sent.items() if k not in expected)


Decide = Callable[[Engine, dict[str, Any], int, str, random.Random], dict[str, Any]]
#: The index :func:`play_through` gives a bot's move, and a prelude's move of the learner.
BOT, PRELUDE = -1, -2


def _play(engine: Engine, les: Lesson, decide: Decide, learner: list[tuple[int, dict[str, Any]]],
          ) -> Iterator[tuple[int, int, dict[str, Any], ApplyResult]]:
    """Play ``learner``'s ``(index, action)`` pairs whenever the game awaits seat 0 and the
    bots' own moves whenever it awaits a bot, from the lesson's deal; stop after the last
    pair. Yields ``(index or BOT, seat, action, the engine's result)``."""
    state = engine.setup(les.players, engine.validate_options(les.options), les.seed)
    version = 0
    pending = list(learner)
    while pending:
        if engine.outcome(state) is not None:
            raise ValueError(f"the game ended before {_name(pending[0][0])}")
        awaited = engine.awaited(state)
        if not awaited:
            raise ValueError(f"nobody is awaited at version {version}")
        seat = awaited[0]
        if seat == PLAYER_SEAT:
            index, action = pending.pop(0)
        else:
            index = BOT
            view = engine.view(state, seat)
            action = decide(engine, view, seat, les.bot_level,
                            random.Random(bot_seed(les.seed, version, seat)))
        try:
            result = engine.apply(state, seat, engine.parse_action(action))
        except Exception as exc:
            where = _name(index) if index != BOT else f"the bot of seat {seat}"
            raise ValueError(f"{where} at version {version}: {action} is refused: "
                             f"{exc}") from exc
        state = result.state
        version += 1
        yield index, seat, action, result


def _name(index: int) -> str:
    return "the prelude" if index == PRELUDE else f"step {index}"


def prepared(engine: Engine, les: Lesson, decide: Decide,
             ) -> list[tuple[int, dict[str, Any], ApplyResult]]:
    """The moves of a lesson's prelude, as the table plays them (the bots answering with
    ``decide``, seeded as the service seeds them): ``(seat, action, result)`` in order, up
    to the prelude's last action. Empty for a lesson that starts from the deal."""
    pairs = [(PRELUDE, a) for a in les.prelude]
    return [(seat, action, result) for _, seat, action, result
            in _play(engine, les, decide, pairs)]


def play_through(engine: Engine, les: Lesson, decide: Decide,
                 ) -> Iterator[tuple[int, int, dict[str, Any], State]]:
    """Play a lesson as the service would: its prelude, then the learner's step actions
    whenever the game awaits seat 0, the bots' own moves (``decide``:
    :func:`engines.bots.decide`, seeded as the service seeds it) whenever it awaits a bot.
    Yields ``(step index, BOT for a bot or PRELUDE for a prelude move, seat, action, state
    after it)`` and stops after the last step's action; raises ``ValueError`` with a
    sentence when the script no longer fits the game."""
    pairs = [(PRELUDE, a) for a in les.prelude]
    pairs += [(i, s.action) for i, s in enumerate(les.steps) if s.action is not None]
    for index, seat, action, result in _play(engine, les, decide, pairs):
        yield index, seat, action, result.state
