"""REST face of an account's lesson progress (issue 41; docs/lessons.md "Progress in the
account"): a signed-in browser sends the lessons it finished and the one under way, and gets
the union of every device's back.

``GET /api/account/lessons`` reads it; ``POST /api/account/lessons`` merges this browser's
progress in (never removes anything: a lesson done on any device stays done, and "Continue"
is the most recent start). Lessons the site does not have (a retired one, a typo) are not
kept: the answer lists only known lessons, so an account holds one row per lesson at most.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Response
from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, StringConstraints

from app.http.deps import StoreDep, rate_limited, refusals, run
from app.http.session import SignedInDep
from app.store import lesson_progress as db
from engines.lessons import lesson
from engines.registry import get_engine

router = APIRouter(dependencies=[rate_limited("accounts")])

#: Times before this are read as this (an old browser's ticks carry no time: it sends 0).
EARLIEST = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
#: More marks than the site has lessons are refused; generous for the lessons to come.
MAX_MARKS = 200


def _within(at: dt.datetime) -> dt.datetime:
    """A browser's time as UTC, between 2000 and now: a clock set ahead would otherwise keep
    a lesson as "Continue" on every device until that day."""
    try:
        at = at.astimezone(dt.UTC)
    except OverflowError:  # year 1 or 9999 with an offset past the calendar's end
        return EARLIEST
    return min(max(at, EARLIEST), dt.datetime.now(dt.UTC))


Moment = Annotated[AwareDatetime, AfterValidator(_within)]
LessonKey = Annotated[str, StringConstraints(
    max_length=90, pattern=r"^[a-z0-9][a-z0-9-]{0,40}/[a-z0-9][a-z0-9-]{0,40}$")]
GameId = Annotated[str, StringConstraints(min_length=1, max_length=32,
                                          pattern=r"^[A-Za-z0-9_-]+$")]


class LessonDone(BaseModel):
    """A lesson finished, and when."""

    model_config = ConfigDict(extra="forbid")
    lesson: LessonKey = Field(description='"<game>/<lesson id>", e.g. "kaki-lima/first-game".')
    at: Moment


class LessonStarted(BaseModel):
    """The lesson under way: its table (the learner's seat there follows the account like
    any seat) and when it was started."""

    model_config = ConfigDict(extra="forbid")
    lesson: LessonKey
    game_id: GameId
    at: Moment


class LessonProgress(BaseModel):
    """Lesson progress: what a browser holds (the body) or the account's union (the answer)."""

    model_config = ConfigDict(extra="forbid")
    done: list[LessonDone] = Field(default_factory=list, max_length=MAX_MARKS)
    current: LessonStarted | None = Field(
        None, description='The lesson to continue ("Continue your lesson"), if any.')


def known(key: str) -> bool:
    """Whether the site has this lesson (a listed game's lesson file)."""
    game, _, lesson_id = key.partition("/")
    engine = get_engine(game)
    return engine is not None and engine.listed and lesson(game, lesson_id) is not None


def _answer(p: db.Progress) -> LessonProgress:
    done = [LessonDone(lesson=k, at=at) for k, at in sorted(p.done.items()) if known(k)]
    current = (LessonStarted(lesson=p.current.lesson, game_id=p.current.game_id,
                             at=p.current.at)
               if p.current is not None and known(p.current.lesson) else None)
    return LessonProgress(done=done, current=current)


@router.get("/api/account/lessons", summary="The account's lesson progress",
            responses=refusals(401, 429))
async def account_lessons(found: SignedInDep, store: StoreDep,
                          response: Response) -> LessonProgress:
    response.headers["Cache-Control"] = "no-store"
    return _answer(await run(db.progress_of, store.engine, found.id))


@router.post("/api/account/lessons", summary="Add this browser's lesson progress; get the union",
             responses=refusals(400, 401, 413, 422, 429))
async def merge_lessons(body: LessonProgress, found: SignedInDep, store: StoreDep,
                        response: Response) -> LessonProgress:
    """A lesson done on either side stays done (the later time kept); "Continue" is the most
    recently started lesson, unless it was finished after. Unknown lessons are not kept."""
    done: dict[str, dt.datetime] = {}
    for mark in body.done:
        if known(mark.lesson):
            done[mark.lesson] = max(mark.at, done.get(mark.lesson, mark.at))
    current = body.current
    started = (db.Started(current.lesson, current.game_id, current.at)
               if current is not None and known(current.lesson) else None)
    merged = await run(db.merge_progress, store.engine, found.id, done, started)
    response.headers["Cache-Control"] = "no-store"
    return _answer(merged)
