"""My games: a summary of every game the caller holds a seat in (``POST /api/mine``), and
the feed that keeps a page's list live (``/ws/mine/feed``).

The browser keeps its seats' credentials (static/store.js) and sends them in the body,
never in a URL. Credentials that hold nothing any more are answered in ``stale`` (the page
offers to forget them), never refused: one forgotten game must not hide the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Request, WebSocket
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from app.core.i18n import say
from app.core.ratelimit import TokenBucket
from app.features.mygames import Follower, MyGames, seats_of, summaries
from app.http.deps import ID_PATTERN, StoreDep, rate_limited, refusals, run
from app.http.schemas import GameStatus
from app.realtime.frames import short_error
from app.realtime.ws import GONE, origin_allowed
from app.store.store import Store

router = APIRouter()
log = logging.getLogger("meja.mygames")

#: The most seats one request (or feed) may name: a browser that kept more has old ones
#: it can forget; an account will page through its own.
MAX_SEATS = 100
#: A burst of changes (a bot answering a move, a clock after a commit) is read once.
SETTLE = 0.1
#: The clock is stored just after the move it belongs to: a summary read in between is
#: read again this much later.
CLOCK_LAG = 0.5


class SeatCredential(BaseModel):
    """One seat this browser holds: the game and the seat's credential."""

    model_config = ConfigDict(extra="forbid")
    game_id: str = Field(min_length=1, max_length=32, pattern=ID_PATTERN)
    credential: str = Field(min_length=1, max_length=200)


class MineBody(BaseModel):
    """The seats to summarise (the browser's ``meja.seats``)."""

    model_config = ConfigDict(extra="forbid")
    seats: list[SeatCredential] = Field(max_length=MAX_SEATS)


class SummaryPlayer(BaseModel):
    seat: int
    name: str | None
    bot: bool
    left: bool
    to_act: bool = Field(description="the game waits for this seat")
    holiday_until: int | None = Field(description="on holiday until then (server ms)")


class SummaryClock(BaseModel):
    kind: Literal["realtime", "turn"]
    left: int = Field(description="the seat's time left, milliseconds")
    deadline: int | None = Field(description="when it runs out (server ms), if it runs")
    running: bool
    holiday_until: int | None = Field(description="the seat is on holiday until then")
    paused: bool = Field(description="the players agreed to a break")
    version: int


class GameSummary(BaseModel):
    """One seat's game as "My games" lists it: nothing its player could not see at the
    table."""

    game_id: str
    game: str
    game_name: str
    status: GameStatus
    group: Literal["your_turn", "waiting", "finished"]
    seat: int
    version: int
    players: list[SummaryPlayer]
    turn_since: int | None = Field(description="server ms of the last move")
    clock: SummaryClock | None
    last: dict[str, Any] | None = Field(description="the newest log line the seat may read")
    rank: int | None = Field(description="the seat's rank once the game is over")


class MineAnswer(BaseModel):
    games: list[GameSummary]
    stale: list[str] = Field(description="game ids whose credential holds no seat any more")


def mine(store: Store, creds: list[tuple[str, str]], at: float) -> dict[str, Any]:
    """The summaries of the seats ``creds`` hold, and the stale ones (worker thread)."""
    pairs, stale = seats_of(store.engine, creds)
    games = summaries(store.engine, pairs, at)
    found = {g["game_id"] for g in games}
    return {"games": games,
            "stale": stale + [gid for gid, _ in pairs if gid not in found]}


def _now(request_app: Any) -> float:
    return float(request_app.state.clocks.scheduler.now())


@router.post("/api/mine", summary="My games: a summary of each seat's game",
             responses=refusals(400, 413, 422, 429),
             dependencies=[rate_limited("mine")], openapi_extra={"security": [{}]})
async def my_games(body: MineBody, store: StoreDep, request: Request) -> MineAnswer:
    creds = [(s.game_id, s.credential) for s in body.seats]
    return MineAnswer.model_validate(await run(mine, store, creds, _now(request.app)))


# -- the feed ---------------------------------------------------------------------------------
class FollowFrame(MineBody):
    """Follow these seats' games (the first frame; again whenever the list changes)."""

    type: Literal["follow"]


class FeedPing(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["ping"]


feed_frame: TypeAdapter[FollowFrame | FeedPing] = TypeAdapter(
    Annotated[FollowFrame | FeedPing, Field(discriminator="type")])


@router.websocket("/ws/mine/feed")
async def mine_feed(ws: WebSocket) -> None:
    """A My games page's live list: ``follow`` the seats, then get ``mine`` frames
    (``{games, stale}``: the summaries of the games that changed) until the page goes."""
    app = ws.app
    feature: MyGames = app.state.mygames
    store: Store = app.state.store
    follower = Follower()
    creds: list[tuple[str, str]] = []
    lock = asyncio.Lock()

    async def send(frame: dict[str, Any]) -> None:
        async with lock, asyncio.timeout(10):
            await ws.send_text(orjson.dumps(frame).decode())

    async def push() -> None:
        while True:
            await follower.wake.wait()
            await asyncio.sleep(SETTLE)
            dirty = follower.take()
            wanted = [(gid, cred) for gid, cred in creds if gid in dirty]
            if not wanted:
                continue
            try:
                answer = await run(mine, store, wanted, _now(app))
            except Exception:  # a database hiccup: the next change reads again
                log.exception("my games summaries failed")
                continue
            await send({"type": "mine", **answer})
            lagging = [g["game_id"] for g in answer["games"]
                       if g["clock"] and g["clock"]["version"] < g["version"]]
            if lagging:
                loop = asyncio.get_running_loop()
                for gid in lagging:
                    loop.call_later(CLOCK_LAG, follower.touch, gid)

    pusher: asyncio.Task[None] | None = None
    try:
        await ws.accept()
        if not origin_allowed(ws, app.state.hub.rt):
            await send({"type": "error", **say("ws.origin"), "fatal": True})
            await ws.close(code=4403)
            return
        limit = app.state.limits["mine"]
        frames = TokenBucket(2.0, 10)
        while True:
            text = await ws.receive_text()
            if not frames.take():
                await send({"type": "error", **say("ws.frames_fast")})
                continue
            try:
                frame = feed_frame.validate_json(text)
            except ValidationError as exc:
                await send({"type": "error", "reason": f"Malformed frame: {short_error(exc)}"})
                continue
            if isinstance(frame, FeedPing):
                await send({"type": "pong"})
                continue
            if limit.take(ws.client.host if ws.client else ""):
                await send({"type": "error", **say("ws.frames_fast")})
                continue
            creds = list({s.game_id: s.credential for s in frame.seats}.items())
            answer = await run(mine, store, creds, _now(app))
            await feature.follow(follower, [g["game_id"] for g in answer["games"]])
            await send({"type": "mine", "all": True, **answer})
            if pusher is None:
                pusher = asyncio.ensure_future(push())
    except (*GONE, TimeoutError) as exc:
        log.debug("my games feed closed: %s", type(exc).__name__)
    finally:
        feature.unfollow(follower)
        if pusher is not None:
            pusher.cancel()
            with contextlib.suppress(*GONE, TimeoutError, Exception):
                await pusher
