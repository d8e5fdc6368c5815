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
