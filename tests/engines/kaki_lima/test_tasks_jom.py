"""Pi Mana? tasks (visit, meet, clear; also outside your turn) and Jom! tokens and claims."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import cell
from engines.kaki_lima.data import RED
from tests.engines.kaki_lima.helpers import act, card, position, said


def test_visit_task_is_checked_when_a_walk_ends_there() -> None:
    two = card(2)
    s = position(cards={(0, 2): "Kopitiam"}, pos=[(0, 0), (4, 9)], hands=[[two], []])
    s["task_card"] = [0, 1]
    s, log = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    assert s["done"][0][0] is True
    assert any("checks off" in said(e) for e in log)


def test_meet_task_needs_another_pedestrian_there_and_counts_for_both() -> None:
    two = card(2)
    s = position(cards={(0, 2): "Hin Bus Depot"}, pos=[(0, 0), (0, 2)],
                 hands=[[two], []])
    s["task_card"] = [0, 1]
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    assert s["done"][0][3] is True
    assert "Hin Bus Depot" in s["met_at"][1] and 1 in s["met"][0] and 0 in s["met"][1]


def test_meet_task_is_not_checked_when_alone() -> None:
    two = card(2)
    s = position(cards={(0, 2): "Hin Bus Depot"}, pos=[(0, 0), (4, 9)], hands=[[two], []])
    s["task_card"] = [0, 1]
    s, _ = act(s, 0, type="walk", cards=[two], end=cell(0, 2))
    assert s["done"][0][3] is False and s["done"][0][:3] == [False, False, False]


def test_a_clear_task_completed_outside_your_turn_triggers_the_end_round() -> None:
    s = position(n=3, cards={(4, 5): RED}, pos=[(0, 0), (4, 9), (4, 8)],
                 hands=[[card(2)], [card(3)], [card(4)]], held=[0, 1, 0])
    s["done"][1] = [True, True, True, True, False]
    s["paths"] = [0, 1, 0]
    assert 1 in ENGINE.to_act(s)
    s, _ = act(s, 1, type="clear", cell=cell(4, 5))
    assert s["done"][1][4] is True and s["trigger"] == 1
    s, _ = act(s, 0, type="no_walk")
    # every other pedestrian once more, clockwise from the next, the trigger last
    assert s["current"] == 2 and s["end_queue"] == [0, 1]


def test_jom_tokens_claim_a_card_and_come_back() -> None:
    two = card(2)
    s = position(cards={(0, 2): "Market"}, pos=[(0, 0), (4, 9)], hands=[[two], []])
    s["reached"][0] = ["Bank", "Dhobi", "Market"]
    s["jom"]["Jom Urusan"]["tokens"][1] = ["Bank"]
    s["turn"]["stage"] = "jom"
    for entry in ("Bank", "Dhobi"):
        s, _ = act(s, 0, type="place_jom", card="Jom Urusan", entry=entry)
    assert ENGINE.view(s, None)["jom_free"][0] == 4
    s, log = act(s, 0, type="place_jom", card="Jom Urusan", entry="Market")
    assert s["jom"]["Jom Urusan"]["claimed"] == 0
    assert s["jom"]["Jom Urusan"]["tokens"] == [[], []]
    view = ENGINE.view(s, None)
    assert view["jom_free"] == [6, 6]
    assert view["pa"][0]["jom"] == 3


def test_jom_tokens_go_only_beside_places_reached() -> None:
    s = position(pos=[(0, 0), (4, 9)], hands=[[card(2)], []])
    s["reached"][0] = ["Bank"]
    s["turn"]["stage"] = "jom"
    with pytest.raises(RuleError, match="reached"):
        act(s, 0, type="place_jom", card="Jom Urusan", entry="Dhobi")


def test_jom_kawan_needs_four_pedestrians_with_five_or_more_players() -> None:
    s = position(n=6, pos=[(0, 0)] * 6, hands=[[card(2)]] + [[]] * 5)
    s["met"][0] = [1, 2, 3, 4]
    s["turn"]["stage"] = "jom"
    for other in ("1", "2", "3"):
        s, _ = act(s, 0, type="place_jom", card="Jom Kawan", entry=other)
    assert s["jom"]["Jom Kawan"]["claimed"] is None
    s, _ = act(s, 0, type="place_jom", card="Jom Kawan", entry="4")
    assert s["jom"]["Jom Kawan"]["claimed"] == 0


def test_jom_kawan_needs_every_other_pedestrian_with_fewer_players() -> None:
    s = position(n=3, pos=[(0, 0)] * 3, hands=[[card(2)], [], []])
    s["met"][0] = [1]
    s["turn"]["stage"] = "jom"
    s, _ = act(s, 0, type="place_jom", card="Jom Kawan", entry="1")
    assert s["jom"]["Jom Kawan"]["claimed"] is None


def test_only_the_player_whose_turn_it_is_places_jom_tokens() -> None:
    s = position(pos=[(0, 0), (4, 9)], hands=[[card(2)], [card(3)]])
    s["reached"][1] = ["Bank"]
    s["turn"]["stage"] = "jom"
    assert not [t for t in ENGINE.legal_actions(s, 1) if t["type"] == "place_jom"]
