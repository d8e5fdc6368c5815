"""The end round, final clearing, the stalled-game rule, scoring and tie-breaks, set-up."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import GAP_CELLS, cell
from engines.kaki_lima.data import DECK, GREEN, LOKASI, RED
from engines.kaki_lima.flow import end_round_order
from engines.kaki_lima.scoring import score_breakdown
from engines.kaki_lima.setup import all_lokasi_reachable, start_cells
from tests.engines.kaki_lima.helpers import act, card, position, said, skip_jom


def test_setup_deals_the_grid_deck_and_tasks() -> None:
    s = ENGINE.setup(4, {}, 7)
    cells = s["cells"]
    assert [i for i, c in enumerate(cells) if c == ""] == sorted(GAP_CELLS)
    assert sorted(GAP_CELLS) == [cell(1, 3), cell(1, 6), cell(3, 3), cell(3, 6)]
    assert cells.count(RED) == 12 and cells.count(GREEN) == 17
    assert sorted(c for c in cells if c in LOKASI) == sorted(LOKASI)
    assert all_lokasi_reachable(cells)
    assert [len(h) for h in s["hands"]] == [3, 3, 3, 3] and len(s["discard"]) == 1
    assert len(s["draw"]) == len(DECK) - 13 and s["pool"] == 12
    assert len(set(s["task_card"])) == 4


def test_pedestrians_start_on_border_green_cards() -> None:
    s = ENGINE.setup(2, {}, 7)
    inner = [i for i in range(50) if s["cells"][i] == GREEN and i not in start_cells(s)]
    with pytest.raises(RuleError, match="border"):
        act(s, 0, type="place", cell=inner[0])
    s, _ = act(s, 0, type="place", cell=start_cells(s)[0])
    s, _ = act(s, 1, type="place", cell=start_cells(s)[0])  # pedestrians may share a card
    assert s["phase"] == "play" and ENGINE.to_act(s) == [0]


def test_the_end_round_ends_with_the_trigger_and_counts_from_the_current_turn() -> None:
    assert end_round_order(4, 1, 1) == [2, 3, 0, 1]
    assert end_round_order(4, 1, 3) == [2, 0, 1, 3]


def test_after_the_last_turn_players_spend_tokens_then_the_game_ends() -> None:
    s = position(cards={(0, 5): RED}, pos=[(0, 0), (4, 9)], hands=[[card(2)], [card(3)]],
                 held=[1, 0])
    s["trigger"] = 1
    s["end_queue"] = []
    s["current"] = 1
    s, _ = act(s, 1, type="no_walk")
    assert s["phase"] == "final" and ENGINE.to_act(s) == [0]
    s, _ = act(s, 0, type="clear", cell=cell(0, 5))
    assert s["phase"] == "over" and ENGINE.outcome(s) is not None
    assert ENGINE.to_act(s) == []


def test_rulebook_scoring_example_is_51() -> None:
    s = position(pos=[(0, 0), (4, 9)], hands=[[], []])
    s["gather"][0] = 6
    s["done"][0] = [True] * 5
    s["jom"]["Jom Makan"]["claimed"] = 0
    s["jom"]["Jom Harmoni"]["claimed"] = 0
    s["paths"][0] = 5
    s["cleared"] = list(range(10))  # 10 paths cleared in all: 3 CA stars
    assert score_breakdown(s, 0) == {"gathering": 6, "tasks": 12, "jom": 8, "paths": 10,
                                     "bonus": 15, "total": 51}


def test_ca_stars_bands() -> None:
    s = position(pos=[(0, 0), (4, 9)], hands=[[], []])
    s["paths"][0] = 1
    for total, stars in ((3, 0), (4, 1), (6, 1), (7, 2), (9, 2), (10, 3), (12, 3)):
        s["cleared"] = list(range(total))
        assert score_breakdown(s, 0)["bonus"] == stars


def test_ties_go_to_most_tasks_then_most_steps_in_hand() -> None:
    s = position(pos=[(0, 0), (4, 9)], hands=[[card(6)], [card(2)]])
    s["phase"] = "over"
    s["gather"] = [3, 0]
    s["done"][1] = [True, True, False, False, False]  # 3 VP, 2 tasks
    assert ENGINE.outcome(s).ranks == [2, 1]
    s["done"][1] = [False] * 5
    s["gather"] = [3, 3]
    assert ENGINE.outcome(s).ranks == [1, 2]
    s["hands"] = [[card(2)], [card(2, nth=1)]]
    assert ENGINE.outcome(s).ranks == [1, 1]


def test_two_quiet_rounds_stall_the_game_into_its_end_round() -> None:
    s = position(pos=[(0, 0), (4, 9)], hands=[[card(2)], [card(3)]])
    for seat in (0, 1, 0):
        s, _ = act(s, seat, type="no_walk")
    assert s["trigger"] is None
    s, log = act(s, 1, type="no_walk")
    assert s["stalled"] and s["trigger"] == 0 and s["current"] == 0
    assert s["end_queue"] == [1, 0]
    assert any("stalled" in said(e) for e in log)
    for seat in (0, 1, 0):
        s, _ = act(s, seat, type="no_walk")
    assert s["phase"] == "over"


def test_a_walk_resets_the_stall_count() -> None:
    s = position(pos=[(0, 0), (4, 9)], hands=[[card(2)], [card(3)]])
    s, _ = act(s, 0, type="no_walk")
    s, _ = act(s, 1, type="walk", cards=[card(3)], end=cell(4, 6))
    assert s["quiet"] == 0


def _one_task_short(n: int, jom_left: bool) -> dict:
    """Seat 0 needs only "visit Kopitiam" (task card 1) and walks there with a 1-step card:
    the path is forced. With ``jom_left`` the walk leaves a Jom! token to place; without it
    (Jom Makan already claimed) nothing else is left to do and the turn ends at once."""
    one = card(1)
    others = [[card(2, nth=k)] for k in range(n - 1)]
    s = position(n=n, cards={(0, 1): "Kopitiam"}, pos=[(0, 0)] + [(4, 9)] * (n - 1),
                 hands=[[one]] + others)
    s["task_card"] = list(range(n))
    s["done"][0] = [False, True, True, True, True]
    if not jom_left:
        s["jom"]["Jom Makan"]["claimed"] = 1
    s, _ = act(s, 0, type="walk", cards=[one], end=cell(0, 1))
    assert s["trigger"] == 0
    if jom_left:
        assert s["turn"]["stage"] == "jom" and s["current"] == 0
        s, _ = act(s, 0, type="end_jom")
    return s


@pytest.mark.parametrize("jom_left", [False, True], ids=["nothing-left", "jom-left"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_ruling_9_end_round_is_counted_from_the_trigger_seat(n: int, jom_left: bool) -> None:
    """Spec ruling 9: seat 0 completes its fifth task in its own turn; every other seat plays
    once more clockwise, seat 0 plays the very last turn, and then the game ends."""
    s = _one_task_short(n, jom_left)
    played = []
    while s["phase"] == "play":
        played.append(s["current"])
        s, _ = act(s, s["current"], type="no_walk")
        s = skip_jom(s)
        assert len(played) <= n, played
    assert played == list(range(1, n)) + [0]
    assert s["phase"] == "over"
