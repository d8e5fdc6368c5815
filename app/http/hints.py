"""REST API: beginners' hints (issue 41) - "show me a good move".

A table whose host turned hints on (``settings.hints``, off by default; everyone at the
table sees that they are on) lets a player ask the normal bot for a move on their own turn.
The bot decides from ``engine.view(state, seat)`` - the asking seat's own view, never the
hidden state - exactly as a bot in that seat would (app/realtime/bots.py) - and says why in one
line, a catalogue message the game's bot words from the same view (``GameBot.explain``,
``engines/<game>/bot/why.py``). Each seat may ask ``MEJA_RATE_HINTS`` times a minute
(default 10).
"""

from __future__ import annotations

import random
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel

from app.core.errors import ApiError
from app.core.ratelimit import retry_after
from app.core.tablesettings import settings_of
from app.http.deps import SeatDep, StoreDep, refusals, run
from engines import bots
from engines.bots.protocol import bot_of
from engines.core.log import term
from engines.registry import get_engine

router = APIRouter(prefix="/api")


class Reason(BaseModel):
    """Why the move is good: a message key of the engines' catalogues and its parameters."""

    key: str
    params: dict[str, Any]


class Hint(BaseModel):
    """A good move for the asking seat, as the client would send it, and why it is good."""

    action: dict[str, Any]
    why: Reason


def _good_move(kind: str, state: dict[str, Any], seat: int, salt: str) -> dict[str, Any]:
    """The normal bot's move for ``seat`` from its own view (the hint without its reason)."""
    return _hint(kind, state, seat, salt)[0]


def _hint(kind: str, state: dict[str, Any], seat: int,
          salt: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The normal bot's move for ``seat`` and its reason, both from the seat's own view."""
    engine = get_engine(kind)
    if engine is None:
        raise ApiError(404, "api.kind_gone")
    # The seat's own view only: what it may see is all the bot is told, and all it explains.
    view = engine.view(state, seat)
    action = bots.decide(engine, view, seat, "normal", random.Random(salt))
    return action, bot_of(engine).explain(view, seat, action)


@router.post("/games/{game_id}/hint", summary="A good move for your own turn (hint tables)",
             responses=refusals(401, 403, 404, 409, 422, 429))
async def hint(holder: SeatDep, store: StoreDep, request: Request) -> Hint:
    limiter = request.app.state.limits["hints"]
    wait = limiter.take(f"{holder.game_id}:{holder.seat}")  # per seat, not per address
    if wait:
        after = retry_after(wait)
        raise ApiError(429, "api.rate_limited", headers={"Retry-After": after},
                       what=term("api.limited.hints"), seconds=int(after))
    game = await run(store.game, holder.game_id)
    if not settings_of(game).hints:
        raise ApiError(409, "api.hints_off")
    engine = get_engine(game["kind"])
    if engine is None:
        raise ApiError(404, "api.kind_gone")
    state = game["state"]
    if (game["status"] != "active" or state is None
            or holder.seat not in engine.awaited(state)):
        raise ApiError(409, "api.hint_not_your_turn")
    action, why = await run(_hint, game["kind"], state, holder.seat,
                            f"hint:{game['version']}:{holder.seat}")
    return Hint(action=action, why=Reason.model_validate(why))
