"""Langkah boosters: Double, Combine, Swap with Discard, Pick Up and Move Clearing Token."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import cell
from engines.kaki_lima.data import COMBINE, DIAGONAL, DOUBLE, MOVE, PICKUP, RED, SWAP
from engines.kaki_lima.rules import combos
from tests.engines.kaki_lima.helpers import act, card, position
from tests.engines.kaki_lima.test_walking import ends


def test_double_walks_twice_the_partner_steps_not_its_own() -> None:
    dbl, three = card(1, DOUBLE), card(3)
    s = position(pos=[(0, 0), (4, 9)], hands=[[dbl, three], []])
    got = ends(s, 0, [dbl, three])
    assert (0, 6) in got and (0, 5) not in got and (0, 7) not in got
    s, _ = act(s, 0, type="walk", cards=[dbl, three], end=cell(0, 6))
    assert s["pos"][0] == cell(0, 6)


def test_double_can_use_the_partner_booster() -> None:
    dbl, diag = card(1, DOUBLE), card(2, DIAGONAL)
    s = position(pos=[(0, 0), (4, 9)], hands=[[dbl, diag], []])
    assert (4, 2) in ends(s, 0, [dbl, diag])  # four king steps, six orthogonal ones


def test_combine_walks_the_sum_of_both_cards() -> None:
    comb, three = card(1, COMBINE), card(3)
    s = position(pos=[(0, 0), (4, 9)], hands=[[comb, three], []])
    got = ends(s, 0, [comb, three])
    assert (0, 4) in got and (0, 3) not in got


def test_a_partner_swap_double_or_combine_booster_is_not_used() -> None:
    dbl, swap, comb = card(1, DOUBLE), card(2, SWAP), card(1, COMBINE)
    pairs = {tuple(c["cards"]): c for c in combos([dbl, swap, comb], None)}
    assert pairs[(dbl, swap)]["steps"] == 4
    both = pairs.get((comb, dbl)) or pairs[(dbl, comb)]
    assert both["steps"] == 2
    assert not any(c["diagonal"] or c["reverse"] or c["around"] for c in pairs.values())


def test_a_double_card_played_alone_walks_its_own_step() -> None:
    dbl = card(1, DOUBLE)
    s = position(pos=[(0, 0), (4, 9)], hands=[[dbl], []])
    assert ends(s, 0, [dbl]) == {(0, 1), (1, 0)}


def test_swap_takes_the_discard_top_which_can_be_walked_now() -> None:
    swap, taken = card(2, SWAP), card(4)
    s = position(pos=[(0, 0), (4, 9)], hands=[[swap], []])
    s["discard"] = [taken]
    s, _ = act(s, 0, type="swap", card=swap)
    assert s["hands"][0] == [taken] and s["discard"][-1] == swap
    walks = [t for t in ENGINE.legal_actions(s, 0) if t["type"] == "walk"]
    assert [t["cards"] for t in walks] == [[taken]]
    s, _ = act(s, 0, type="walk", cards=[taken], end=cell(0, 4))
    assert s["pos"][0] == cell(0, 4)


def test_swap_then_keep_the_card_in_hand() -> None:
    swap, taken = card(2, SWAP), card(4)
    s = position(pos=[(0, 0), (4, 9)], hands=[[swap], []])
    s["discard"] = [taken]
    s, _ = act(s, 0, type="swap", card=swap)
    s, _ = act(s, 0, type="no_walk")
    assert taken in s["hands"][0] and len(s["hands"][0]) == 2 and s["current"] == 1


def test_pick_up_booster_gives_a_token_usable_on_the_same_walk() -> None:
    pick = card(2, PICKUP)
    s = position(cards={(0, 1): RED}, pos=[(0, 0), (4, 9)], hands=[[pick], []])
    assert (0, 2) in ends(s, 0, [pick])
    s, _ = act(s, 0, type="walk", cards=[pick], end=cell(0, 2))
    assert s["pool"] == 11 and s["held"][0] == 0 and s["paths"][0] == 1


def test_pick_up_booster_keeps_the_token_when_unused() -> None:
    pick = card(2, PICKUP)
    s = position(pos=[(0, 0), (4, 9)], hands=[[pick], []])
    s, _ = act(s, 0, type="walk", cards=[pick], end=cell(0, 2))
    assert s["held"][0] == 1 and s["pool"] == 11


def test_move_clearing_token_blocks_the_old_card_and_scores_nobody() -> None:
    move = card(3, MOVE)
    s = position(cards={(2, 2): RED, (0, 5): RED}, pos=[(0, 0), (4, 9)], hands=[[move], []])
    s["cleared"] = [cell(2, 2)]
    s["paths"] = [1, 0]
    s, _ = act(s, 0, type="move_token", card=move, source=cell(2, 2), target=cell(0, 5))
    assert s["cleared"] == [cell(0, 5)] and s["paths"] == [1, 0]
    assert s["turn"]["stage"] == "committed"
    walks = [t for t in ENGINE.legal_actions(s, 0) if t["type"] == "walk"]
    assert [t["cards"] for t in walks] == [[move]]
    s, _ = act(s, 0, type="walk", cards=[move], end=cell(0, 3))
    assert move in s["discard"]


def test_a_token_under_a_pedestrian_cannot_be_moved() -> None:
    move = card(3, MOVE)
    s = position(cards={(2, 2): RED, (0, 5): RED}, pos=[(0, 0), (2, 2)], hands=[[move], []])
    s["cleared"] = [cell(2, 2)]
    with pytest.raises(RuleError, match="under a pedestrian"):
        act(s, 0, type="move_token", card=move, source=cell(2, 2), target=cell(0, 5))


def test_a_move_card_played_but_not_walked_is_discarded() -> None:
    move = card(3, MOVE)
    s = position(cards={(2, 2): RED, (0, 5): RED}, pos=[(0, 0), (4, 9)], hands=[[move], []])
    s["cleared"] = [cell(2, 2)]
    s, _ = act(s, 0, type="move_token", card=move, source=cell(2, 2), target=cell(0, 5))
    s, _ = act(s, 0, type="no_walk")
    assert move in s["discard"] and move not in s["hands"][0]
