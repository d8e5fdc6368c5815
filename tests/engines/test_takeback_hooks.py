"""The engines' take-back hooks: which actions reveal something, what the current turn is,
and that a history with take-backs in it replays to the state that was played."""

from __future__ import annotations

import random
from itertools import takewhile
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import messages
from engines.bots import bot_of
from engines.core.copying import canonical_json
from engines.core.line import TAKEBACK, UNDOABLE_LIMIT, Line, replay, replay_line
from engines.core.protocol import Engine
from engines.registry import get_engine
from engines.tuk_tuk_taxi.data import PLACED

GAMES = ["tuk-tuk-taxi", "jakarta-traffic", "kaki-lima", "indonesia"]


def _to(engine: Engine, line: Line, rng: random.Random, pred: Any, limit: int = 400) -> None:
    """Play bot moves until ``pred(line)`` holds."""
    for _ in range(limit):
        if pred(line):
            return
        seat = engine.to_act(line.state)[0]
        line.play(seat, bot_of(engine).test_action(line.state, seat, rng))
    raise AssertionError("never reached")


# -- reveals, rule by rule -----------------------------------------------------------------
def test_tuk_tuk_placing_a_sign_reveals_nothing_but_the_die_does() -> None:
    eng = get_engine("tuk-tuk-taxi")
    line = Line(eng, eng.setup(2, {}, 7))
    rng = random.Random(1)
    _to(eng, line, rng, lambda ln: ln.state["phase"] == "sign"
        and ln.state["drawn"] in PLACED
        and eng.legal_actions(ln.state, ln.state["current"])[0]["type"] == "place")
    seat = line.state["current"]
    placed = line.play(seat, bot_of(eng).test_action(line.state, seat, rng))
    assert placed.revealed is False
    assert line.own_turn(seat) == 1 and line.own_turn(1 - seat) == 0
    rolled = line.play(seat, {"type": "roll"})
    assert rolled.revealed is True
    assert line.undoable == [] and messages.render(line.last_reveal) == "a die roll"


def test_tuk_tuk_the_move_that_ends_a_turn_draws_the_next_tile() -> None:
    eng = get_engine("tuk-tuk-taxi")
    line = Line(eng, eng.setup(2, {}, 3))
    rng = random.Random(3)
    draws = []
    for _ in range(200):
        seat = line.state["current"]
        left = len(line.state["stack"])
        result = line.play(seat, bot_of(eng).test_action(line.state, seat, rng))
        if len(line.state["stack"]) < left:
            draws.append((result.revealed, line.last_reveal))
    assert draws
    assert all(revealed for revealed, _ in draws)
    assert ("the next tile was drawn" in {messages.render(why) for _, why in draws if why})


def test_kaki_lima_a_drawn_card_is_a_reveal() -> None:
    eng = get_engine("kaki-lima")
    line = Line(eng, eng.setup(2, {}, 5))
    rng = random.Random(5)
    drawn = []
    for _ in range(300):
        if eng.outcome(line.state):
            break
        seat = eng.to_act(line.state)[0]
        before = len(line.state["draw"])
        result = line.play(seat, bot_of(eng).test_action(line.state, seat, rng))
        if len(line.state["draw"]) != before:
            drawn.append(result.revealed)
    assert drawn and all(drawn)


@pytest.mark.parametrize(("money", "revealed"), [("secret", True), ("open", False)])
def test_indonesia_a_bid_reveals_only_under_secret_money(money: str, revealed: bool) -> None:
    eng = get_engine("indonesia")
    line = Line(eng, eng.setup(3, {"money": money}, 11))
    rng = random.Random(11)
    _to(eng, line, rng, lambda ln: any(t["type"] == "bid" for s in eng.to_act(ln.state)
                                       for t in eng.legal_actions(ln.state, s)))
    seat = eng.to_act(line.state)[0]
    result = line.play(seat, {"type": "bid", "amount": 0})
    assert result.revealed is revealed
    if revealed:
        assert messages.render(line.last_reveal) == "a bid with secret money"


def test_a_take_back_never_reaches_behind_a_reveal() -> None:
    eng = get_engine("jakarta-traffic")
    line = Line(eng, eng.setup(2, {}, 2))
    rng = random.Random(2)
    _to(eng, line, rng, lambda ln: len(ln.undoable) >= 1)
    seq = line.undoable[0].seq
    with pytest.raises(ValueError):
        line.take_back([seq - 1, seq])
    with pytest.raises(ValueError):
        line.take_back([seq + 1000])


def test_a_long_game_without_a_reveal_keeps_only_the_latest_actions_to_take_back() -> None:
    # The race (the benchmark's game) reveals nothing: 2,000 moves used to keep 2,000 states.
    eng = get_engine("race")
    line = Line(eng, eng.setup(2, {}, 1))
    for v in range(UNDOABLE_LIMIT + 300):
        line.play(eng.to_act(line.state)[0], {"type": "advance", "n": 1 + v % 6})
    assert len(line.undoable) == UNDOABLE_LIMIT
    assert line.takeable(UNDOABLE_LIMIT) == list(range(301, UNDOABLE_LIMIT + 301))
    assert line.takeable(UNDOABLE_LIMIT + 1) is None
    with pytest.raises(ValueError):  # the action just behind the bound: refused, on replay too
        line.take_back(list(range(300, UNDOABLE_LIMIT + 301)))
    line.take_back(list(range(301, UNDOABLE_LIMIT + 301)))  # the whole bound: still allowed


# -- the property: random games with take-backs inserted where allowed ----------------------
def _random_game_with_takebacks(game: str, seed: int, budget: int) -> int:
    eng = get_engine(game)
    players = 3 if game == "indonesia" else 2
    options = eng.validate_options({})
    line = Line(eng, eng.setup(players, options, seed))
    rng = random.Random(seed)
    states = {0: line.state}  # the state at each version
    events: list[tuple[int | None, dict[str, Any]]] = []
    takebacks = 0
    for _ in range(budget):
        if eng.outcome(line.state) is not None:
            break
        if line.undoable and rng.random() < 0.25:
            count = rng.randint(1, len(line.undoable))
            undo = line.takeable(count)
            assert undo is not None
            target = undo[0] - 1
            before_views = [eng.view(states[target], s) for s in [*range(players), None]]
            restored = line.take_back(undo)
            events.append((0, {"type": TAKEBACK, "undo": undo}))
            takebacks += 1
            # The views after a take-back equal the earlier views, for every seat and spectator.
            assert [eng.view(restored, s) for s in [*range(players), None]] == before_views
            assert canonical_json(restored) == canonical_json(states[target])
        else:
            seat = rng.choice(eng.to_act(line.state))
            raw = bot_of(eng).test_action(line.state, seat, rng)
            line.play(seat, raw)
            events.append((seat, raw))
        states[line.version] = line.state
        assert line.version == len(events)
    rebuilt = replay_line(eng, players, options, seed, events)
    assert canonical_json(rebuilt.state) == canonical_json(line.state)
    assert [u.seq for u in rebuilt.undoable] == [u.seq for u in line.undoable]
    assert canonical_json(replay(eng, players, options, seed, events)) == \
        canonical_json(line.state)
    return takebacks


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_games_with_takebacks_replay_and_restore_views(game: str, seed: int) -> None:
    _random_game_with_takebacks(game, seed, budget=160)


@pytest.mark.parametrize("game", GAMES)
def test_random_play_finds_take_backs_to_make(game: str) -> None:
    """The property above is not vacuous: in every game some actions can be taken back."""
    assert sum(_random_game_with_takebacks(game, seed, budget=160) for seed in range(3)) > 3


def test_without_takebacks_a_recorded_history_replays_as_before() -> None:
    """The history format is unchanged for games without take-backs: replay is the plain
    fold of apply."""
    eng = get_engine("tuk-tuk-taxi")
    rng = random.Random(9)
    state = eng.setup(2, {}, 9)
    events: list[tuple[int | None, dict[str, Any]]] = []
    for _ in range(60):
        seat = eng.to_act(state)[0]
        raw = bot_of(eng).test_action(state, seat, rng)
        state = eng.apply(state, seat, eng.parse_action(raw)).state
        events.append((seat, raw))
    assert canonical_json(replay(eng, 2, {}, 9, events)) == canonical_json(state)


def _own_turn_afresh(engine: Engine, line: Line, seat: int) -> int:
    """``Line.own_turn`` worked out from scratch (no remembered turn)."""
    now = engine.turn_of(line.state)
    return len(list(takewhile(lambda u: u.seat == seat and u.turn == now,
                              reversed(line.undoable))))


@pytest.mark.parametrize("kind", GAMES)
def test_what_each_seat_may_take_back_follows_every_action_and_take_back(kind: str) -> None:
    """The line remembers the current turn per state: after actions, take-backs (which bring
    back an earlier state) and more actions, every seat's count is the one worked out anew."""
    eng = get_engine(kind)
    players = max(2, eng.min_players)
    line = Line(eng, eng.setup(players, {}, 11))
    rng = random.Random(5)
    for step in range(120):
        if eng.is_over(line.state):
            break
        for seat in range(players):
            assert line.own_turn(seat) == _own_turn_afresh(eng, line, seat)
        if step % 7 == 6 and line.undoable:
            count = rng.randint(1, len(line.undoable))
            line.take_back(line.takeable(count) or [])
            continue
        seat = eng.to_act(line.state)[0]
        line.play(seat, bot_of(eng).test_action(line.state, seat, rng))
