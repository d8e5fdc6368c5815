"""Walking together: invitations, asking to be picked up, steps, companion scoring."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import cell
from engines.kaki_lima.data import AROUND, RED
from tests.engines.kaki_lima.helpers import act, card, position, skip_jom


def arts_ed_walk() -> tuple[dict, str]:
    three = card(3)
    s = position(cards={(0, 3): "Arts-ED"}, pos=[(0, 0), (0, 2)], hands=[[three], [card(4)]])
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 3))
    return s, three


def test_rulebook_example_lay_ting_3_vp_aunty_toh_1_vp() -> None:
    s, _ = arts_ed_walk()
    assert s["turn"]["stage"] == "invite" and ENGINE.to_act(s) == [0]
    s, _ = act(s, 0, type="invite", seat=1)
    assert ENGINE.to_act(s) == [1]
    assert ENGINE.legal_actions(s, 1)[0] == {"type": "join_walk", "steps": {"$choice": [1]}}
    s, _ = act(s, 1, type="join_walk", steps=1)
    assert s["gather"] == [3, 1]
    assert s["pos"] == [cell(0, 3), cell(0, 3)]
    assert 1 in s["met"][0] and "Arts-ED" in s["met_at"][1] and "Arts-ED" in s["reached"][1]


def test_a_pedestrian_can_ask_to_be_picked_up_and_the_walker_answers() -> None:
    s, _ = arts_ed_walk()
    s, _ = act(s, 0, type="skip_invite")
    assert ENGINE.to_act(s) == [1]
    s, _ = act(s, 1, type="ask_pickup", steps=1)
    assert ENGINE.to_act(s) == [0]
    s, _ = act(s, 0, type="answer_pickup", accept=True)
    assert s["gather"] == [3, 1]


def test_a_declined_invitation_leaves_the_path_as_it_is() -> None:
    s, _ = arts_ed_walk()
    s, _ = act(s, 0, type="invite", seat=1)
    s, _ = act(s, 1, type="decline_walk")
    assert s["pos"] == [cell(0, 3), cell(0, 2)]
    assert s["aside"][0] is not None and s["gather"] == [0, 0]


def test_a_refused_pickup_walks_on_alone() -> None:
    s, _ = arts_ed_walk()
    s, _ = act(s, 0, type="skip_invite")
    s, _ = act(s, 1, type="ask_pickup", steps=1)
    s, _ = act(s, 0, type="answer_pickup", accept=False)
    assert s["pos"][1] == cell(0, 2)


def test_only_the_asked_pedestrian_may_answer() -> None:
    s, _ = arts_ed_walk()
    with pytest.raises(RuleError):
        act(s, 1, type="skip_invite")


def test_pedestrians_on_orange_cards_are_not_picked_up() -> None:
    three = card(3)
    s = position(cards={(0, 2): "LUMA", (0, 3): "Arts-ED"}, pos=[(0, 0), (0, 2)],
                 hands=[[three], [card(4)]])
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 3))
    assert s["turn"]["stage"] != "invite"


def test_a_companion_never_gets_off_on_a_red_card() -> None:
    around = card(3, AROUND)
    s = position(cards={(0, 2): RED}, pos=[(0, 0), (0, 1)], hands=[[around], [card(4)]])
    s, _ = act(s, 0, type="walk", cards=[around], end=cell(0, 3))
    s, _ = act(s, 0, type="invite", seat=1)
    assert ENGINE.legal_actions(s, 1)[0]["steps"] == {"$choice": [2]}
    with pytest.raises(RuleError, match="Red card"):
        act(s, 1, type="join_walk", steps=1)


def test_a_companion_draws_at_the_end_card_but_does_not_trade() -> None:
    three = card(3)
    s = position(cards={(0, 3): "Rojak Stall"}, pos=[(0, 0), (0, 1)],
                 hands=[[three, card(2)], [card(4)]])
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 3))
    s, _ = act(s, 0, type="invite", seat=1)
    s, _ = act(s, 1, type="join_walk", steps=2)
    assert len(s["hands"][1]) == 2  # the Rojak Stall's extra card
    assert s["turn"]["stage"] == "trade" and ENGINE.to_act(s)[0] == 0
    assert "Rojak Stall" in s["reached"][1]


def test_a_companion_gets_no_play_another_card() -> None:
    three = card(3)
    s = position(cards={(0, 3): "Bank"}, pos=[(0, 0), (0, 1)],
                 hands=[[three, card(2)], [card(4)]])
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 3))
    s, _ = act(s, 0, type="invite", seat=1)
    s, _ = act(s, 1, type="join_walk", steps=2)
    s = skip_jom(s)
    assert s["current"] == 0 and s["turn"]["extra"]
    s, _ = act(s, 0, type="no_walk")
    assert s["current"] == 1 and not s["turn"]["extra"]


def test_a_companion_getting_off_alone_at_a_gathering_spot_sets_nothing_aside() -> None:
    """Engine ruling (spec ruling 4 speaks of the walker's played cards): a companion has no
    played cards, so arriving alone at an empty gathering spot scores nothing and waits for
    nothing."""
    three = card(3)
    s = position(cards={(0, 2): "LUMA"}, pos=[(0, 0), (0, 1)], hands=[[three], [card(4)]])
    s, _ = act(s, 0, type="walk", cards=[three], end=cell(0, 3))
    s, _ = act(s, 0, type="invite", seat=1)
    s, _ = act(s, 1, type="join_walk", steps=1)
    s = skip_jom(s)
    assert s["pos"] == [cell(0, 3), cell(0, 2)]
    assert s["gather"] == [0, 0] and s["aside"] == [None, None]
