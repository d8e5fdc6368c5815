"""Lokasi actions: gathering (with pending cards), trade, draw extra, maximize hand,
clearing token, play another card; and the hand limit and the draw pile refill."""

from __future__ import annotations

import json

import pytest

from engines.core.errors import RuleError
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import cell
from engines.kaki_lima.data import DOUBLE
from engines.kaki_lima.moves import draw_card
from tests.engines.kaki_lima.helpers import act, card, position, said, skip_jom


def test_gathering_where_someone_stands_scores_the_steps_walked() -> None:
    two = card(2)
    s = position(cards={(0, 2): "Kopitiam"}, pos=[(0, 0), (0, 2)], hands=[[two], [card(3)]])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    s = skip_jom(s)
    assert s["gather"] == [2, 0]
    assert two in s["discard"]


def test_an_empty_gathering_spot_sets_the_cards_aside_until_someone_arrives() -> None:
    two, three = card(2), card(3)
    s = position(cards={(0, 2): "LUMA"}, pos=[(0, 0), (0, 5)], hands=[[two], [three]])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    s = skip_jom(s)
    assert s["aside"][0] == {"cell": cell(0, 2), "cards": [two], "steps": 2}
    assert two not in s["discard"]
    s, _ = act(s, 1, type="walk", cards=[three], end=cell(0, 2))
    s = skip_jom(s)
    assert s["gather"] == [2, 3]
    assert s["aside"][0] is None and two in s["discard"]


def test_set_aside_cards_are_discarded_if_nobody_comes_before_your_next_turn() -> None:
    two = card(2)
    s = position(cards={(0, 2): "LUMA"}, pos=[(0, 0), (4, 9)], hands=[[two], [card(3)]])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    s = skip_jom(s)
    s, _ = act(s, 1, type="no_walk")
    assert s["current"] == 0 and s["aside"][0] is None
    assert two in s["discard"] and s["gather"] == [0, 0]


def test_draw_an_extra_card_never_above_five() -> None:
    two = card(2)
    s = position(cards={(0, 2): "Kopitiam"}, pos=[(0, 0), (4, 9)], hands=[[two, card(3)], []])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    s = skip_jom(s)
    assert len(s["hands"][0]) == 3  # 1 left + extra card + end-of-turn draw
    full = [card(2), card(3), card(4), card(5), card(6)]
    s = position(cards={(0, 2): "Kopitiam"}, pos=[(0, 0), (4, 9)], hands=[full, []])
    s, _ = act(s, 0, type="walk", cards=[full[0]], end=cell(0, 2))
    assert len(s["hands"][0]) == 5


def test_maximize_your_hand_draws_up_to_five() -> None:
    two = card(2)
    s = position(cards={(0, 2): "Church"}, pos=[(0, 0), (4, 9)], hands=[[two], []])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    s = skip_jom(s)
    assert len(s["hands"][0]) == 5


def test_pick_up_a_clearing_token_at_gtwhi() -> None:
    two = card(2)
    s = position(cards={(0, 2): "GTWHI"}, pos=[(0, 0), (4, 9)], hands=[[two], []])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    s = skip_jom(s)
    assert s["held"][0] == 1 and s["pool"] == 11


def trade_position() -> tuple[dict, list[str]]:
    cards = [card(2), card(3), card(4), card(5), card(6), card(2, nth=1)]
    s = position(n=3, cards={(0, 2): "Chendul Stall"}, pos=[(0, 0), (4, 9), (4, 8)],
                 hands=[cards[:3], cards[3:5], cards[5:]])
    s, _ = act(s, 0, type="walk", cards=[cards[0]], end=cell(0, 2))
    return s, cards


def test_trade_offer_waits_for_the_recipient_and_swaps_the_same_number() -> None:
    s, cards = trade_position()
    assert s["turn"]["stage"] == "trade"
    s, log = act(s, 0, type="offer_trade", to=1, cards=[cards[1]])
    assert ENGINE.to_act(s) == [1]
    assert ENGINE.view(s, 2)["awaiting"] == [1]
    with pytest.raises(RuleError, match="waits"):
        act(s, 0, type="end_trade")
    s, _ = act(s, 1, type="accept_trade", cards=[cards[4]])
    assert cards[1] in s["hands"][1] and cards[4] in s["hands"][0]
    assert len(s["hands"][1]) == 2


def test_the_offered_cards_are_shown_to_the_recipient_only() -> None:
    s, cards = trade_position()
    s, log = act(s, 0, type="offer_trade", to=1, cards=[cards[1], cards[2]])
    assert cards[1] in json.dumps(ENGINE.view(s, 1))
    for viewer in (2, None):
        assert cards[1] not in json.dumps(ENGINE.view(s, viewer))
    for entry in log:
        if cards[1] in said(entry):
            assert entry.to == [0, 1]


def test_each_player_gets_one_offer_per_landing_then_the_draw_follows() -> None:
    s, cards = trade_position()
    s, _ = act(s, 0, type="offer_trade", to=1, cards=[cards[1]])
    s, _ = act(s, 1, type="decline_trade")
    with pytest.raises(RuleError, match="one offer to each"):
        act(s, 0, type="offer_trade", to=1, cards=[cards[1]])
    hand_before = len(s["hands"][0])
    s, _ = act(s, 0, type="end_trade")
    s = skip_jom(s)
    assert len(s["hands"][0]) == hand_before + 2  # draw extra card, then end-of-turn draw


def test_play_another_card_after_drawing_without_a_second_draw() -> None:
    two, three = card(2), card(3)
    s = position(cards={(0, 2): "Bank", (0, 5): "Market"}, pos=[(0, 0), (4, 9)],
                 hands=[[two, three], [card(4)]])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    s = skip_jom(s)
    assert s["current"] == 0 and s["turn"]["extra"] and len(s["hands"][0]) == 2
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 5))
    s = skip_jom(s)
    assert s["current"] == 1 and len(s["hands"][0]) == 1  # no draw, no third card


def test_play_another_card_is_optional() -> None:
    two = card(2)
    s = position(cards={(0, 2): "Dhobi"}, pos=[(0, 0), (4, 9)], hands=[[two, card(3)], []])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    s = skip_jom(s)
    s, _ = act(s, 0, type="no_walk")
    assert s["current"] == 1 and len(s["hands"][0]) == 2


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top_card() -> None:
    s = position(pos=[(0, 0), (4, 9)], hands=[[], []])
    pile = [card(2), card(3), card(4)]
    s["draw"] = []
    s["discard"] = list(pile)
    draw_card(s, 0, [])
    assert s["discard"] == [pile[-1]]
    assert len(s["hands"][0]) == 1 and len(s["draw"]) == 1
    assert set(s["hands"][0] + s["draw"]) == set(pile[:2])


def test_the_extra_walk_has_its_own_lokasi_action() -> None:
    two, three = card(2), card(3)
    s = position(cards={(0, 2): "Market", (0, 5): "Kopitiam"}, pos=[(0, 0), (4, 9)],
                 hands=[[two, three], [card(4)]])
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    s = skip_jom(s)
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 5))
    s = skip_jom(s)
    assert s["current"] == 1 and len(s["hands"][0]) == 2  # Kopitiam's extra card, no draw


def test_ruling_4_set_aside_cards_score_the_steps_walked_with_them() -> None:
    """Spec ruling 4: a Double with a 2 walks 4 steps, so the waiting walker scores 4 VP (not
    the 1 + 2 printed on the cards) when someone arrives; the arriver scores its own 3."""
    dbl, two, three = card(1, DOUBLE), card(2), card(3)
    s = position(cards={(0, 4): "LUMA"}, pos=[(0, 0), (0, 7)], hands=[[dbl, two], [three]])
    s, _ = act(s, 0, type="walk", cards=[dbl, two], end=cell(0, 4))
    s = skip_jom(s)
    assert s["aside"][0] == {"cell": cell(0, 4), "cards": [dbl, two], "steps": 4}
    s, _ = act(s, 1, type="walk", cards=[three], end=cell(0, 4))
    s = skip_jom(s)
    assert s["gather"] == [4, 3]
    assert s["aside"][0] is None and dbl in s["discard"] and two in s["discard"]
