"""What the history, head-to-head and league pages show, put together from the stored
games (blocking: run in a worker thread). The documents name players by their crew name
or the name they sat under, and bots by game and level; never an address or a credential.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from app.features.crews import store
from app.features.crews.history import (
    Played,
    group_games,
    head_to_head,
    player_history,
)
from app.features.crews.ratings import league, standings
from app.features.crews.reading import account_key, account_of, as_played, as_rated


def _played(engine: Engine, account_ids: list[str]) -> list[Played]:
    out = []
    for game, seats, holders in store.games_of(engine, account_ids):
        played = as_played(game, seats, holders)
        if played is not None:
            out.append(played)
    return out


def _who(key: str, names: dict[str, str | None]) -> dict[str, Any]:
    """A player as a page names them: an account (its name; None once deleted) or a bot
    (``bot``: ``{"game", "level"}``)."""
    account = account_of(key)
    if account is not None:
        return {"account_id": account, "name": names.get(account), "bot": None}
    _, game, level = key.split(":", 2)
    return {"account_id": None, "name": None, "bot": {"game": game, "level": level}}


def player_page(engine: Engine, account_id: str) -> dict[str, Any]:
    """One account's history: per title, wins, average place, the last 20 results."""
    history = player_history(_played(engine, [account_id]), account_key(account_id))
    return {"games": history.games, "wins": history.wins,
            "titles": {k: v.as_dict() for k, v in sorted(history.titles.items())},
            "last": [r.as_dict() for r in history.last]}


def crew_history(engine: Engine, crew_id: str) -> dict[str, Any]:
    """A crew's history: each member's record per title, the crew's last 20 games (with
    each member's place), and the head-to-head of every pair of members."""
    members = store.members(engine, crew_id)
    ids = [m["account_id"] for m in members]
    names = {m["account_id"]: m["name"] for m in members}
    games = _played(engine, ids)
    keys = [account_key(i) for i in ids]
    people = []
    for account_id, key in zip(ids, keys, strict=True):
        mine = player_history(games, key, last=0)
        people.append({"account_id": account_id, "name": names[account_id],
                       "games": mine.games, "wins": mine.wins,
                       "titles": {k: v.as_dict() for k, v in sorted(mine.titles.items())}})
    last = []
    for game in group_games(games, keys):
        at = [{"account_id": account_of(p.player) if p.player else None, "name": p.name,
               "place": p.rank, "bot": p.bot} for p in sorted(game.places,
                                                              key=lambda p: (p.rank, p.seat))]
        last.append({"game_id": game.game_id, "game": game.kind,
                     "finished_at": game.finished_at.isoformat(), "replay_url": game.replay,
                     "table": at})
    pairs = [{"a": account_of(p.a), "b": account_of(p.b), "games": p.games,
              "a_ahead": p.a_ahead, "b_ahead": p.b_ahead, "level": p.level}
             for p in head_to_head(games, keys)]
    return {"members": people, "last": last, "head_to_head": pairs}


def crew_league(engine: Engine, crew: dict[str, Any]) -> dict[str, Any]:
    """The crew's league tables, one per title: members and bots by their conservative
    rating (games since the league was switched on, under its rule)."""
    if not crew["league_on"]:
        return {"on": False, "rule": crew["league_rule"], "since": None, "titles": {}}
    members = store.members(engine, crew["id"])
    ids = [m["account_id"] for m in members]
    names = {m["account_id"]: m["name"] for m in members}
    rated = []
    for game, seats, holders in store.games_of(engine, ids, since=crew["league_since"]):
        one = as_rated(game, seats, holders)
        if one is not None:
            rated.append(one)
    tables = league(rated, crew["league_rule"])
    titles: dict[str, list[dict[str, Any]]] = {}
    for title, ratings in sorted(tables.items()):
        shown = [account_key(i) for i in ids] + [k for k in ratings if k.startswith("bot:")]
        titles[title] = [{**_who(key, names), **rating.as_dict()}
                         for key, rating in standings(ratings, shown)]
    return {"on": True, "rule": crew["league_rule"],
            "since": crew["league_since"].isoformat() if crew["league_since"] else None,
            "titles": titles}
