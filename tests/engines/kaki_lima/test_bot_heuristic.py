"""The Kaki Lima bots of engines.bots: the heuristic only plays legal moves, decides the same
from the same seed, rebuilds states from a view faithfully, and beats the random bot."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engines.bots import decide
from engines.core.copying import canonical_json
from engines.core.types import State
from engines.kaki_lima import BOT, ENGINE
from tests.engines.harness import assert_heuristic_legal, normal_bot_wins, random_positions

Position = tuple[State, int]


def positions(games: int, every: int, seed0: int = 0) -> Iterator[Position]:
    """(state, awaited seat) along random-bot games of 2 to 6 players."""
    return random_positions(ENGINE, games, every, seed0=seed0)


def test_every_heuristic_action_is_legal_over_1000_positions() -> None:
    assert_heuristic_legal(ENGINE, positions(games=40, every=3), 1000)


def test_determinize_keeps_the_view_and_the_seats_legal_actions() -> None:
    checked = 0
    for state, _ in positions(games=15, every=9, seed0=100):
        for seat in range(state["n"]):
            view = ENGINE.view(state, seat)
            sampled = BOT.determinize(view, seat, random.Random(checked))
            assert canonical_json(ENGINE.view(sampled, seat)) == canonical_json(view)
            assert canonical_json(ENGINE.legal_actions(sampled, seat)) == canonical_json(
                ENGINE.legal_actions(state, seat))
            checked += 1
    assert checked > 250


def test_determinize_deals_the_hidden_cards_afresh() -> None:
    state = ENGINE.setup(4, {}, 7)
    view = ENGINE.view(state, 0)
    hands = {canonical_json(BOT.determinize(view, 0, random.Random(s))["hands"][1:])
             for s in range(10)}
    assert len(hands) > 1  # the others' hands are sampled, not copied from the state
    sampled = BOT.determinize(view, 0, random.Random(0))
    assert sampled["hands"][0] == state["hands"][0]
    every = [c for h in sampled["hands"] for c in h] + sampled["draw"] + sampled["discard"]
    assert len(every) == len(set(every)) == 44


def test_same_seed_same_decision() -> None:
    for state, seat in positions(games=5, every=11, seed0=200):
        view = ENGINE.view(state, seat)
        for level in ("easy", "normal"):
            first = decide(ENGINE, view, seat, level, random.Random(42))
            assert decide(ENGINE, view, seat, level, random.Random(42)) == first


def test_normal_bot_beats_the_random_bot_in_most_two_player_games() -> None:
    wins = sum(normal_bot_wins(ENGINE, 2, 3000 + g, g % 2) for g in range(40))
    assert wins >= 28  # 70%; a random bot would win about half
