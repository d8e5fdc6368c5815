"""History and head-to-head from finished games (pure: no database, no clock).

A finished game is a :class:`Played`: its title, when it ended and one :class:`Place` per
seat (who sat there, as an identity key, and their competition rank, 1 = won). Identity keys
are the league's (:mod:`.ratings`): ``account:<id>`` for a seat claimed into an account,
``bot:<game>:<level>`` for a bot, ``None`` for a guest who never claimed the seat (they count
in the game's places, but have no history of their own).

From a list of them this module computes, for one player or for a group of them: games per
title, wins, average place, the last results (with a link to each game's replay) and, for
a group, a head-to-head table: for each pair, how often they sat at one table and who
placed ahead how often.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

#: How many results a history lists (the newest first).
LAST_RESULTS = 20


@dataclass(frozen=True)
class Place:
    """One seat of a finished game."""

    seat: int
    player: str | None
    #: The name they sat under; None once their account was deleted ("a former player").
    name: str | None
    rank: int
    bot: bool = False


@dataclass(frozen=True)
class Played:
    """One finished game, as history reads it."""

    game_id: str
    kind: str
    finished_at: dt.datetime
    places: tuple[Place, ...]
    #: Where its replay opens (a path; the page adds the origin).
    replay: str

    def place_of(self, player: str) -> Place | None:
        """The best place ``player`` took in this game (None: not at this table)."""
        mine = [p for p in self.places if p.player == player]
        return min(mine, key=lambda p: p.rank) if mine else None


@dataclass
class TitleStats:
    """One player's record at one title."""

    games: int = 0
    wins: int = 0
    place_sum: int = 0

    @property
    def average_place(self) -> float:
        """The mean of the places taken (1 = always won); 0 before any game."""
        return round(self.place_sum / self.games, 2) if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"games": self.games, "wins": self.wins, "average_place": self.average_place}


@dataclass(frozen=True)
class Result:
    """One line of a player's last results."""

    game_id: str
    kind: str
    finished_at: dt.datetime
    place: int
    players: int
    won: bool
    replay: str
    #: Everybody at the table, best first (names as they sat).
    table: tuple[tuple[str | None, int], ...]

    def as_dict(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "game": self.kind,
                "finished_at": self.finished_at.isoformat(), "place": self.place,
                "players": self.players, "won": self.won, "replay_url": self.replay,
                "table": [{"name": n, "place": r} for n, r in self.table]}


@dataclass
class Pair:
    """Two players' head-to-head: games at one table, and who placed ahead how often."""

    a: str
    b: str
    games: int = 0
    a_ahead: int = 0
    b_ahead: int = 0

    @property
    def level(self) -> int:
        """Games where they shared a place."""
        return self.games - self.a_ahead - self.b_ahead


@dataclass
class PlayerHistory:
    """What one player's history page shows."""

    player: str
    titles: dict[str, TitleStats] = field(default_factory=dict)
    last: list[Result] = field(default_factory=list)

    @property
    def games(self) -> int:
        return sum(t.games for t in self.titles.values())

    @property
    def wins(self) -> int:
        return sum(t.wins for t in self.titles.values())


def _table(game: Played) -> tuple[tuple[str | None, int], ...]:
    return tuple((p.name, p.rank) for p in sorted(game.places, key=lambda p: (p.rank, p.seat)))


def newest_first(games: Iterable[Played]) -> list[Played]:
    """The games, the latest finished first (ties: by id, so the order is stable)."""
    return sorted(games, key=lambda g: (g.finished_at, g.game_id), reverse=True)


def player_history(games: Iterable[Played], player: str,
                   last: int = LAST_RESULTS) -> PlayerHistory:
    """``player``'s record per title and their ``last`` results, newest first."""
    out = PlayerHistory(player)
    for game in newest_first(games):
        place = game.place_of(player)
        if place is None:
            continue
        stats = out.titles.setdefault(game.kind, TitleStats())
        stats.games += 1
        stats.wins += place.rank == 1
        stats.place_sum += place.rank
        if len(out.last) < last:
            out.last.append(Result(game.game_id, game.kind, game.finished_at, place.rank,
                                   len(game.places), place.rank == 1, game.replay,
                                   _table(game)))
    return out


def head_to_head(games: Iterable[Played], players: Sequence[str]) -> list[Pair]:
    """For each pair of ``players`` (in the order given): the games both played, and how
    often each placed ahead of the other (a shared place counts for neither)."""
    pairs = {(a, b): Pair(a, b) for a, b in combinations(players, 2)}
    for game in games:
        places = {p: game.place_of(p) for p in players}
        for (a, b), pair in pairs.items():
            pa, pb = places[a], places[b]
            if pa is None or pb is None:
                continue
            pair.games += 1
            pair.a_ahead += pa.rank < pb.rank
            pair.b_ahead += pb.rank < pa.rank
    return list(pairs.values())


def group_games(games: Iterable[Played], members: Iterable[str],
                last: int = LAST_RESULTS) -> list[Played]:
    """The newest ``last`` games at which at least one of ``members`` sat."""
    wanted = set(members)
    return [g for g in newest_first(games)
            if any(p.player in wanted for p in g.places)][:last]
