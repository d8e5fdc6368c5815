"""Clearing Blocked Paths: individually in line (also along the walk, out of turn) and
collaboratively (either proposes, a card changes hands, both count the path)."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import cell
from engines.kaki_lima.data import RED
from engines.kaki_lima.rules import clear_targets
from tests.engines.kaki_lima.helpers import act, card, position

REDS = {(0, 5): RED, (4, 0): RED, (2, 2): RED, (1, 5): RED}


def test_individual_clearing_targets_red_cards_in_your_row_or_column() -> None:
    s = position(cards=REDS, pos=[(0, 0), (4, 9)], hands=[[card(2)], []], held=[1, 0])
    assert set(clear_targets(s, 0)) == {cell(0, 5), cell(4, 0)}
    s, _ = act(s, 0, type="clear", cell=cell(0, 5))
    assert cell(0, 5) in s["cleared"] and s["paths"] == [1, 0] and s["held"] == [0, 0]


def test_a_gap_breaks_the_line_for_clearing() -> None:
    s = position(cards=REDS, pos=[(1, 2), (4, 9)], hands=[[card(2)], []], held=[1, 0])
    assert cell(1, 5) not in clear_targets(s, 0)
    with pytest.raises(RuleError, match="in line"):
        act(s, 0, type="clear", cell=cell(1, 5))


def test_red_cards_in_line_with_any_card_of_the_walk_can_be_cleared() -> None:
    three = card(3)
    s = position(cards={(2, 5): RED, (0, 7): "Bank"}, pos=[(0, 4), (4, 9)],
                 hands=[[three, card(2)], []], held=[1, 0])
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 7))
    assert s["turn"]["stage"] == "jom"  # the turn goes on: the walk's cards still count
    assert s["turn"]["route"] == [cell(0, 4), cell(0, 5), cell(0, 6), cell(0, 7)]
    assert cell(2, 5) in clear_targets(s, 0)
    s, _ = act(s, 0, type="clear", cell=cell(2, 5))
    assert s["paths"][0] == 1


def test_anyone_may_clear_in_another_players_turn() -> None:
    s = position(cards=REDS, pos=[(0, 0), (4, 9)], hands=[[card(2)], []], held=[0, 1])
    s["pos"][1] = cell(4, 3)
    assert ENGINE.to_act(s) == [0, 1]
    s, _ = act(s, 1, type="clear", cell=cell(4, 0))
    assert s["paths"] == [0, 1] and s["current"] == 0


def test_clearing_without_a_token_is_refused() -> None:
    s = position(cards=REDS, pos=[(0, 0), (4, 9)], hands=[[card(2)], []])
    with pytest.raises(RuleError, match="no clearing token"):
        act(s, 0, type="clear", cell=cell(0, 5))


def test_collaborative_clearing_anywhere_card_to_the_token_holder_both_count() -> None:
    give = card(2)
    s = position(cards=REDS, pos=[(0, 0), (4, 9)], hands=[[give], [card(3)]], held=[0, 1])
    s, _ = act(s, 0, type="propose_clearing", partner=1, target=cell(2, 2), card=give)
    assert ENGINE.to_act(s) == [1] and ENGINE.view(s, None)["awaiting"] == [1]
    assert ENGINE.legal_actions(s, 0) == []
    s, _ = act(s, 1, type="answer_clearing", accept=True, card=None)
    assert cell(2, 2) in s["cleared"] and s["paths"] == [1, 1]
    assert give in s["hands"][1] and s["hands"][0] == [] and s["held"] == [0, 0]


def test_the_token_holder_can_propose_and_the_partner_chooses_the_card() -> None:
    s = position(cards=REDS, pos=[(0, 0), (4, 9)], hands=[[card(2)], [card(3), card(4)]],
                 held=[1, 0])
    s, _ = act(s, 0, type="propose_clearing", partner=1, target=cell(2, 2), card=None)
    s, _ = act(s, 1, type="answer_clearing", accept=True, card=card(4))
    assert s["hands"][0] == [card(2), card(4)] and s["paths"] == [1, 1]


def test_a_declined_proposal_changes_nothing_and_only_one_per_turn() -> None:
    give = card(2)
    s = position(cards=REDS, pos=[(0, 0), (4, 9)], hands=[[give], [card(3)]], held=[0, 1])
    s, _ = act(s, 0, type="propose_clearing", partner=1, target=cell(2, 2), card=give)
    s, _ = act(s, 1, type="answer_clearing", accept=False, card=None)
    assert s["cleared"] == [] and s["hands"][0] == [give]
    with pytest.raises(RuleError, match="already proposed"):
        act(s, 0, type="propose_clearing", partner=1, target=cell(2, 2), card=give)


def test_the_token_holder_never_goes_above_five_cards() -> None:
    full = [card(2), card(3), card(4), card(5), card(6)]
    s = position(cards=REDS, pos=[(0, 0), (4, 9)], hands=[[card(2, nth=1)], full],
                 held=[0, 1])
    with pytest.raises(RuleError, match="room for one more card"):
        act(s, 0, type="propose_clearing", partner=1, target=cell(2, 2), card=card(2, nth=1))


def test_the_walker_cannot_spend_the_token_its_chosen_walk_needs() -> None:
    three = card(3)
    s = position(cards={(0, 1): RED, (1, 0): RED, (4, 0): RED}, pos=[(0, 0), (4, 9)],
                 hands=[[three], []], held=[1, 0])
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 3))
    assert s["pos"][0] == cell(0, 3)  # forced straight path, cleared on the way
    two = card(2)
    s = position(cards={(0, 1): RED, (1, 0): RED, (4, 0): RED}, pos=[(0, 0), (4, 9)],
                 hands=[[two], []], held=[1, 0])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(1, 1))
    assert s["turn"]["stage"] == "path"
    clears = [t for t in ENGINE.legal_actions(s, 0) if t["type"] == "clear"]
    assert clears[0]["cell"]["$choice"] == [cell(0, 1), cell(1, 0)]  # on the way: fine
    with pytest.raises(RuleError, match="need that token"):
        act(s, 0, type="clear", cell=cell(4, 0))


def test_ruling_7_any_player_may_propose_a_collaborative_clearing_in_anyones_turn() -> None:
    """Spec "Turn structure": any player may propose a collaborative clearing in anyone's turn,
    also one without a token who gives the card (this replaces the project's earlier "out of
    turn only a token holder proposes")."""
    s = position(n=3, cards=REDS, pos=[(0, 0), (4, 9), (4, 8)],
                 hands=[[card(2)], [card(3)], [card(4)]], held=[0, 1, 0])
    assert ENGINE.to_act(s) == [0, 1, 2] and ENGINE.awaited(s) == [0]
    assert {"type": "propose_clearing", "partner": 1, "target": {"$choice": sorted(
        cell(r, c) for r, c in REDS)}, "card": {"$choice": [card(4)]}} in \
        ENGINE.legal_actions(s, 2)
    s, _ = act(s, 2, type="propose_clearing", partner=1, target=cell(2, 2), card=card(4))
    assert ENGINE.to_act(s) == [1]
    s, _ = act(s, 1, type="answer_clearing", accept=True, card=None)
    assert s["paths"] == [0, 1, 1] and s["current"] == 0 and s["hands"][1] == [card(3), card(4)]
    assert 2 not in ENGINE.to_act(s)  # one proposal per player per turn
    s, _ = act(s, 0, type="no_walk")
    assert s["current"] == 1


def test_out_of_turn_the_token_holder_may_propose_and_the_partner_gives() -> None:
    s = position(n=3, cards=REDS, pos=[(0, 0), (4, 9), (4, 8)],
                 hands=[[card(2)], [card(3)], [card(4)]], held=[0, 1, 0])
    s, _ = act(s, 1, type="propose_clearing", partner=2, target=cell(2, 2), card=None)
    s, _ = act(s, 2, type="answer_clearing", accept=True, card=card(4))
    assert s["paths"] == [0, 1, 1] and s["current"] == 0


def _forced_walk_beside_a_red_card(held: int) -> dict:
    """Seat 0 walks a forced 1-step path from (0,0) to a plain Green card (0,1) with nothing
    else to do afterwards; the Red card (4,0) is in line only with the walk's start card."""
    one = card(1)
    s = position(cards={(4, 0): RED}, pos=[(0, 0), (2, 9)], hands=[[one], [card(2)]],
                 held=[held, 0])
    s, _ = act(s, 0, type="walk", cards=[one], end=cell(0, 1))
    return s


def test_ruling_7_a_forced_walk_offers_the_walker_its_clearing_before_the_turn_passes() -> None:
    s = _forced_walk_beside_a_red_card(held=1)
    assert s["pos"][0] == cell(0, 1) and s["current"] == 0
    assert ENGINE.to_act(s)[0] == 0 and ENGINE.awaited(s) == [0]
    legal = ENGINE.legal_actions(s, 0)
    assert {"type": "clear", "cell": {"$choice": [cell(4, 0)]}} in legal
    assert {"type": "done_clearing"} in legal
    assert not any(t["type"] in ("walk", "no_walk") for t in legal)
    s, _ = act(s, 0, type="clear", cell=cell(4, 0))
    assert s["paths"] == [1, 0] and s["held"] == [0, 0]
    assert s["current"] == 1  # no token left: the turn passes by itself


def test_ruling_7_the_walker_may_decline_the_offered_clearing() -> None:
    s = _forced_walk_beside_a_red_card(held=1)
    s, _ = act(s, 0, type="done_clearing")
    assert s["current"] == 1 and s["held"] == [1, 0] and s["cleared"] == []
    with pytest.raises(RuleError, match="in line"):
        act(s, 0, type="clear", cell=cell(4, 0))  # the walk's cards no longer count


def test_ruling_7_no_offer_without_a_token_or_a_red_card_in_line() -> None:
    s = _forced_walk_beside_a_red_card(held=0)
    assert s["current"] == 1
    one = card(1)
    s = position(pos=[(0, 0), (2, 9)], hands=[[one], [card(2)]], held=[1, 0])
    s, _ = act(s, 0, type="walk", cards=[one], end=cell(0, 1))
    assert s["current"] == 1 and s["held"] == [1, 0]


def test_a_card_committed_to_the_turn_is_never_given_in_a_clearing() -> None:
    """Random play (2 players, seed 76) once had the walker give away the Move card it still
    had to walk; its 'do not walk' then raised. The committed card stays in hand: it is never
    offered in a proposal or an answer, and that game now plays to its end."""
    import random

    from engines.core.templates import expand_template
    from engines.kaki_lima import ENGINE

    rng = random.Random(76)
    state = ENGINE.setup(2, {}, 76)
    for _ in range(20_000):
        if ENGINE.outcome(state) is not None:
            break
        committed = state["turn"]["committed"]
        for seat in range(2):
            for t in ENGINE.legal_actions(state, seat):
                if t["type"] in ("propose_clearing", "answer_clearing") and seat == state[
                        "current"] and isinstance(t["card"], dict):
                    assert committed not in t["card"]["$choice"]
        seat = rng.choice(ENGINE.to_act(state))
        action = expand_template(rng.choice(ENGINE.legal_actions(state, seat)), rng)
        state = ENGINE.apply(state, seat, ENGINE.parse_action(action)).state
    assert ENGINE.outcome(state) is not None
