"""A crew's league: a multiplayer rating per title (pure: no database, no clock).

The model is ``openskill``'s Plackett-Luce (the Weng-Lin family): every game is one
ranking of its seats, ties allowed, 2 to 6 players. Ratings are updated game by game in
the order the games finished, starting from the model's default (mu 25, sigma 25/3). A
rating is shown as its conservative ordinal, ``mu - 3 sigma``: what the model is fairly
sure the player is at least, so a newcomer with one lucky win does not top the table.

Who is rated (identity keys, as in :mod:`.history`): accounts (``account:<id>``), bots
(``bot:<game>:<level>`` - one rating per game and level, so "Budi beats the hard bot"
means something), and guests who never claimed their seat (``guest:<game id>:<seat>``:
they take part in the one ranking they played, from the default rating, and are never
shown). A player holding two seats of one game counts once, at their better place.

How a game that did not end by the rules counts is the league's rule (the crew's owner
chooses, :data:`RULES`):

* ``loss`` - a clock that ended the game (the clock's ``end`` policy) ranks the seats that
  ran out of time last, everybody else first, as the game's outcome says; an abandoned game
  ranks the seats whose players left last and the others (those still seated, bots) first.
* ``skip`` - neither kind of game is counted.

A game whose ranking says nothing (one player, or everybody shares one place) changes no
rating either way.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from openskill.models import PlackettLuce

#: The league's rule for abandoned and clock-ended games.
Rule = Literal["loss", "skip"]
RULES: tuple[Rule, ...] = ("loss", "skip")
#: How a game came to its end.
Ending = Literal["rules", "clock", "abandoned"]


@dataclass(frozen=True)
class Game:
    """One game, as the league reads it: who sat in each seat and how they placed.

    ``ranks`` is the outcome (1 = won, ties share a rank) for a game that ended by the rules
    or by the clock; for an abandoned game it is None and ``absent`` names the seats whose
    players left."""

    game_id: str
    kind: str
    finished_at: dt.datetime
    players: tuple[str, ...]
    ranks: tuple[int, ...] | None
    ending: Ending = "rules"
    absent: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Rating:
    """One player's rating at one title."""

    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative rating shown in the league table: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    def as_dict(self) -> dict[str, Any]:
        return {"rating": round(self.ordinal, 1), "mu": round(self.mu, 3),
                "sigma": round(self.sigma, 3), "games": self.games}


def ranking(game: Game, rule: Rule) -> list[int] | None:
    """The ranks a game is rated by under ``rule``; None: it is not counted."""
    if game.ending != "rules" and rule == "skip":
        return None
    if game.ending == "abandoned":
        n = len(game.players)
        if not game.absent or len(game.absent) >= n:
            return None
        stayed = n - len(game.absent)
        ranks = [stayed + 1 if s in game.absent else 1 for s in range(n)]
    else:
        if game.ranks is None:
            return None
        ranks = list(game.ranks)
    return ranks if len(set(ranks)) > 1 else None


def _once_each(players: tuple[str, ...], ranks: list[int]) -> tuple[list[str], list[int]]:
    """One entry per player: a player in two seats keeps the better place."""
    best: dict[str, int] = {}
    for player, rank in zip(players, ranks, strict=True):
        best[player] = min(rank, best.get(player, rank))
    return list(best), list(best.values())


def model() -> PlackettLuce:
    """The model every league uses (openskill's defaults)."""
    return PlackettLuce()


def league(games: Iterable[Game], rule: Rule) -> dict[str, dict[str, Rating]]:
    """Every title's ratings after ``games``, rated one by one in the order they finished:
    ``{title: {player: Rating}}`` (guests included; the caller shows whom it may)."""
    pl = model()
    table: dict[str, dict[str, Rating]] = {}
    for game in sorted(games, key=lambda g: (g.finished_at, g.game_id)):
        ranks = ranking(game, rule)
        if ranks is None:
            continue
        players, ranks = _once_each(game.players, ranks)
        if len(players) < 2 or len(set(ranks)) < 2:
            continue
        title = table.setdefault(game.kind, {})
        before = [title.get(p) for p in players]
        teams = [[pl.rating(mu=r.mu, sigma=r.sigma) if r else pl.rating()] for r in before]
        after = pl.rate(teams, ranks=[float(r) for r in ranks])
        for player, old, (new,) in zip(players, before, after, strict=True):
            title[player] = Rating(new.mu, new.sigma, (old.games if old else 0) + 1)
    return table


def standings(ratings: dict[str, Rating], shown: Iterable[str]) -> list[tuple[str, Rating]]:
    """The league table of one title: the ``shown`` players who have a rating, best
    ordinal first (ties: more games first, then by key, so the order is stable)."""
    wanted = set(shown)
    rows = [(p, r) for p, r in ratings.items() if p in wanted]
    return sorted(rows, key=lambda pr: (-pr[1].ordinal, -pr[1].games, pr[0]))
