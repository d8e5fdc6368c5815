"""A table started while its first viewer's hello is loading the room (seen under load: the
room was loaded from the lobby the database held a moment before, and every later hello
was answered with that lobby, so the game never began for anyone)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from app.main import assemble
from app.store.db import make_engine, migrate
from app.store.store import Store
from engines.registry import get_engine
from tests.asyncrun import run as run_async


async def _start_during_load(tmp: Path) -> str:
    url = f"sqlite:///{tmp}/race.db"
    migrate(url)
    store = Store(make_engine(url))
    hub = assemble(store, bot_delay=0.0).hub
    engine = get_engine("tuk-tuk-taxi")
    assert engine is not None
    row, _ = store.create_lobby("tuk-tuk-taxi", {}, 2, "host", spectators=True, listed=False,
                                rules_version=engine.rules_version)
    store.join(row["id"], "guest")
    # The hello's load reads the lobby, then waits (a loaded machine) before the room is kept.
    read, go_on = threading.Event(), threading.Event()
    load = hub._load

    def slow_load(game_id: str):  # type: ignore[no-untyped-def]
        room = load(game_id)
        read.set()
        go_on.wait(10)
        return room

    hub._load = slow_load  # type: ignore[method-assign]
    hello = asyncio.create_task(hub.room(row["id"]))
    await asyncio.to_thread(read.wait, 10)
    # The host starts the table meanwhile, as POST /start does: stored, then announced.
    store.start(row["id"], engine.setup(2, {}, row["seed"]), engine.rules_version)
    hub._load = load  # type: ignore[method-assign]
    announced = asyncio.create_task(hub.lobby_changed(row["id"], "active"))
    await asyncio.sleep(0.05)
    go_on.set()
    await asyncio.gather(hello, announced)
    return (await hub.room(row["id"])).status


def test_a_table_started_while_a_hello_loads_its_room_starts_for_everyone(
        tmp_path: Path) -> None:
    assert run_async(_start_during_load(tmp_path)) == "active"
