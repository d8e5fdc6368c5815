"""Spec ruling 13: a year in which nothing changes ends the game, scored as at the end of
era c. Built directly here; test_properties drives whole games into such a position."""

from __future__ import annotations

import random

from engines.bots import bot_of
from engines.core.types import State
from engines.indonesia import ENGINE
from engines.indonesia.flow import start_year
from engines.indonesia.rules import free_slots, merger_pairs

from .helpers import act, act_log, blank, city, company

#: Five production companies each, single goods, no shipping company anywhere.
_HOLDINGS = {
    0: [("rice", 50, "a1"), ("spice", 78, "a3"), ("rubber", 109, "b5"), ("rice", 97, "b2"),
        ("spice", 88, "b4")],
    1: [("spice", 63, "a4"), ("rubber", 15, "b7"), ("rice", 36, "a2"), ("spice", 42, "b3"),
        ("rubber", 10, "b6")],
}


def dead_position(cash: tuple[int, int] = (0, 0), *, bid_level: int = 5) -> State:
    """Two players at the start of a year in era b: full slots, every track at 5, no cash
    for any merger, no ship to carry a good, and a rice and a shipping deed left (two
    types, so the era never ends)."""
    st = blank(2, era="b")
    st["hands"] = [[], []]
    st["year"] = 30
    for seat, holdings in _HOLDINGS.items():
        st["research"][seat] = dict.fromkeys(st["research"][seat], 5)
        for kind, area, deed in holdings:
            company(st, seat, kind, areas=[area], deeds=[deed])
    st["research"][1]["bid"] = bid_level
    city(st, 52)
    st["cash"] = list(cash)
    st["bank"] = [60, 45]
    st["deeds"] = ["b1", "b8"]
    st["year"] -= 1
    st["last_progress"] = st["year"]  # the last research step was last year (ruling 14)
    start_year(st, [])  # phase 1 of year 30: the era goes on, bids begin
    return st


def _is_dead(st: State) -> bool:
    return all(free_slots(st, s) == 0 and all(low > st["cash"][s]
                                              for *_, low in merger_pairs(st, s))
               and set(st["research"][s].values()) == {5} for s in range(st["players"]))


def _bot_until_over(st: State, years: int = 3) -> tuple[State, list]:
    rng = random.Random(5)
    log: list = []
    last = st["year"] + years
    while ENGINE.outcome(st) is None and st["year"] <= last:
        seat = ENGINE.to_act(st)[0]
        res = act_log(st, seat, bot_of(ENGINE).test_action(st, seat, rng))
        st = res.state
        log.extend(res.log)
    return st, log


def test_ruling_13_a_dead_position_ends_the_game_at_the_end_of_that_year() -> None:
    st = dead_position()
    assert st["phase"] == "bid" and _is_dead(st)
    st, log = _bot_until_over(st)
    assert ENGINE.outcome(st) is not None, "a dead position must end the game"
    assert st["year"] == 30  # the same year: it ends at that year's end
    assert st["end"] == "stalled"
    assert any("nothing changed" in e.english().lower() for e in log), [e.english() for e in log]
    out = ENGINE.outcome(st)
    assert out is not None
    # Scored as at the end of era c: cash + bank + the last operations' net income (0).
    assert out.scores == [60, 45] and out.detail["doubled"] == [0, 0]
    assert out.detail["end"] == "stalled"
    assert ENGINE.view(st, None)["end"] == "stalled"


def test_ruling_13_a_bid_of_1_moves_money_so_the_game_goes_on() -> None:
    st = dead_position(cash=(1, 0))
    st = act(st, 0, {"type": "bid", "amount": 1})
    st = act(st, 1, {"type": "bid", "amount": 0})
    while st["year"] == 30 and ENGINE.outcome(st) is None:
        seat = ENGINE.to_act(st)[0]
        st = act(st, seat, bot_of(ENGINE).test_action(st, seat, random.Random(1)))
    assert ENGINE.outcome(st) is None and st["year"] == 31 and st["phase"] == "bid"
    # The next year changes nothing: now it ends.
    st, _ = _bot_until_over(st)
    assert st["year"] == 31 and st["end"] == "stalled"


def test_ruling_13_a_research_step_is_a_change_so_the_game_goes_on() -> None:
    st = dead_position(bid_level=4)
    st, _ = _bot_until_over(st, years=0)  # the bot researches the free step in year 30
    assert ENGINE.outcome(st) is None and st["year"] == 31
    st, _ = _bot_until_over(st)
    assert st["year"] == 31 and st["end"] == "stalled"


def test_ruling_13_a_game_that_ends_in_era_c_says_so() -> None:
    st = blank(2, era="c")
    st["hands"] = [[], []]
    st["deeds"] = ["c4"]  # one type left: era c ends in phase 1
    start_year(st, [])
    assert ENGINE.outcome(st) is not None and st["end"] == "era c"
    assert ENGINE.outcome(st).detail["end"] == "era c"  # type: ignore[union-attr]
