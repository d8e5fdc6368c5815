"""tools/random_play.py: it plays whole games with both bots and reports what went wrong."""

from __future__ import annotations

import pytest

# Imported here, at collection: tools.random_play imports it when an Indonesia game starts,
# and pytest rewrites a test module's asserts as it is imported - mid-suite, beside the live
# servers' threads, CPython 3.11's parser once failed there ("AST constructor recursion
# depth mismatch").
import tests.engines.indonesia.test_properties  # noqa: F401
from engines.race.engine import RaceEngine
from tools import random_play


def test_race_games_end_and_pass_every_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert random_play.main(["race", "--games", "30", "--options", '{"goal": 40}']) == 0
    out = capsys.readouterr().out
    for bot in ("engine", "random"):
        for players in (2, 3, 4):
            assert f"{bot:<7} {players:>7} {10:>6} {10:>6}" in out, out
    assert "FAILED" not in out


def test_a_game_that_does_not_end_is_reported_with_its_seed(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = random_play.main(["race", "--games", "3", "--bot", "random", "--players", "2",
                             "--max-actions", "30", "--first-seed", "7"])   # goal 10**6
    assert code == 1
    out = capsys.readouterr().out
    for seed in (7, 8, 9):
        assert f"seed {seed}: no end after 30 actions" in out, out


def _flaky(monkeypatch: pytest.MonkeyPatch, change: int) -> None:
    """The fifth apply (only while playing, not on replay) moves its runner by ``change``."""
    original = RaceEngine.apply
    calls = {"n": 0}

    def flaky_apply(self: RaceEngine, state, seat, action):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        result = original(self, state, seat, action)
        if calls["n"] == 5:
            result.state["positions"][seat] += change
        return result

    monkeypatch.setattr(RaceEngine, "apply", flaky_apply)


ONE_GAME = ["race", "--games", "1", "--bot", "engine", "--players", "2",
            "--options", '{"goal": 40}']


def test_a_broken_invariant_is_a_failure(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _flaky(monkeypatch, -1000)
    assert random_play.main(ONE_GAME) == 1
    assert "a runner went back" in capsys.readouterr().out


def test_a_replay_that_differs_is_a_failure(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _flaky(monkeypatch, 1)
    assert random_play.main(ONE_GAME) == 1
    assert "replaying the event log gives another state" in capsys.readouterr().out


def test_the_platform_bots_take_the_seats_by_level(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["indonesia", "--games", "2", "--bot", "levels", "--levels", "easy,hard",
            "--hard-iterations", "4", "--players", "2", "--check-every", "50"]
    assert random_play.main(args) == 0
    out = capsys.readouterr().out
    assert f"{'levels':<7} {2:>7} {2:>6} {2:>6}" in out, out
    assert "max year" in out and "levels at the table" in out
    seats = [random_play.seat_levels(["easy", "hard"], 2, seed) for seed in (1, 2)]
    assert {lv for s in seats for lv in s} <= {"easy", "hard"}
    assert seats[0] == random_play.seat_levels(["easy", "hard"], 2, 1)  # by the seed alone


def test_a_game_past_the_year_cap_is_a_failure(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["indonesia", "--games", "1", "--bot", "levels", "--levels", "normal",
            "--players", "3", "--max-year", "3", "--check-every", "50"]
    assert random_play.main(args) == 1
    out = capsys.readouterr().out
    assert "FAILED levels bot (seats normal,normal,normal), 3p" in out, out
    assert "the game is still going in year 4" in out, out
