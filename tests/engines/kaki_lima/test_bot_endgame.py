"""Kaki Lima bot rules for the end of the game at 3-6 players (tokens, Play Another Card, the
meeting) and the 2-player deals that never ended: each on a hand-made position (or the deal
itself) where the move is clear."""

from __future__ import annotations

import math
import random

from engines.bots import decide
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import cell, distances, kinds
from engines.kaki_lima.data import RED
from tests.engines.harness import play_random_game
from tests.engines.kaki_lima.helpers import card, position

State = dict[str, object]

#: Pi Mana? card 1 (index 0): visit Kopitiam, Chinese Temple, Bank; meet at Hin Bus Depot;
#: clear 2. Everything but the meeting done:
ONLY_MEETING = [True, True, True, False, True]


def bot(level: str, state: State, seat: int = 0, seed: int = 3) -> dict[str, object]:
    """The ``level`` bot's move for ``seat`` from its view."""
    return decide(ENGINE, ENGINE.view(state, seat), seat, level, random.Random(seed))


def bench_deal_ends(seed: int, hero: int, levels: list[str], cap: int) -> bool:
    """The 2-player deal ``seed`` played by ``levels`` (per seat), each seat with the bench's
    and the ladder's generator for the first level at ``hero`` (bench/bots.py ``seat_rngs``):
    whether it ends within ``cap`` actions."""
    state = ENGINE.setup(2, {}, seed)
    rngs = [random.Random((seed * 7919 + hero) * 8 + s) for s in range(2)]
    actions = 0
    while ENGINE.outcome(state) is None and actions < cap:
        seat = ENGINE.awaited(state)[0]
        action = decide(ENGINE, ENGINE.view(state, seat), seat, levels[seat], rngs[seat])
        state = ENGINE.apply(state, seat, ENGINE.parse_action(action)).state
        actions += 1
    return ENGINE.outcome(state) is not None


def only_meeting_left(at: tuple[int, int]) -> State:
    """Lay Ting has only her meeting at Hin Bus Depot left and stands at ``at``; Aunty Toh
    waits far off; the Bank (Play Another Card) is two steps away."""
    state = position(2, cards={(2, 2): "Hin Bus Depot", (2, 4): "Bank", (0, 0): "Arts-ED"},
                     pos=[at, (4, 9)], hands=[[card(2), card(2, nth=1)], [card(3)]])
    state["task_card"] = [0, 1]
    state["done"][0] = list(ONLY_MEETING)
    return state


def test_a_beginner_with_only_its_meeting_left_waits_at_its_place() -> None:
    # Walking off and back again reset the stall count for ever (spec ruling 10).
    state = only_meeting_left((2, 2))
    for seed in range(20):
        assert bot("easy", state, seed=seed) == {"type": "no_walk"}


def test_play_another_card_is_no_lure_once_walks_bring_nothing() -> None:
    # The Bank's second walk used to be worth 3 VP by itself: a pedestrian with only its
    # meeting left circled Bank, Dhobi and Market instead of waiting at Hin Bus Depot.
    state = only_meeting_left((2, 2))
    assert bot("normal", state) == {"type": "no_walk"}
    # With a Lokasi still to visit, the second walk is worth having again.
    state["done"][0] = [True, True, False, False, True]  # the Bank itself is to visit
    move = bot("normal", state)
    assert move["type"] == "walk" and move["end"] == cell(2, 4)


def test_a_clearing_token_beats_a_short_gathering_at_six_players() -> None:
    # Six steps into a friend at Kopitiam is 6 VP; the token at MBPP is a path worth
    # 2 + 3 CA stars, and the pool runs dry within a few rounds with six pedestrians.
    reds = {(4, 0): RED, (4, 1): RED, (0, 5): RED, (0, 6): RED}
    state = position(6, cards={(2, 4): "Kopitiam", (2, 0): "MBPP", **reds},
                     pos=[(2, 2), (2, 4), (4, 9), (4, 8), (4, 7), (0, 9)],
                     hands=[[card(2), card(6)], [card(3)], [card(3, nth=1)], [card(3, nth=2)],
                            [card(5)], [card(4)]])
    state["task_card"] = [5, 1, 2, 3, 4, 0]  # Lay Ting's tasks are none of these cards
    move = bot("normal", state)
    assert move["type"] == "walk" and move["end"] == cell(2, 0)


def test_the_two_player_deal_where_the_easy_bot_circled_ends() -> None:
    # Normal (seat 0) against easy, bench seed 10046: the easy bot, left with its meeting,
    # walked 204 times round Bank, Dhobi and Market (684 actions) while normal waited at its
    # own meeting place; the same circling ran one hard-vs-easy bench game past 5,000.
    state = ENGINE.setup(2, {}, 10046)
    rng = random.Random(10046 * 7919)
    actions = 0
    while ENGINE.outcome(state) is None and actions < 400:
        seat = ENGINE.awaited(state)[0]
        level = "normal" if seat == 0 else "easy"
        action = decide(ENGINE, ENGINE.view(state, seat), seat, level, rng)
        state = ENGINE.apply(state, seat, ENGINE.parse_action(action)).state
        actions += 1
    assert ENGINE.outcome(state) is not None


def both_waiting(paths: list[int], aunty_at: tuple[int, int]) -> State:
    """Lay Ting stands at her meeting place (Hin Bus Depot) with the Bank still to visit, far
    off; Aunty Toh has only her meeting left and waits at her place, Arts-ED, at
    ``aunty_at``."""
    state = position(2, cards={(2, 2): "Hin Bus Depot", (4, 9): "Bank", aunty_at: "Arts-ED"},
                     pos=[(2, 2), aunty_at], hands=[[card(2), card(3)], [card(3, nth=1)]])
    state["task_card"] = [0, 1]
    state["done"][0] = [True, True, False, False, True]
    state["done"][1] = list(ONLY_MEETING)
    state["paths"] = list(paths)
    return state


def test_nobody_is_waited_for_while_everyone_else_waits_at_their_own_place() -> None:
    # Aunty Toh will not leave Arts-ED, so nobody comes to Hin Bus Depot: Lay Ting sets off
    # for the Bank instead of waiting. Waiting there (and walking off and back) kept deal
    # 10043 going for ever.
    state = both_waiting([0, 0], (0, 0))
    bank = cell(4, 9)
    far = distances(kinds(state), bank)
    for seed in range(5):
        move = bot("normal", state, seed=seed)
        assert move["type"] == "walk"
        assert far[move["end"]] < far[cell(2, 2)]


def test_the_game_is_not_handed_to_a_waiting_pedestrian_when_behind() -> None:
    # Aunty Toh waits two steps away with her last task, the meeting: arriving there ends the
    # game. Behind by four paths (which the Jom! cards could still make up), Lay Ting walks
    # on; level or ahead, she may end it.
    assert bot("normal", both_waiting([0, 4], (2, 4)))["end"] != cell(2, 4)
    assert bot("normal", both_waiting([6, 0], (2, 4)))["end"] == cell(2, 4)


def test_a_gap_nothing_can_close_is_no_reason_to_keep_the_table_going() -> None:
    # Behind by six paths (33 points) with no Red card left to clear, her tasks and every
    # Jom! card (25 points) cannot close the gap, and nobody else will walk: she ends it.
    assert bot("normal", both_waiting([0, 6], (2, 4)))["end"] == cell(2, 4)


def test_the_two_player_deal_where_both_waited_at_their_own_places_ends() -> None:
    # Bench deal 10043 (normal and hard in seat 1, easy in seat 0, each seat with the bench's
    # generator): the easy bot waited at Rojak Stall, its last task, while the other bot led
    # by 28 points and walked back to its own meeting place at Kopitiam every turn, past
    # 5,000 actions (every walk resets the stall count of spec ruling 10).
    assert bench_deal_ends(10043, 1, ["easy", "normal"], 400)


def last_turn_at_six(reds: dict[tuple[int, int], str]) -> State:
    """Lay Ting's last turn (Aunty Toh triggered the end; four still play after her): the
    token at MBPP two steps west, Aunty Toh at Kopitiam three steps east. Three paths are
    cleared (two of them Lay Ting's): a fourth brings the first CA star."""
    cleared = {(0, 1): RED, (0, 2): RED, (0, 3): RED}
    state = position(6, cards={(2, 5): "Kopitiam", (2, 0): "MBPP", **reds, **cleared},
                     pos=[(2, 2), (2, 5), (4, 9), (4, 8), (0, 8), (0, 9)],
                     hands=[[card(2), card(3)], [card(3, nth=1)], [card(3, nth=2)],
                            [card(4)], [card(5)], [card(4, nth=1)]])
    state["cleared"] = [cell(r, c) for r, c in cleared]
    state["paths"] = [2, 1, 0, 0, 0, 0]
    state["task_card"] = [5, 1, 2, 3, 4, 0]  # Lay Ting's tasks are none of these cards
    state["trigger"] = 1
    state["end_queue"] = [2, 3, 4, 5]
    return state


def test_in_its_last_turn_a_token_counts_only_where_it_can_still_be_spent() -> None:
    # After the last turn a token is spent only on a Red card in line with where its holder
    # stands: with none in line with MBPP it is worth nothing, and three steps into Aunty
    # Toh at Kopitiam are 3 VP. (Counted at its usual worth, the token won, for nothing.)
    move = bot("normal", last_turn_at_six({(0, 7): RED, (4, 6): RED}))
    assert move["type"] == "walk" and move["end"] == cell(2, 5)
    # A Red card in line (column 0): the token is a path, 2 VP, and the first CA star for
    # it and for her two paths before it: 5 VP.
    move = bot("normal", last_turn_at_six({(4, 0): RED, (0, 7): RED}))
    assert move["type"] == "walk" and move["end"] == cell(2, 0)


def test_in_its_last_turn_a_point_beats_a_task_worth_fewer() -> None:
    # Lay Ting's third task (the Chinese Temple, two steps west) is 3 VP; four steps into
    # Aunty Toh at Arts-ED are 4 VP. Before the last turn the task's tempo (the tie-break and
    # a step towards ending) and the temple's cards tip it; in the last turn only points do.
    state = position(6, cards={(2, 0): "Chinese Temple", (0, 0): "Arts-ED"},
                     pos=[(2, 2), (0, 0), (4, 9), (4, 8), (0, 8), (0, 9)],
                     hands=[[card(2), card(4)], [card(3)], [card(3, nth=1)], [card(3, nth=2)],
                            [card(5)], [card(4, nth=1)]])
    state["task_card"] = [0, 1, 2, 3, 4, 5]  # card 1: visit Kopitiam, Chinese Temple, Bank...
    state["done"][0] = [True, False, True, False, False]
    state["met"][0] = [1]
    move = bot("normal", state)
    assert move["type"] == "walk" and move["end"] == cell(2, 0)
    state["trigger"] = 1
    state["end_queue"] = [2, 3, 4, 5]
    move = bot("normal", state)
    assert move["type"] == "walk" and move["end"] == cell(0, 0)


def test_in_its_last_turn_play_another_card_counts_the_card_drawn_before_it() -> None:
    # Lay Ting plays the very last turn. The Chinese Temple (two steps north) is her first
    # task, 1 VP. Dhobi (two steps west) grants another walk, after the end-of-turn draw:
    # with her 1 alone nothing scores, but about half the cards she may draw walk her into
    # Aunty Toh at LUMA (an even number of steps from Dhobi), for 2 to 6 VP.
    state = position(2, cards={(2, 0): "Dhobi", (0, 2): "Chinese Temple", (4, 0): "LUMA"},
                     pos=[(2, 2), (4, 0)], hands=[[card(2), card(1)], [card(3)]])
    state["task_card"] = [0, 1]  # card 1: visit Kopitiam, Chinese Temple, Bank...
    state["trigger"] = 1
    state["end_queue"] = []
    move = bot("normal", state)
    assert move == {"type": "walk", "cards": [card(2)], "end": cell(2, 0)}


def test_in_its_last_turn_a_held_token_walks_to_a_red_card_in_line() -> None:
    # Lay Ting holds a token and no Red card is in line with her: two steps west, the Red
    # card at (4, 0) is (column 0), and clearing it is a path, 2 VP. Her first task, the
    # Chinese Temple two steps north, is 1 VP.
    state = position(2, cards={(0, 2): "Chinese Temple", (4, 0): RED, (4, 9): RED},
                     pos=[(2, 2), (4, 8)], hands=[[card(2), card(2, nth=1)], [card(3)]],
                     held=[1, 0])
    state["task_card"] = [0, 1]  # card 1: visit Kopitiam, Chinese Temple, Bank...
    state["trigger"] = 1
    state["end_queue"] = []
    move = bot("normal", state)
    assert move["type"] == "walk" and move["end"] == cell(2, 0)


def test_a_bot_that_cannot_catch_up_ends_the_game_when_nobody_else_walks() -> None:
    """A soak's table (hard at 8 iterations against normal, deal 300597) ran past 30,000
    actions: the hard bot waited at its meeting place for its last task, and the normal bot,
    19 points behind with one visit left, neither made that visit nor met it there (either
    ends the game behind), so it walked somewhere every turn and no round stalled. With
    nobody else walking and the unclaimed Jom! cards too few to close the gap, ending
    costs it nothing more (``Planner.end_costs``): it makes its visit and the game ends."""

    def seat_policy(state: State, seat: int, rng: random.Random) -> dict[str, object]:
        view = ENGINE.view(state, seat)
        if seat == 0:
            return decide(ENGINE, view, seat, "hard", rng, math.inf, iterations=8)
        return decide(ENGINE, view, seat, "normal", rng)

    final, _ = play_random_game(ENGINE, 2, 300597, bot=seat_policy, check_every=50,
                                max_actions=2000)
    outcome = ENGINE.outcome(final)
    assert outcome is not None
    assert outcome.detail["tasks"] == [4, 5]  # the normal bot ended it with its fifth task


def test_the_two_player_deal_where_one_walked_about_with_nothing_to_walk_for_ends() -> None:
    """Ladder deal 10004, normal against normal (each seat with the ladder's generator): Lay
    Ting waited at Rojak Stall for her last task; Aunty Toh, with only her meeting at Roti
    Bakar Stall left, walked from Mosque to Dhobi to Bank for what the next card might bring,
    never to her meeting place, past 2,000 actions, and no round stalled. With nobody else
    walking and nothing of her own to visit, take or spend, only points there and then are
    worth a walk (``Planner.nothing_to_walk_for``): she stays, and two quiet rounds end it."""
    assert bench_deal_ends(10004, 0, ["normal", "normal"], 600)
