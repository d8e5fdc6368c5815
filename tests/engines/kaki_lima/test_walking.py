"""Walking: exact steps, no Red cards, no gaps, no immediate reversal, the path choice."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import cell, in_line
from engines.kaki_lima.data import AROUND, DIAGONAL, RED, REVERSE
from tests.engines.kaki_lima.helpers import act, card, position


def ends(state: dict, seat: int, cards: list[str]) -> set[tuple[int, int]]:
    """The end cards the walk template offers for these cards, as (row, col)."""
    for t in ENGINE.legal_actions(state, seat):
        if t["type"] == "walk" and t["cards"] == cards:
            return {divmod(e, 10) for e in t["end"]["$choice"]}
    return set()


def test_a_walk_takes_exactly_the_steps_on_the_card_and_never_turns_straight_back() -> None:
    two = card(2)
    s = position(pos=[(2, 1), (4, 9)], hands=[[two], [card(3)]])
    assert ends(s, 0, [two]) == {(0, 1), (4, 1), (2, 3), (1, 0), (1, 2), (3, 0), (3, 2)}


def test_reverse_booster_allows_straight_back_and_forth() -> None:
    rev = card(2, REVERSE)
    s = position(pos=[(2, 1), (4, 9)], hands=[[rev], [card(3)]])
    assert (2, 1) in ends(s, 0, [rev])


def test_red_cards_are_never_stepped_on_or_ended_on() -> None:
    two = card(2)
    s = position(cards={(2, 2): RED, (1, 1): RED}, pos=[(2, 1), (4, 9)], hands=[[two], []])
    got = ends(s, 0, [two])
    assert (2, 3) not in got and (2, 2) not in got and (1, 2) not in got
    assert (0, 1) not in got  # only through the Red card above


def test_around_blocked_paths_steps_over_red_but_never_ends_there() -> None:
    around = card(2, AROUND)
    s = position(cards={(2, 2): RED, (2, 4): RED}, pos=[(2, 1), (4, 9)],
                 hands=[[around], []])
    got = ends(s, 0, [around])
    assert (2, 3) in got
    one_red = position(cards={(2, 3): RED}, pos=[(2, 1), (4, 9)], hands=[[around], []])
    assert (2, 3) not in ends(one_red, 0, [around])


def test_gaps_are_never_entered_and_break_walks() -> None:
    two = card(2)
    s = position(pos=[(0, 3), (4, 9)], hands=[[two], []])
    got = ends(s, 0, [two])
    assert (2, 3) not in got and (1, 3) not in got


def test_diagonal_booster_adds_the_four_diagonal_neighbours() -> None:
    diag = card(2, DIAGONAL)
    plain = card(2)
    s = position(pos=[(2, 1), (4, 9)], hands=[[diag, plain], []])
    assert (0, 3) in ends(s, 0, [diag])
    assert (0, 3) not in ends(s, 0, [plain])


def test_when_paths_differ_the_walker_picks_each_step() -> None:
    two = card(2)
    s = position(pos=[(2, 1), (4, 9)], hands=[[two], []])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(1, 2))
    assert s["turn"]["stage"] == "path"
    steps = [t for t in ENGINE.legal_actions(s, 0) if t["type"] == "step"]
    assert steps == [{"type": "step", "cell": {"$choice": [cell(1, 1), cell(2, 2)]},
                      "clear": False}]
    s, log = act(s, 0, type="step", cell=cell(2, 2), clear=False)
    assert s["pos"][0] == cell(1, 2)
    walked = [e.data["path"] for e in log if e.data and "path" in e.data]
    assert walked == [[cell(2, 1), cell(2, 2), cell(1, 2)]]


def test_a_single_path_is_walked_without_asking() -> None:
    three = card(3)
    s = position(pos=[(0, 0), (4, 9)], hands=[[three], []])
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 3))
    assert s["pos"][0] == cell(0, 3)


def test_a_step_off_the_way_to_the_chosen_end_is_refused() -> None:
    two = card(2)
    s = position(pos=[(2, 1), (4, 9)], hands=[[two], []])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(1, 2))
    with pytest.raises(RuleError, match="does not lead"):
        act(s, 0, type="step", cell=cell(2, 0), clear=False)


def test_an_end_the_cards_cannot_reach_is_refused() -> None:
    two = card(2)
    s = position(pos=[(2, 1), (4, 9)], hands=[[two], []])
    with pytest.raises(RuleError, match="cannot end"):
        act(s, 0, type="walk", cards=[two], end=cell(4, 4))


def test_a_token_clears_a_red_card_straight_ahead_as_a_step_of_the_walk() -> None:
    two = card(2)
    s = position(cards={(0, 1): RED}, pos=[(0, 0), (4, 9)], hands=[[two], []], held=[1, 0])
    assert (0, 2) in ends(s, 0, [two])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    assert s["pos"][0] == cell(0, 2)
    assert cell(0, 1) in s["cleared"] and s["paths"][0] == 1 and s["held"][0] == 0


def test_playing_a_card_you_do_not_hold_is_refused() -> None:
    s = position(pos=[(2, 1), (4, 9)], hands=[[card(2)], [card(3)]])
    with pytest.raises(RuleError, match="from your hand"):
        act(s, 0, type="walk", cards=[card(3)], end=cell(2, 4))


def test_not_walking_just_draws_a_card() -> None:
    s = position(pos=[(2, 1), (4, 9)], hands=[[card(2)], [card(3)]])
    s, _ = act(s, 0, type="no_walk")
    assert len(s["hands"][0]) == 2 and s["current"] == 1


def test_lines_are_broken_by_gaps() -> None:
    assert in_line(cell(1, 0), cell(1, 2))
    assert not in_line(cell(1, 2), cell(1, 5))
    assert not in_line(cell(0, 0), cell(1, 1))


def test_a_walk_may_come_back_round_to_a_card_it_passed() -> None:
    four = card(4)
    s = position(pos=[(2, 1), (4, 9)], hands=[[four], []])
    assert (2, 1) in ends(s, 0, [four])  # round a square of four cards


def test_a_diagonal_step_cannot_clear_the_red_card_it_steps_onto() -> None:
    """Engine ruling: only a Red card straight ahead is cleared as a step of the walk."""
    diag = card(2, DIAGONAL)
    s = position(cards={(1, 1): RED}, pos=[(0, 0), (4, 9)], hands=[[diag], []], held=[1, 0])
    assert (2, 2) not in ends(s, 0, [diag])
    s["cells"][cell(1, 1)] = "G"
    assert (2, 2) in ends(s, 0, [diag])
