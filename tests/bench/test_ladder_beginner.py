"""The ladder's beginner (issue 40: a new player's model, "random among normal's top
three"), which measures whether easy is a level a new player can beat about half the time."""

from __future__ import annotations

import argparse
import math
import random

from bench.ladder import LadderGame, beginner_action, ladder_tasks, play_ladder_game
from engines import bots
from engines.bots.candidates import candidate_actions
from engines.tuk_tuk_taxi import BOT, ENGINE


def test_the_beginner_plays_one_of_normals_three_best_moves_and_not_always_the_first() -> None:
    state = ENGINE.setup(2, {}, 30001)
    for n in range(24):   # into the game, where the routes offered differ
        seat = (ENGINE.awaited(state) or ENGINE.to_act(state))[0]
        raw = bots.decide(ENGINE, ENGINE.view(state, seat), seat, "normal", random.Random(n))
        state = ENGINE.apply(state, seat, ENGINE.parse_action(raw)).state
    seat = (ENGINE.awaited(state) or ENGINE.to_act(state))[0]
    view = ENGINE.view(state, seat)
    world = BOT.determinize(view, seat, random.Random(0))
    top = candidate_actions(ENGINE, world, seat, random.Random(0), 4)[:3]
    assert len(top) == 3
    picks = [beginner_action(ENGINE, view, seat, random.Random(i)) for i in range(30)]
    assert all(p in top for p in picks)
    assert len({str(p) for p in picks}) >= 2
    assert bots.decide(ENGINE, view, seat, "normal", random.Random(3)) == top[0]


def test_a_beginner_game_against_easy_is_played_legally_to_the_end() -> None:
    record = play_ladder_game(LadderGame("tuk-tuk-taxi", 2, "beginner", "easy", 1,
                                         math.inf, None))
    assert record["ranks"] is not None and record["illegal"] == 0
    assert record["levels"] == ["easy", "beginner"] and record["pairing"] == "beginner vs easy"
    assert record["times"]["beginner"]


def test_the_ladder_asks_for_the_beginner_only_by_name() -> None:
    args = argparse.Namespace(titles="tuk-tuk-taxi", players="2", budget=0.8, iterations=None,
                              cpu_budget=False, first_game=0, games=2, levels="")
    assert {t.first for t in ladder_tasks(args)} == {"easy", "normal", "hard"}
    args.levels = "easy,beginner"
    assert [(t.first, t.second) for t in ladder_tasks(args)] == [("beginner", "easy")] * 2


def test_a_ladder_run_again_on_its_file_plays_only_the_games_it_lacks(tmp_path, capsys) -> None:
    """Games end out of order (a long one no longer holds the rest back), so a run that was
    stopped is resumed by its --out file: the games it holds are not played again."""
    from bench.bots import main

    out = tmp_path / "ladder.jsonl"
    argv = ["--ladder", "--titles", "jakarta-traffic", "--levels", "uniform,easy",
            "--players", "2", "--games", "3", "--out", str(out)]
    assert main(argv) == 0
    first = out.read_text().splitlines()
    assert len(first) == 3
    assert main([*argv[:-4], "--games", "4", "--out", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert lines[:3] == first and len(lines) == 4  # only game 3 was played
    assert "easy vs uniform" in capsys.readouterr().out
