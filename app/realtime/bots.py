"""Server bots: each bot seat's level, and the worker processes where hard bots think.

A bot decides through :func:`engines.bots.decide` from ``engine.view(state, seat)`` alone
(fair by construction: the state never leaves the room). Easy and normal bots are a
heuristic of a few milliseconds and run in two threads of their own (not the default
executor the service's database calls share); a hard bot searches for up to its budget,
so it runs in a :class:`concurrent.futures.ProcessPoolExecutor` (``MEJA_BOT_WORKERS``
processes, default one less than the CPUs, at least one): the event loop stays free and a
thinking bot never delays a move in another game. The move it returns is submitted through
``room.submit`` like a player's (see ``Hub.bot_move`` in :mod:`app.realtime.room`).

A bot's seed is a keyed hash (HMAC-SHA256 with the server's bot secret, ``MEJA_BOT_SECRET``,
else one drawn when the process starts) of the game id, the seat and the version: never the
game's own secret seed, so nothing a bot is handed could rebuild the deal, and nobody
without the secret can predict a bot's draws (issue 40).

Games without a bot of their own (:func:`engines.bots.has_bots`: the benchmark game, test
engines) keep their test bot, ``bot_of(engine).test_action``.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import math
import os
import random
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import get_context
from typing import Any, cast, get_args

from engines import bots
from engines.bots import bot_of
from engines.bots.protocol import BotLevel
from engines.core.protocol import Engine
from engines.core.types import State
from engines.registry import get_engine

LEVELS: tuple[str, ...] = get_args(BotLevel)
DEFAULT_LEVEL: BotLevel = "normal"


def level_of(seat_row: dict[str, Any]) -> BotLevel:
    """A bot seat's level (rows from before levels existed play ``normal``)."""
    level = seat_row.get("bot_level")
    return cast(BotLevel, level) if level in LEVELS else DEFAULT_LEVEL


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(name, "")
    try:
        return float(raw) if raw else default
    except ValueError:
        return default


def _env_int(name: str) -> int | None:
    raw = os.environ.get(name, "")
    return int(raw) if raw.isdigit() and int(raw) > 0 else None


def worker_count() -> int:
    """``MEJA_BOT_WORKERS``, else one less than the CPUs (at least one)."""
    return _env_int("MEJA_BOT_WORKERS") or max(1, (os.cpu_count() or 2) - 1)


def bot_secret() -> bytes:
    """``MEJA_BOT_SECRET`` (set it for decisions repeatable across restarts and server
    processes), else 32 random bytes drawn now."""
    raw = os.environ.get("MEJA_BOT_SECRET", "")
    return raw.encode() if raw else secrets.token_bytes(32)


def think(game_kind: str, view: dict[str, Any], seat: int, level: BotLevel, seed: str,
          budget_s: float, iterations: int | None) -> dict[str, Any]:
    """One decision, in a worker process (everything it gets is plain data)."""
    engine = get_engine(game_kind)
    if engine is None:
        raise LookupError(f"unknown game {game_kind!r}")
    return bots.decide(engine, view, seat, level, random.Random(seed), budget_s,
                       iterations=iterations)


class BotPool:
    """Where bots decide: inline for easy/normal, the worker processes for hard.

    ``MEJA_BOT_BUDGET`` (seconds, default 0.8) bounds a hard bot's search;
    ``MEJA_BOT_ITERATIONS`` caps it (tests use a cap for repeatable decisions).
    """

    def __init__(self, workers: int | None = None, secret: bytes | None = None) -> None:
        self.workers = workers or worker_count()
        self._secret = secret or bot_secret()
        self.budget_s = _env_float("MEJA_BOT_BUDGET", 0.8)
        self.iterations = _env_int("MEJA_BOT_ITERATIONS")
        self._executor: Executor | None = None
        self._threads: ThreadPoolExecutor | None = None

    def seed_for(self, game_id: str, seat: int, version: int) -> str:
        """The seed of the bot at ``seat`` deciding at ``version`` of game ``game_id``: an
        HMAC with the server's secret, so the same decision is repeated (a restart, a
        stand-in) and nothing public, nor the game's seed, tells it."""
        message = f"meja-bot:{game_id}:{seat}:{version}".encode()
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()

    def threads(self) -> ThreadPoolExecutor:
        """The threads easy and normal bots think in: their own, not the event loop's
        default executor, which every database call of the service (saving a chat line,
        loading a room, presence) goes through. A server full of bot tables must not make a
        player's request wait for a free thread."""
        if self._threads is None:
            self._threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="meja-bot")
        return self._threads

    def executor(self) -> Executor:
        """The worker processes, started on first use (spawned: no copied event loop)."""
        if self._executor is None:
            self._executor = ProcessPoolExecutor(max_workers=self.workers,
                                                 mp_context=get_context("spawn"))
        return self._executor

    async def decide(self, engine: Engine, state: State, seat: int, level: BotLevel,
                     seed: str) -> dict[str, Any]:
        """The bot's action for ``seat`` (from its view only, when the game has bots)."""
        rng = random.Random(seed)
        if not bots.has_bots(engine):
            return bot_of(engine).test_action(state, seat, rng)
        view = engine.view(state, seat)
        loop = asyncio.get_running_loop()
        if level != "hard":
            # Milliseconds, but not always under 5: a thread (the GIL is handed back every
            # few ms) keeps the event loop answering meanwhile, without a process hop.
            return await loop.run_in_executor(self.threads(), bots.decide, engine, view, seat,
                                              level, rng)
        # A cap makes the decision repeatable: then time does not cut it short.
        budget = self.budget_s if self.iterations is None else math.inf
        return await loop.run_in_executor(self.executor(), think, engine.id, view, seat,
                                          level, seed, budget, self.iterations)

    def shutdown(self) -> None:
        """Stop the worker processes (a decision under way is dropped)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None
