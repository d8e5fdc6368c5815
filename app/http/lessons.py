"""REST API: the lessons of each title (engines/<game>/lessons/, docs/lessons.md).

A lesson is played as a real table: ``POST /api/lessons/{game}/{lesson}`` opens a table
with the lesson's seed, the learner in seat 0 and the service's bots in the other seats,
starts it and hands back the learner's seat like a created lobby. The table's settings say
it is a lesson (``settings.lesson``), which is how the game page knows to show the coach;
take-backs are off (the coach follows the game's moves one by one).
"""

from __future__ import annotations

import random
from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel, ConfigDict, Field

from app.core import loglines
from app.core.errors import ApiError
from app.core.events import GameStarted
from app.core.lobby import invite_url, watch_url
from app.http.deps import EventsDep, StoreDep, rate_limited, refusals, run
from app.http.schemas import CreatedLobby, DisplayName, Lang
from app.store.rows import CommitItem
from engines import bots
from engines.lessons import PLAYER_SEAT, Lesson, lesson, lessons_of, prepared
from engines.registry import all_engines, get_engine

router = APIRouter(prefix="/api")

GameKind = Annotated[str, Path(min_length=1, max_length=40, pattern=r"^[a-z0-9-]+$",
                               description="The game's id (tuk-tuk-taxi, kaki-lima, ...).")]
LessonId = Annotated[str, Path(min_length=1, max_length=41, pattern=r"^[a-z0-9][a-z0-9-]*$",
                               description="The lesson's id (first-game, ...).")]


class LessonCard(BaseModel):
    """A lesson in the list: its words in every language, its kind and length."""

    id: str
    game: str
    kind: str
    order: int
    minutes: int
    title: dict[str, str]
    summary: dict[str, str]


class LessonBody(BaseModel):
    """The learner's name at the lesson's table."""

    model_config = ConfigDict(extra="forbid")
    name: DisplayName = "You"
    lang: Lang | None = Field(None, description="the language the learner's page shows")


def _found(game: str, lesson_id: str) -> Lesson:
    engine = get_engine(game)
    found = lesson(game, lesson_id) if engine is not None and engine.listed else None
    if found is None:
        raise ApiError(404, "api.no_such_lesson", game=game[:40], lesson=lesson_id[:41])
    return found


def _decide(engine: Any, view: dict[str, Any], seat: int, level: str,
            rng: random.Random) -> dict[str, Any]:
    return bots.decide(engine, view, seat, level, rng)  # type: ignore[arg-type]


def _prelude(engine: Any, les: Lesson, game_id: str) -> list[CommitItem]:
    """A prepared position's moves (the lesson's prelude and the bots' answers), as the
    game's first history rows: the table opens after them."""
    moves = prepared(engine, les, _decide)
    return [CommitItem(game_id=game_id, seq=n, seat=seat, client_id=None, action=action,
                       log=[loglines.stored(n, seat, e) for e in result.log],
                       state=result.state, finished=engine.outcome(result.state) is not None)
            for n, (seat, action, result) in enumerate(moves, start=1)]


@router.get("/lessons", summary="Every title's lessons (the guided game first)")
async def all_lessons() -> list[LessonCard]:
    return [LessonCard.model_validate(les.card())
            for e in all_engines().values() if e.listed for les in lessons_of(e.id)]


@router.get("/lessons/{game}/{lesson_id}", summary="One lesson's script (without its seed)",
            responses=refusals(404, 422))
async def lesson_script(game: GameKind, lesson_id: LessonId) -> dict[str, Any]:
    return _found(game, lesson_id).public()


@router.post("/lessons/{game}/{lesson_id}", status_code=201,
             summary="Start a lesson: a table with its seed, the learner and bots",
             dependencies=[rate_limited("lobbies")],
             responses=refusals(400, 404, 413, 422, 429))
async def start_lesson(game: GameKind, lesson_id: LessonId, store: StoreDep,
                       events: EventsDep, body: LessonBody | None = None) -> CreatedLobby:
    les = _found(game, lesson_id)
    engine = get_engine(game)
    assert engine is not None
    options = engine.validate_options(les.options)
    settings = {"takeback": "none", "lesson": f"{game}/{les.id}"}
    row, credential = await run(store.create_lobby, engine.id, options, les.players,
                                body.name if body else "You", False, False,
                                engine.rules_version, settings, les.seed)
    for seat in range(les.players):
        if seat != PLAYER_SEAT:
            await run(store.add_bot, row["id"], seat, les.bot_level)
    state = engine.setup(les.players, options, les.seed)
    await run(store.start, row["id"], state, engine.rules_version,
              await run(_prelude, engine, les, row["id"]))
    await events.publish(GameStarted(row["id"]))
    return CreatedLobby(game_id=row["id"], seat=PLAYER_SEAT, credential=credential,
                        invite_url=invite_url(row), watch_url=watch_url(row))
