"""Reading a stored game as history and as the league do (pure: rows in, values out).

A seat is a person's when an account holds it (``account_seats``); a bot's seat is the
bot's of that game and level; any other seat is a guest's, who has no history of their own
until they claim the seat into an account.
"""

from __future__ import annotations

from typing import Any

from app.core.lobby import final_outcome
from app.features.crews.history import Place, Played
from app.features.crews.ratings import Ending, Game

ACCOUNT = "account:"


def account_key(account_id: str) -> str:
    """The identity key of an account (history and league)."""
    return ACCOUNT + account_id


def account_of(key: str) -> str | None:
    """The account id inside an identity key (None: a bot or a guest)."""
    return key[len(ACCOUNT):] if key.startswith(ACCOUNT) else None


def bot_key(kind: str, level: str | None) -> str:
    """The identity of a bot: one per game and level ("the hard bot of Kaki Lima")."""
    return f"bot:{kind}:{level or 'normal'}"


def seat_key(game: dict[str, Any], seat: dict[str, Any], holders: dict[int, str]
             ) -> str | None:
    """Who sat in ``seat``: an account, a bot, or None for a guest."""
    if seat["seat"] in holders:
        return account_key(holders[seat["seat"]])
    if seat["is_bot"]:
        return bot_key(game["kind"], seat.get("bot_level"))
    return None


def replay_url(game: dict[str, Any]) -> str:
    """Where a game's replay opens, at its last version: by its watch link when it has
    spectators (anyone may follow it), else the players' own page (their seat opens it)."""
    at = int(game.get("version") or 0)
    if game.get("spectators") and game.get("watch_id"):
        return f"/watch/{game['watch_id']}?replay={at}"
    return f"/game/{game['id']}?replay={at}"


def ending(game: dict[str, Any]) -> Ending:
    """How the game came to its end: by its rules, by a clock (``end``), or abandoned."""
    if game["status"] == "abandoned":
        return "abandoned"
    override = game.get("outcome_override") or {}
    return "clock" if isinstance(override, dict) and "timed_out" in (override.get("detail")
                                                                      or {}) else "rules"


def as_played(game: dict[str, Any], seats: list[dict[str, Any]], holders: dict[int, str]
              ) -> Played | None:
    """A finished game as history lists it (None: abandoned, or no outcome to read)."""
    if game["status"] != "finished" or game.get("finished_at") is None:
        return None
    outcome = final_outcome(game)
    if outcome is None:
        return None
    ranks = outcome["ranks"]
    places = tuple(
        Place(s["seat"], seat_key(game, s, holders),
              None if s.get("former") else s["name"], int(ranks[s["seat"]]),
              bool(s["is_bot"]))
        for s in seats if s["seat"] < len(ranks))
    return Played(game["id"], game["kind"], game["finished_at"], places, replay_url(game))


def as_rated(game: dict[str, Any], seats: list[dict[str, Any]], holders: dict[int, str]
             ) -> Game | None:
    """A finished or abandoned game as the league reads it (guests get a key of their own
    for this one game)."""
    if (game.get("settings") or {}).get("hints"):
        return None  # a game played with hints is not rated (docs/crews.md)
    end = ending(game)
    players = tuple(seat_key(game, s, holders) or f"guest:{game['id']}:{s['seat']}"
                    for s in seats)
    when = game.get("finished_at") or game.get("updated_at")
    if end == "abandoned":
        if game.get("started_at") is None or when is None:
            return None  # a lobby closed before it began: nobody played
        absent = frozenset(s["seat"] for s in seats if s["left"] and not s["is_bot"])
        return Game(game["id"], game["kind"], when, players, None, end, absent)
    outcome = final_outcome(game)
    if outcome is None or when is None:
        return None
    return Game(game["id"], game["kind"], when, players,
                tuple(int(r) for r in outcome["ranks"]), end)
