"""Playing a real table over the WebSocket with each engine's own bot, as the seats'
browsers would: every seat is a human seat of ``api_lobby``'s result; the bot reads
the server's own state of the table (the server runs in this process). Used by the
accessibility audit and by tools/screenshots.py to bring a game to mid-game or to its end."""

from __future__ import annotations

import random
import time
from typing import Any

from engines.bots import bot_of
from engines.registry import get_engine
from tests.app.client import Viewer


def play(server: Any, made: dict[str, Any], kind: str, moves: int | None = None,
         seed: int = 7) -> int:
    """Play ``moves`` moves (None: to the game's end); returns how many were played."""
    engine = get_engine(kind)
    assert engine is not None, kind
    game_id = made["lobby"]["game_id"]
    viewers = {seat: Viewer(server.ws_url, game_id, credential=cred)
               for seat, cred in made["seats"].items()}
    version = 0
    for v in viewers.values():
        v.wait_for(lambda f: f["type"] == "snapshot")
        version = max(version, v.version or 0)
    rng = random.Random(seed)
    played = 0
    # The server's own state of the table (this process runs it): whatever was played before.
    room = server.app.state.hub.rooms[game_id]
    try:
        while (state := room.state) is not None and engine.outcome(state) is None:
            if moves is not None and played >= moves:
                break
            seat = engine.awaited(state)[0] if engine.awaited(state) else engine.to_act(state)[0]
            action = bot_of(engine).test_action(state, seat, rng)
            v = viewers[seat]
            v.wait_version(version)
            answer = v.answer(v.act(action))
            assert answer["type"] == "accepted", answer
            version = answer["version"]
            while room.version < version:  # the answer may overtake the room's own update
                time.sleep(0.005)
            played += 1
    finally:
        for v in viewers.values():
            v.close()
    return played
