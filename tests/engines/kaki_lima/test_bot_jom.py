"""Kaki Lima bots and Jom! tokens: the normal bot keeps its six tokens free until a card can
be claimed at once (an entry reached or met stays coverable all game), the beginner places
them as it goes, and the easy bot (normal, with the beginner's picture now and then) mostly
keeps them."""

from __future__ import annotations

import random

from engines.bots import decide
from engines.kaki_lima import ENGINE
from tests.engines.kaki_lima.helpers import card, position

State = dict[str, object]


def at_jom_step(reached: list[str], met: list[int]) -> State:
    """Six pedestrians; Lay Ting has walked and is at step 3 (Jom! tokens) of her turn,
    having reached ``reached`` and met ``met`` so far."""
    state = position(6, pos=[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)],
                     hands=[[card(2)], [card(3)], [card(3, nth=1)], [card(3, nth=2)],
                            [card(5)], [card(4)]])
    state["reached"][0] = list(reached)
    state["met"][0] = list(met)
    state["turn"]["stage"] = "jom"
    state["turn"]["walked"] = True
    return state


def bot(level: str, state: State, seed: int = 3) -> dict[str, object]:
    return decide(ENGINE, ENGINE.view(state, 0), 0, level, random.Random(seed))


def test_normal_keeps_its_tokens_while_no_jom_card_can_be_claimed() -> None:
    # Two of Jom Seni's three places and three of the four friends Jom Kawan needs: a token
    # now would only be locked away (placing everywhere ran the bot out of free tokens).
    state = at_jom_step(["Arts-ED", "LUMA", "Bank"], [1, 2, 3])
    assert ENGINE.legal_actions(state, 0)[0]["type"] == "place_jom"
    assert bot("normal", state) == {"type": "end_jom"}
    # The easy bot mostly keeps them too; now and then, seeing only the beginner's
    # picture, it puts a token down anyway.
    easy = [bot("easy", state, seed=seed)["type"] for seed in range(40)]
    assert 0 < easy.count("place_jom") < easy.count("end_jom"), easy


def test_normal_claims_the_jom_card_it_can_cover_now() -> None:
    # Every Jom Seni place reached (3 VP) and four friends met (Jom Kawan, 5 VP with six
    # pedestrians): the tokens go on Jom Kawan first, then on Jom Seni.
    state = at_jom_step(["Arts-ED", "LUMA", "Hin Bus Depot"], [1, 2, 3, 4])
    move = bot("normal", state)
    assert move["type"] == "place_jom" and move["card"] == "Jom Kawan"
    for _ in range(4):
        move = bot("normal", state)
        assert move["type"] == "place_jom"
        state = ENGINE.apply(state, 0, ENGINE.parse_action(move)).state
    assert state["jom"]["Jom Kawan"]["claimed"] == 0
    move = bot("normal", state)
    assert move["type"] == "place_jom" and move["card"] == "Jom Seni"


def test_normal_walks_to_pedestrians_it_has_not_met_towards_jom_kawan() -> None:
    # Two steps reach a plain card where Aunty Toh and Uncle Lim stand (two of the four
    # friends Jom Kawan needs with six pedestrians); three steps reach an empty card.
    state = position(6, pos=[(2, 0), (2, 2), (2, 2), (4, 9), (4, 8), (0, 9)],
                     hands=[[card(2), card(3)], [card(3, nth=1)], [card(3, nth=2)],
                            [card(4)], [card(5)], [card(4, nth=1)]])
    move = bot("normal", state)
    assert move["type"] == "walk" and move["end"] == 22 and move["cards"] == [card(2)]
