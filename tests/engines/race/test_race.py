"""Rules of the benchmark race, and the shared property checks on it."""

import pytest

from engines.core.errors import ActionError, RuleError
from engines.race import ENGINE
from tests.engines.harness import play_random_game


def test_advance_moves_the_current_runner_and_passes_the_turn() -> None:
    state = ENGINE.setup(2, {}, seed=1)
    state = ENGINE.apply(state, 0, ENGINE.parse_action({"type": "advance", "n": 4})).state
    assert state["positions"] == [4, 0]
    assert ENGINE.to_act(state) == [1]


def test_out_of_turn_move_is_refused_in_words() -> None:
    state = ENGINE.setup(3, {}, seed=1)
    with pytest.raises(RuleError, match="not your turn"):
        ENGINE.apply(state, 2, ENGINE.parse_action({"type": "advance", "n": 1}))


@pytest.mark.parametrize("bad", [{"type": "advance", "n": 0}, {"type": "advance", "n": 7},
                                 {"type": "jump", "n": 1}, {"type": "advance"}, "advance"])
def test_malformed_moves_are_refused_before_any_rule(bad: object) -> None:
    with pytest.raises(ActionError):
        ENGINE.parse_action(bad)


@pytest.mark.parametrize("seed", range(20))
def test_random_games_end_and_replay(seed: int) -> None:
    state, _ = play_random_game(ENGINE, 2 + seed % 3, seed, options={"goal": 40})
    outcome = ENGINE.outcome(state)
    assert outcome is not None and 1 in outcome.ranks
