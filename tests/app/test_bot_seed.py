"""A bot's seed is a keyed hash of public facts, never the game's secret seed (issue 40):
the worker that decides a bot's move is handed nothing that could rebuild the deal, and
nobody without the server's secret can predict the bot's draws; the same decision is still
repeated for the same (game, seat, version)."""

from __future__ import annotations

import hashlib
import hmac
from types import SimpleNamespace
from typing import Any

from app.realtime.bots import BotPool
from app.realtime.hub import Hub
from tests.asyncrun import run as run_async

GAME_SEED = 8_902_094_432_515_289_039


class Recorder(BotPool):
    """A pool that remembers the seed every decision was handed."""

    def __init__(self, secret: bytes) -> None:
        super().__init__(workers=1, secret=secret)
        self.seeds: list[str] = []

    async def decide(self, engine: Any, state: Any, seat: int, level: Any,
                     seed: str) -> dict[str, Any]:
        self.seeds.append(seed)
        return {"type": "pass"}


def seed_handed_to_the_bot(pool: Recorder, game_id: str = "g-123", seat: int = 1,
                           version: int = 17, game_seed: int = GAME_SEED) -> str:
    """The seed ``Hub.bot_move`` hands the pool for a bot at ``seat`` of a running game."""
    room = SimpleNamespace(id=game_id, version=version, state={"x": 1}, engine=None,
                           game={"seed": game_seed},
                           seats=[{"is_bot": False}, {"is_bot": True, "bot_level": "hard"}])
    hub = SimpleNamespace(bot_pool=pool)
    run_async(Hub.bot_move(hub, room, seat))  # type: ignore[arg-type]
    return pool.seeds[-1]


def test_the_bots_seed_is_not_the_old_one_built_from_the_games_secret_seed() -> None:
    seed = seed_handed_to_the_bot(Recorder(b"server secret"))
    assert seed != f"{GAME_SEED}:17:1"
    assert str(GAME_SEED) not in seed


def test_the_games_secret_seed_does_not_change_the_bots_seed() -> None:
    pool = Recorder(b"server secret")
    assert seed_handed_to_the_bot(pool, game_seed=1) == seed_handed_to_the_bot(pool,
                                                                              game_seed=2)


def test_public_facts_alone_do_not_give_the_seed() -> None:
    """Whoever knows the game id, seat and version but not the server's secret gets
    another seed, whatever key they guess from public data."""
    seed = seed_handed_to_the_bot(Recorder(b"server secret"))
    for guess in (b"", b"g-123", b"meja", str(GAME_SEED).encode()):
        assert seed_handed_to_the_bot(Recorder(guess)) != seed
    public = b"meja-bot:g-123:1:17"
    assert seed != hashlib.sha256(public).hexdigest()
    assert seed == hmac.new(b"server secret", public, hashlib.sha256).hexdigest()


def test_the_same_decision_gets_the_same_seed_and_every_other_another() -> None:
    pool = Recorder(b"server secret")
    first = seed_handed_to_the_bot(pool)
    assert seed_handed_to_the_bot(pool) == first
    assert seed_handed_to_the_bot(Recorder(b"server secret")) == first
    others = {seed_handed_to_the_bot(pool, version=18), seed_handed_to_the_bot(pool, seat=0),
              seed_handed_to_the_bot(pool, game_id="g-124")}
    assert first not in others and len(others) == 3


def test_without_a_configured_secret_each_server_draws_its_own(monkeypatch) -> None:
    monkeypatch.delenv("MEJA_BOT_SECRET", raising=False)
    assert BotPool(workers=1).seed_for("g", 0, 1) != BotPool(workers=1).seed_for("g", 0, 1)
    monkeypatch.setenv("MEJA_BOT_SECRET", "configured")
    assert BotPool(workers=1).seed_for("g", 0, 1) == BotPool(workers=1).seed_for("g", 0, 1)
