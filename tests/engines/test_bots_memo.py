"""A bot's decision depends only on (view, history, seed), never on what the same worker
decided before (issue 40): the hard bot's memos once kept root candidates keyed on less than
they depend on, so a worker that had seen a similar table answered from it.

Each check runs in freshly spawned worker processes, like the server's BotPool: one decides
the position cold, the other decides a look-alike position first (warm), then the same one.
"""

from __future__ import annotations

import copy
import math
import random
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

from engines import bots
from engines.core.types import State
from engines.registry import all_engines
from tests.engines.harness import played_by_normal_bots

#: Rollouts (iterations) per decision: the memos fill at the first iteration, so a few dozen
#: show a reuse as well as the server's 600 do, in a tenth of the time.
MEMO_TEST_ROLLOUTS = 60


def decide_in_order(game: str, asks: list[tuple[dict[str, Any], int]],
                    seed: int) -> dict[str, Any]:
    """Decide every (view, seat) in order in this process; the last decision."""
    engine = all_engines()[game]
    action: dict[str, Any] = {}
    for view, seat in asks:
        action = bots.decide(engine, view, seat, "hard", random.Random(seed), math.inf,
                             iterations=MEMO_TEST_ROLLOUTS)
    return action


def cold_and_warm(game: str, before: tuple[dict[str, Any], int],
                  ask: tuple[dict[str, Any], int], seed: int) -> tuple[Any, Any]:
    """The decision of ``ask`` in a fresh worker, and in a fresh worker after ``before``."""
    answers = []
    for asks in ([ask], [before, ask]):
        with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
            answers.append(pool.submit(decide_in_order, game, asks, seed).result())
    return answers[0], answers[1]


def played(game: str, players: int, seed: int, actions: int) -> State:
    """The game of ``seed`` after ``actions`` normal-bot actions."""
    return played_by_normal_bots(all_engines()[game], players, seed, actions)


def test_tuk_tuk_hard_places_the_same_sign_after_a_fuller_stack_was_decided() -> None:
    """The issue's case: 3 players, 16 normal actions into the game of seed 70001, seat 1
    places a No entry; with the stack cut to 2 tiles (two turns left, so other signs
    matter) the decision must not follow what the worker ranked for the full stack."""
    engine = all_engines()["tuk-tuk-taxi"]
    full = played("tuk-tuk-taxi", 3, 70001, 16)
    seat = (engine.awaited(full) or engine.to_act(full))[0]
    assert (seat, full["phase"]) == (1, "sign")
    cut = copy.deepcopy(full)
    cut["stack"] = cut["stack"][:2]
    assert engine.view(cut, seat) != engine.view(full, seat)
    cold, warm = cold_and_warm("tuk-tuk-taxi", (engine.view(full, seat), seat),
                               (engine.view(cut, seat), seat), 5)
    assert cold == warm


def test_kaki_lima_hard_walks_the_same_after_a_table_with_another_task_card() -> None:
    """Same hand, same pedestrians, same table, but the seat holds the next task card: the
    worker's ranking of walks for the other card must not be reused (the memo's key left
    out the task cards, the board and the piles)."""
    engine = all_engines()["kaki-lima"]
    full = played("kaki-lima", 3, 50004, 88)
    seat = (engine.awaited(full) or engine.to_act(full))[0]
    assert full["turn"]["stage"] == "walk" and seat == full["current"]
    other = copy.deepcopy(full)
    other["task_card"][seat] = (other["task_card"][seat] + 1) % 6
    cold, warm = cold_and_warm("kaki-lima", (engine.view(full, seat), seat),
                               (engine.view(other, seat), seat), 5)
    assert cold == warm
