"""The public description of a lobby/game (``LobbyInfo`` in docs/protocol.md)."""

from __future__ import annotations

from typing import Any

from app.core.tablesettings import settings_of
from engines.registry import get_engine


def invite_url(game: dict[str, Any]) -> str:
    """Path of the invite link (the browser prefixes its own origin)."""
    return f"/join/{game['invite_id']}"


def watch_url(game: dict[str, Any]) -> str | None:
    """Path of the watch link, or None when spectators are off."""
    return f"/watch/{game['watch_id']}" if game["spectators"] and game["watch_id"] else None


def lobby_info(game: dict[str, Any], seats: list[dict[str, Any]],
               connected: set[int] | None = None, you: int | None = None) -> dict[str, Any]:
    """LobbyInfo: never a credential, a hash, the seed or the state."""
    engine = get_engine(game["kind"])
    online = connected if connected is not None else {s["seat"] for s in seats if s["connected"]}
    return {
        "game_id": game["id"],
        "game": game["kind"],
        "game_name": engine.name if engine else game["kind"],
        "status": game["status"],
        "options": game["options"],
        "settings": settings_of(game).model_dump(mode="json"),
        "seats": [
            {"seat": s["seat"], "name": s["name"], "bot": s["is_bot"],
             "bot_level": (s.get("bot_level") or "normal") if s["is_bot"] else None,
             "connected": s["seat"] in online or s["is_bot"], "left": s["left"],
             "host": s["is_host"], "stand_in": bool(s.get("stand_in")),
             "former": bool(s.get("former"))}
            for s in seats
        ],
        "player_count": game["player_count"],
        "spectators": game["spectators"],
        "listed": game["listed"],
        "invite_url": invite_url(game),
        "watch_url": watch_url(game),
        "version": game["version"],
        "rules_version": game["rules_version"],
        "created_at": game["created_at"].isoformat() if game["created_at"] else None,
        "you": you,
    }


def final_outcome(game: dict[str, Any]) -> dict[str, Any] | None:
    """The outcome of a game as every reader sees it: one imposed on it (a clock's
    ``out_of_time = end``, ``games.outcome_override``) wins over the engine's, so the live
    document, the history and the record never disagree about how a game ended."""
    override = game.get("outcome_override")
    if override:
        return dict(override)
    engine = get_engine(game["kind"])
    outcome = engine.outcome(game["state"]) if engine and game.get("state") else None
    return outcome.as_dict() if outcome else None
