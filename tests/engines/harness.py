"""Shared checks for every engine's property tests.

``play_random_game`` plays one game with the engine's bot (or a given one) and checks the
protocol's invariants after every action: the state stays JSON-serializable, ``apply`` does
not mutate its input, views never carry the generator's position, every bot action matches
a legal-action template, and replaying the event log reproduces the state exactly.
Games add their own invariants through ``check``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from engines.bots import bot_of
from engines.core.line import replay
from engines.core.protocol import Engine
from engines.core.templates import template_matches
from engines.core.types import State

Check = Callable[[State, list[tuple[int, dict[str, Any]]]], None]


class GameDidNotEnd(AssertionError):
    """The cap on actions was reached: a property test must fail, not pass quietly."""


def canonical(value: Any) -> str:
    """Stable JSON text (the form the service stores)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def play_random_game(
    engine: Engine,
    players: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    max_actions: int = 20_000,
    check: Check | None = None,
    check_every: int = 1,
    bot: Callable[[State, int, random.Random], dict[str, Any]] | None = None,
    check_views: bool = True,
) -> tuple[State, list[tuple[int, dict[str, Any]]]]:
    """Play to the end from ``seed``; return the final state and the (seat, action) log."""
    options = engine.validate_options(options or {})
    state = engine.setup(players, options, seed)
    rng = random.Random(seed)
    events: list[tuple[int, dict[str, Any]]] = []
    choose = bot or bot_of(engine).test_action
    for step in range(max_actions):
        if engine.outcome(state) is not None:
            break
        seats = engine.to_act(state)
        assert seats, "the game is not over but nobody may act"
        seat = rng.choice(seats)
        raw = choose(state, seat, rng)
        if bot is None:
            templates = engine.legal_actions(state, seat)
            assert any(template_matches(t, raw) for t in templates), (raw, templates)
        before = canonical(state) if step % check_every == 0 else None
        result = engine.apply(state, seat, engine.parse_action(raw))
        if before is not None:
            assert canonical(state) == before, "apply mutated its input state"
        state = result.state
        events.append((seat, raw))
        if step % check_every == 0:
            json.dumps(state)
            for entry in result.log:
                assert entry.to is None or all(0 <= s < players for s in entry.to)
            if check_views:
                assert_views_hide_rng(engine, state, players)
            if check is not None:
                check(state, events)
    else:
        raise GameDidNotEnd(f"seed {seed}: no end after {max_actions} actions")
    assert engine.outcome(state) is not None
    assert engine.to_act(state) == []
    replayed = replay(engine, players, options, seed, events)
    assert canonical(replayed) == canonical(state), "replay differs from the played state"
    return state, events


def assert_views_hide_rng(engine: Engine, state: State, players: int) -> None:
    """No viewer's document may contain the generator's position."""
    secret = state.get("rng")
    for seat in [None, *range(players)]:
        text = canonical(engine.view(state, seat))
        if secret is not None:
            assert '"rng"' not in text, f"view for {seat} has the rng key"
            assert str(secret) not in text, f"view for {seat} leaks the rng position"


def played_by_normal_bots(engine: Engine, players: int, seed: int, actions: int) -> State:
    """The game of ``seed`` after ``actions`` normal-bot actions (each decided from the
    seat's view, the ``n``-th with ``random.Random(n)``): a fixed position for a bot test."""
    from engines import bots

    state = engine.setup(players, {}, seed)
    for n in range(actions):
        seat = (engine.awaited(state) or engine.to_act(state))[0]
        raw = bots.decide(engine, engine.view(state, seat), seat, "normal", random.Random(n))
        state = engine.apply(state, seat, engine.parse_action(raw)).state
    return state


def random_positions(engine: Engine, games: int, every: int, *, seed0: int = 0,
                     options: dict[str, Any] | None = None,
                     limit: int | None = None) -> Iterator[tuple[State, int]]:
    """(state, awaited seat) every ``every`` moves of random-bot games, the player count
    cycling through the engine's range; each game up to its end or ``limit`` moves."""
    span = engine.max_players - engine.min_players + 1
    for g in range(games):
        rng = random.Random(seed0 + g)
        state = engine.setup(engine.min_players + g % span, options or {}, seed0 + g)
        k = 0
        while engine.outcome(state) is None and (limit is None or k < limit):
            seat = engine.awaited(state)[0]
            if k % every == 0:
                yield state, seat
            state = engine.apply(state, seat, engine.parse_action(
                bot_of(engine).test_action(state, seat, rng))).state
            k += 1


def assert_heuristic_legal(engine: Engine, positions: Iterable[tuple[State, int]],
                           count: int = 1000) -> None:
    """The heuristic's move (with and without the easy bot's noise) is legal in each of
    ``count`` positions (``apply`` raises on an illegal one)."""
    from engines.bots import EASY_NOISE

    checked = 0
    for state, seat in positions:
        for noise in (0.0, EASY_NOISE):
            action = bot_of(engine).heuristic_action(state, seat, random.Random(checked), noise)
            engine.apply(state, seat, engine.parse_action(action))
        checked += 1
        if checked >= count:
            break
    assert checked == count


def normal_bot_wins(engine: Engine, players: int, seed: int, bot_seat: int) -> bool:
    """One game: a normal bot (deciding from its view) against random bots; did it win?"""
    from engines.bots import decide

    state = engine.setup(players, {}, seed)
    rng, bot_rng = random.Random(seed), random.Random(seed + 1)
    while engine.outcome(state) is None:
        seat = engine.awaited(state)[0]
        if seat == bot_seat:
            action = decide(engine, engine.view(state, seat), seat, "normal", bot_rng)
        else:
            action = bot_of(engine).test_action(state, seat, rng)
        state = engine.apply(state, seat, engine.parse_action(action)).state
    outcome = engine.outcome(state)
    assert outcome is not None
    return outcome.ranks[bot_seat] == 1
