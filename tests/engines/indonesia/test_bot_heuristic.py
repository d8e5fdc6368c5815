"""The Indonesia bots of engines.bots: the heuristic only plays legal moves, decides the same
from the same seed, rebuilds states from a view faithfully (secret money and city cards
sampled), and beats the random bot."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engines.bots import decide
from engines.core.copying import canonical_json
from engines.core.types import State
from engines.indonesia import BOT, ENGINE
from tests.engines.harness import assert_heuristic_legal, normal_bot_wins, random_positions

Position = tuple[State, int]


def positions(games: int, every: int, seed0: int = 0, limit: int = 1500,
              money: str = "secret") -> Iterator[Position]:
    """(state, awaited seat) along the first ``limit`` moves of random-bot games, 2-5 players."""
    return random_positions(ENGINE, games, every, seed0=seed0, options={"money": money},
                            limit=limit)


def test_every_heuristic_action_is_legal_over_1000_positions() -> None:
    assert_heuristic_legal(ENGINE, positions(games=20, every=3), 1000)


def test_determinize_keeps_the_view_and_the_seats_legal_actions() -> None:
    checked = 0
    for money in ("secret", "open"):
        for state, _ in positions(games=8, every=13, seed0=100, money=money):
            for seat in range(state["players"]):
                view = ENGINE.view(state, seat)
                sampled = BOT.determinize(view, seat, random.Random(checked))
                assert canonical_json(ENGINE.view(sampled, seat)) == canonical_json(view)
                assert canonical_json(ENGINE.legal_actions(sampled, seat)) == canonical_json(
                    ENGINE.legal_actions(state, seat))
                checked += 1
    assert checked > 300


def test_determinize_samples_what_the_seat_cannot_see() -> None:
    state = ENGINE.setup(3, {}, 5)
    state["cash"] = [100, 250, 40]  # secret money: seat 0 cannot know the others'
    view = ENGINE.view(state, 0)
    sampled = [BOT.determinize(view, 0, random.Random(s)) for s in range(12)]
    assert all(s["cash"][0] == 100 and s["hands"][0] == state["hands"][0] for s in sampled)
    assert len({(s["cash"][1], s["cash"][2]) for s in sampled}) > 1
    assert len({canonical_json(s["hands"][1:]) for s in sampled}) > 1
    for s in sampled:
        cards = [c for h in s["hands"] for c in h]
        assert len(cards) == len(set(cards)) == sum(len(h) for h in state["hands"])


def test_same_seed_same_decision() -> None:
    for state, seat in positions(games=4, every=37, seed0=200, limit=600):
        view = ENGINE.view(state, seat)
        for level in ("easy", "normal"):
            first = decide(ENGINE, view, seat, level, random.Random(42))
            assert decide(ENGINE, view, seat, level, random.Random(42)) == first


def test_normal_bot_beats_the_random_bot_in_most_two_player_games() -> None:
    wins = sum(normal_bot_wins(ENGINE, 2, 3000 + g, g % 2) for g in range(16))
    assert wins >= 10  # random would win about half
