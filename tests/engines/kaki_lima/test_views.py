"""Hidden information: a player sees only their own hand; spectators see none."""

from __future__ import annotations

import json

from engines.kaki_lima import ENGINE
from tests.engines.kaki_lima.helpers import act, card, position, said


def test_views_show_only_the_viewers_hand_and_no_pile_order() -> None:
    s = ENGINE.setup(3, {}, 11)
    for seat in range(3):
        v = ENGINE.view(s, seat)
        assert [c["id"] for c in v["hand"]] == s["hands"][seat]
        text = json.dumps(v)
        for other in range(3):
            if other != seat:
                assert all(f'"{c}"' not in text for c in s["hands"][other])
        assert all(f'"{c}"' not in text for c in s["draw"])
        assert v["hand_sizes"] == [3, 3, 3] and v["draw_count"] == len(s["draw"])
    spectator = json.dumps(ENGINE.view(s, None))
    assert ENGINE.view(s, None)["hand"] is None
    assert all(f'"{c}"' not in spectator for h in s["hands"] for c in h)
    assert '"rng"' not in spectator


def test_public_pieces_are_in_every_view() -> None:
    s = position(cards={(0, 2): "LUMA"}, pos=[(0, 0), (4, 9)], hands=[[card(2)], [card(3)]])
    s, _ = act(s, 0, type="walk", cards=[card(2)], end=20 - 18)
    v = ENGINE.view(s, None)
    assert v["aside"][0]["cards"][0]["steps"] == 2
    assert v["discard_top"] is not None and v["tasks"][0]["items"][0]["kind"] == "visit"
    assert v["ca"]["stars"] == 0 and len(v["jom"]) == 6 and v["reached"][0] == ["LUMA"]


def test_a_drawn_card_is_logged_to_its_owner_only() -> None:
    s = position(pos=[(0, 0), (4, 9)], hands=[[card(2)], [card(3)]])
    s, log = act(s, 0, type="no_walk")
    drawn = s["hands"][0][-1]
    assert [e.to for e in log if drawn in said(e)] == [[0]]


def test_a_card_proposed_for_a_clearing_is_shown_to_the_partner_only() -> None:
    from engines.kaki_lima.data import RED

    give = card(2)
    s = position(n=3, cards={(2, 2): RED}, pos=[(0, 0), (4, 9), (4, 8)],
                 hands=[[give], [card(3)], [card(4)]], held=[0, 1, 0])
    s, log = act(s, 0, type="propose_clearing", partner=1, target=22, card=give)
    assert give in json.dumps(ENGINE.view(s, 1))
    for viewer in (2, None):
        assert give not in json.dumps(ENGINE.view(s, viewer))
    assert [e.to for e in log if give in said(e)] == [[1]]
