"""Replays: the document and log a viewer saw at any past version of a game.

The server rebuilds the state of version ``k`` from the seed and the stored events (an
engine replay is deterministic) and hands the viewer ``engine.view(state_k, viewer)``: a
seat sees what that seat saw then, a spectator what spectators saw. Nothing else leaves the
server, so secret money, hands and the generator stay hidden in a replay exactly as they
were at the table. The seed and the actions themselves are only in a finished game's
record (:mod:`app.http.records`).

Rebuilding from the seed on every request would cost the whole game each time, so each
game's replay keeps a few states along the way (checkpoints, at most ``MAX_CHECKPOINTS``
per game) and the last state it handed out (stepping forward costs one action); the games
themselves are kept in a bounded LRU (:class:`ReplayCache`). Events are only ever appended,
so a cached game stays right while a live game moves on: new events are simply read on.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field

from app.core import loglines
from app.core.errors import ApiError
from app.http import deps
from app.store.store import Store
from engines.core.line import TAKEBACK
from engines.core.protocol import Engine
from engines.core.types import State
from engines.registry import get_engine

router = APIRouter(prefix="/api", dependencies=[Depends(deps.one_value_each)])

#: Games whose replays are kept (least recently used first out).
MAX_GAMES = 32
#: States kept per game along its history (besides the set-up and the last one handed out).
MAX_CHECKPOINTS = 48
#: The fewest actions between two checkpoints.
MIN_SPACING = 16


class GameReplay:
    """The states of one game along its stored events, rebuilt from its seed on demand."""

    def __init__(self, engine: Engine, player_count: int, options: dict[str, Any],
                 seed: int) -> None:
        self.engine = engine
        self.player_count = player_count
        self.events: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self._setup: State = engine.setup(player_count, options, seed)
        self._checkpoints: dict[int, State] = {}
        self._cursor: tuple[int, State] = (0, self._setup)

    @property
    def latest(self) -> int:
        """The last version whose event is known here."""
        return len(self.events)

    def extend(self, events: list[dict[str, Any]]) -> None:
        """Take newer stored events (seq ``latest + 1`` on; older ones are ignored)."""
        for event in events:
            if event["seq"] == len(self.events) + 1:
                self.events.append(event)

    def remember(self, k: int, state: State) -> None:
        """A state known without replaying (the stored snapshot of version ``k``): the end
        of a finished game shows at once, and jumps near it start there."""
        if 0 < k <= len(self.events):
            self._checkpoints.setdefault(k, state)

    def _spacing(self) -> int:
        return max(MIN_SPACING, -(-len(self.events) // MAX_CHECKPOINTS))

    def state_at(self, k: int) -> State:
        """The state after the first ``k`` events (``0``: the set-up).

        Raises whatever the engine raises if the stored history no longer replays.
        """
        if not 0 <= k <= len(self.events):
            raise IndexError(k)
        # Start from the nearest state known at or before k: the last one handed out, or a
        # checkpoint (a jump forward need not walk from an old cursor).
        at, state = self._cursor
        near = max((c for c in self._checkpoints if c <= k), default=0)
        if at > k or near > at:
            at = near
            state = self._checkpoints[near] if near else self._setup
        spacing = self._spacing()
        engine = self.engine
        while at < k:
            event = self.events[at]
            raw = event["action"]
            if raw.get("type") == TAKEBACK:
                # A take-back restores the state from before the first version it undoes
                # (engines.core.line.Line.take_back): that state is an earlier version's.
                state = self.state_at(min(raw["undo"]) - 1)
            else:
                state = engine.apply(state, event["seat"], engine.parse_action(raw)).state
            at += 1
            if at % spacing == 0 and at not in self._checkpoints:
                self._checkpoints[at] = state
        if len(self._checkpoints) > 2 * MAX_CHECKPOINTS:
            # The game grew and the spacing with it: keep only the checkpoints on the grid
            # (and the last one, often the stored snapshot).
            top = max(self._checkpoints)
            self._checkpoints = {c: s for c, s in self._checkpoints.items()
                                 if c % spacing == 0 or c == top}
        self._cursor = (k, state)
        return state


class ReplayCache:
    """A bounded LRU of :class:`GameReplay` s by game id (one per server process)."""

    def __init__(self, max_games: int = MAX_GAMES) -> None:
        self.max_games = max_games
        self._games: OrderedDict[str, GameReplay] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game: dict[str, Any], engine: Engine) -> GameReplay:
        """The replay of a stored game (``game`` is its row), created on first use."""
        with self._lock:
            found = self._games.get(game["id"])
            if found is not None:
                self._games.move_to_end(game["id"])
                return found
        made = GameReplay(engine, game["player_count"], game["options"], game["seed"])
        with self._lock:
            found = self._games.setdefault(game["id"], made)
            self._games.move_to_end(game["id"])
            while len(self._games) > self.max_games:
                self._games.popitem(last=False)
        return found

    def __len__(self) -> int:
        return len(self._games)


def document(engine: Engine, state: State, viewer: int | None, status: str,
             last: dict[str, Any] | None) -> dict[str, Any]:
    """The viewer's document of one past version, shaped like the live one
    (:meth:`app.realtime.room.Room.build_doc`) so the game's renderer draws it; ``legal`` is always
    empty (a replay is only looked at)."""
    outcome = engine.outcome(state)
    running = outcome is None
    return {
        "status": status,
        "view": engine.view(state, viewer),
        "legal": [],
        "to_act": engine.to_act(state) if running else [],
        "awaited": engine.awaited(state) if running else [],
        "outcome": outcome.as_dict() if outcome else None,
        "last": last,
    }


def visible_log(events: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    """The log lines of ``events`` this viewer may read: public ones and its own private
    ones (the same rule as the live log, :meth:`app.realtime.room.Room.visible_log`)."""
    return [loglines.for_viewer(line, event["seq"], line.get("seat", event["seat"]))
            for event in events for line in event["log"] if loglines.readable(line, viewer)]


def replay_at(replay: GameReplay, k: int, viewer: int | None, status: str,
              log_after: int = 0) -> dict[str, Any]:
    """Version ``k`` of a game for one viewer: its document and the log lines of the events
    ``log_after < seq <= k`` it may read."""
    with replay.lock:
        state = replay.state_at(k)
    event = replay.events[k - 1] if k else None
    last = ({"seat": event["seat"], "type": event["action"].get("type"), "version": k}
            if event else None)
    shown = status if k == replay.latest else "active"
    return {"version": k, "latest": replay.latest,
            "doc": document(replay.engine, state, viewer, shown, last),
            "log": visible_log(replay.events[log_after:k], viewer)}


# == the route =================================================================================

class ReplayLine(BaseModel):
    """One log line as the viewer may read it (as in a snapshot's ``log``)."""

    seq: int
    seat: int | None
    #: a message key and its parameters (app/loglines.py), or an old game's English text
    key: str | None = None
    params: dict[str, Any] | None = None
    text: str = ""
    private: bool
    data: dict[str, Any] | None = None


class Replay(BaseModel):
    """One past version of a game, for the viewer who asked."""

    game_id: str
    version: int = Field(description="The version shown (0: the set-up).")
    latest: int = Field(description="The game's last version now.")
    doc: dict[str, Any] = Field(description="The viewer's document of that version "
                                            "(the same fields as a snapshot's doc).")
    log: list[ReplayLine] = Field(description="Log lines of versions log_after+1 .. version.")


def replays_of(request: Request) -> ReplayCache:
    """The process's replay cache (made on first use)."""
    state = request.app.state
    if getattr(state, "replays", None) is None:
        state.replays = ReplayCache()
    return state.replays  # type: ignore[no-any-return]


async def viewer_of(store: Store, game: dict[str, Any], credential: str | None,
                    watch: str | None) -> int | None:
    """The seat a credential holds in this game, ``None`` for its watch link, else 401/403
    (the same rule as the live table's)."""
    if credential:
        return (await deps.seat_in(store, credential, game["id"])).seat
    if deps.is_watch_link(game, watch):
        return None
    raise ApiError(401, "api.open_through_link")


def _replay_sync(cache: ReplayCache, store: Store, game: dict[str, Any], at: int,
                 viewer: int | None, log_after: int) -> dict[str, Any]:
    engine = get_engine(game["kind"])
    if engine is None:
        raise ApiError(404, "api.kind_gone")
    if game["state"] is None:
        raise ApiError(409, "api.replay_not_started")
    if game["rules_version"] != engine.rules_version:
        raise ApiError(409, "api.replay_rules_version", played=str(game["rules_version"]),
                       game=engine.name, current=str(engine.rules_version))
    if at > game["version"]:
        raise ApiError(409, "api.replay_no_version", at=at, version=game["version"])
    if log_after > at:
        raise ApiError(422, "api.replay_log_after")
    replay = cache.get(game, engine)
    with replay.lock:
        if replay.latest < at:
            replay.extend(store.events(game["id"], after=replay.latest))
        if replay.latest == game["version"]:
            replay.remember(game["version"], game["state"])
    if replay.latest < at:
        raise ApiError(409, "api.replay_saving")
    try:
        out = replay_at(replay, at, viewer, game["status"], log_after)
    except Exception:
        raise ApiError(409, "api.replay_broken") from None
    return {"game_id": game["id"], **out}


@router.get("/games/{game_id}/replay", summary="A past version of a game, as you saw it",
            responses=deps.refusals(401, 403, 404, 409, 422), openapi_extra=deps.OPTIONAL_AUTH)
async def replay(request: Request, game_id: deps.GameId, store: deps.StoreDep,
                 credential: deps.Cred,
                 at: Annotated[int, Query(ge=0, le=1_000_000,
                                          description="The version to show (0: the set-up).")],
                 log_after: Annotated[int, Query(ge=0, le=1_000_000, description=(
                     "Only log lines of later versions (the client holds the rest)."))] = 0,
                 watch: deps.WatchParam = None) -> Replay:
    """Version ``at`` of the game: the viewer's document then (``engine.view`` of that
    state for the seat of the credential, or for a spectator with the watch link) and the
    log lines that viewer could read. Works for live games too (their past is public in the
    same way as their present)."""
    game = await deps.run(store.game, game_id)
    viewer = await viewer_of(store, game, credential, watch)
    out = await deps.run(_replay_sync, replays_of(request), store, game, at, viewer, log_after)
    return Replay.model_validate(out)
