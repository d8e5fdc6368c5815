"""History, head-to-head and league ratings computed from finished games (pure modules)."""

from __future__ import annotations

import datetime as dt

import pytest
from openskill.models import PlackettLuce

from app.features.crews.history import (
    Place,
    Played,
    group_games,
    head_to_head,
    player_history,
)
from app.features.crews.ratings import Game, league, ranking, standings

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def played(n: int, kind: str, *seats: tuple[str | None, int]) -> Played:
    places = tuple(Place(i, who, who or f"guest{i}", rank) for i, (who, rank) in enumerate(seats))
    return Played(f"g{n}", kind, T0 + dt.timedelta(hours=n), places, f"/game/g{n}?replay=9")


def test_a_players_history_counts_titles_wins_places_and_lists_the_newest_first() -> None:
    games = [played(1, "kaki-lima", ("ana", 1), ("budi", 2)),
             played(2, "kaki-lima", ("ana", 2), ("budi", 1), (None, 3)),
             played(3, "indonesia", ("ana", 3), ("budi", 1), ("cici", 2)),
             played(4, "indonesia", ("budi", 1), ("cici", 2))]
    ana = player_history(games, "ana")
    assert ana.games == 3 and ana.wins == 1
    assert ana.titles["kaki-lima"].as_dict() == {"games": 2, "wins": 1, "average_place": 1.5}
    assert ana.titles["indonesia"].as_dict() == {"games": 1, "wins": 0, "average_place": 3.0}
    assert [r.game_id for r in ana.last] == ["g3", "g2", "g1"]
    assert ana.last[0].replay == "/game/g3?replay=9" and ana.last[0].players == 3
    assert ana.last[1].table == (("budi", 1), ("ana", 2), ("guest2", 3))


def test_the_last_results_stop_at_twenty_but_the_counts_do_not() -> None:
    games = [played(n, "race", ("ana", 1 + n % 2), ("budi", 2 - n % 2)) for n in range(30)]
    ana = player_history(games, "ana")
    assert len(ana.last) == 20 and ana.games == 30 and ana.wins == 15
    assert ana.last[0].game_id == "g29"


def test_head_to_head_counts_games_together_and_who_placed_ahead() -> None:
    games = [played(1, "race", ("ana", 1), ("budi", 2), ("cici", 3)),
             played(2, "race", ("ana", 2), ("budi", 1)),
             played(3, "race", ("ana", 1), ("budi", 1), ("cici", 3)),
             played(4, "race", ("budi", 2), ("cici", 1))]
    pairs = {(p.a, p.b): p for p in head_to_head(games, ["ana", "budi", "cici"])}
    ab = pairs[("ana", "budi")]
    assert (ab.games, ab.a_ahead, ab.b_ahead, ab.level) == (3, 1, 1, 1)
    bc = pairs[("budi", "cici")]
    assert (bc.games, bc.a_ahead, bc.b_ahead) == (3, 2, 1)
    ac = pairs[("ana", "cici")]
    assert (ac.games, ac.a_ahead, ac.b_ahead) == (2, 2, 0)


def test_group_games_are_those_with_a_member() -> None:
    games = [played(1, "race", ("ana", 1), ("x", 2)), played(2, "race", ("y", 1), ("z", 2))]
    assert [g.game_id for g in group_games(games, ["ana"])] == ["g1"]


def rated(n: int, players: tuple[str, ...], ranks: tuple[int, ...] | None, ending: str = "rules",
          absent: frozenset[int] = frozenset(), kind: str = "race") -> Game:
    return Game(f"g{n}", kind, T0 + dt.timedelta(hours=n), players, ranks, ending,  # type: ignore[arg-type]
                absent)


def test_ratings_equal_openskills_own_for_the_same_results_in_finish_order() -> None:
    bot = "bot:race:hard"
    games = [rated(3, ("ana", "budi", bot), (2, 1, 3)),
             rated(1, ("ana", "budi", "cici"), (1, 2, 2)),   # a tie
             rated(2, ("budi", bot), (2, 1)),
             rated(4, ("cici", "ana", bot, "budi"), (4, 1, 2, 3))]
    table = league(games, "loss")["race"]
    # The same results straight through openskill, in the order the games finished.
    m = PlackettLuce()
    r = {p: m.rating() for p in ("ana", "budi", "cici", bot)}
    for players, ranks in ((("ana", "budi", "cici"), [1, 2, 2]), (("budi", bot), [2, 1]),
                           (("ana", "budi", bot), [2, 1, 3]),
                           (("cici", "ana", bot, "budi"), [4, 1, 2, 3])):
        out = m.rate([[r[p]] for p in players], ranks=[float(k) for k in ranks])
        for p, (new,) in zip(players, out, strict=True):
            r[p] = new
    for p in r:
        assert table[p].mu == pytest.approx(r[p].mu, abs=1e-9)
        assert table[p].sigma == pytest.approx(r[p].sigma, abs=1e-9)
        assert table[p].ordinal == pytest.approx(r[p].ordinal(), abs=1e-9)
    assert table["ana"].games == 3 and table[bot].games == 3 and table["cici"].games == 2
    order = [p for p, _ in standings(table, ["ana", "budi", "cici", bot])]
    assert order == sorted(r, key=lambda p: -r[p].ordinal())


def test_the_league_rule_decides_how_clock_ended_and_abandoned_games_count() -> None:
    clock = rated(1, ("ana", "budi", "cici"), (1, 1, 3), ending="clock")
    gone = rated(2, ("ana", "bot:race:easy"), None, ending="abandoned", absent=frozenset({0}))
    assert ranking(clock, "loss") == [1, 1, 3]
    assert ranking(gone, "loss") == [2, 1]
    assert ranking(clock, "skip") is None and ranking(gone, "skip") is None
    assert league([clock, gone], "skip") == {}
    counted = league([clock, gone], "loss")["race"]
    assert counted["cici"].mu < 25 < counted["budi"].mu
    assert counted["bot:race:easy"].mu > 25 > counted["ana"].mu
    assert counted["ana"].games == 2


def test_a_game_that_ranks_nobody_apart_changes_nothing() -> None:
    everyone_left = rated(1, ("ana", "budi"), None, "abandoned", frozenset({0, 1}))
    all_tied = rated(2, ("ana", "budi"), (1, 1))
    assert league([everyone_left, all_tied], "loss") == {}


def test_ratings_are_kept_per_title_and_a_player_in_two_seats_counts_once() -> None:
    games = [rated(1, ("ana", "budi"), (1, 2), kind="race"),
             rated(2, ("ana", "ana", "budi"), (3, 1, 2), kind="kaki-lima")]
    out = league(games, "loss")
    assert set(out) == {"race", "kaki-lima"}
    m = PlackettLuce()
    a, b = m.rate([[m.rating()], [m.rating()]], ranks=[1, 2])
    assert out["kaki-lima"]["ana"].mu == pytest.approx(a[0].mu)
    assert out["kaki-lima"]["ana"].games == 1


def test_a_stored_game_reads_as_the_league_and_history_read_it() -> None:
    from app.features.crews.reading import as_played, as_rated

    seats = [{"seat": 0, "name": "Ana", "is_bot": False, "bot_level": None, "left": False,
              "former": False},
             {"seat": 1, "name": "Bot 2", "is_bot": True, "bot_level": "hard", "left": False,
              "former": False},
             {"seat": 2, "name": "Cici", "is_bot": False, "bot_level": None, "left": True,
              "former": False}]
    clock = {"id": "g1", "kind": "kaki-lima", "status": "finished", "finished_at": T0,
             "updated_at": T0, "started_at": T0, "version": 40, "spectators": False,
             "watch_id": None, "state": None,
             "outcome_override": {"scores": [0, 0, 0], "ranks": [1, 1, 3],
                                  "detail": {"timed_out": [2]}}}
    rated = as_rated(clock, seats, {0: "A"})
    assert rated is not None and rated.ending == "clock" and rated.ranks == (1, 1, 3)
    assert rated.players == ("account:A", "bot:kaki-lima:hard", "guest:g1:2")
    played = as_played(clock, seats, {0: "A"})
    assert played is not None and played.replay == "/game/g1?replay=40"
    assert [p.player for p in played.places] == ["account:A", "bot:kaki-lima:hard", None]
    gone = {**clock, "status": "abandoned", "finished_at": None, "outcome_override": None}
    rated = as_rated(gone, seats, {0: "A"})
    assert rated is not None and rated.ending == "abandoned" and rated.absent == {2}
    assert as_played(gone, seats, {0: "A"}) is None  # nobody won it: not history
    never = {**gone, "started_at": None}
    assert as_rated(never, seats, {}) is None  # a lobby closed before it began
