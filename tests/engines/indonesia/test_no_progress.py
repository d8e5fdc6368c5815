"""Spec ruling 14: a game that no longer progresses ends. Goods still sell every year (so
ruling 13's quiet year never comes), but when five years in a row pass without a deed
started, a merger completed or a research step, the game ends at the end of the fifth,
scored as ruling 13 scores a stalled game, and the log says why."""

from __future__ import annotations

import random

import pytest

from engines.bots import bot_of
from engines.core.log import LogEntry
from engines.core.types import State
from engines.indonesia import ENGINE
from engines.indonesia.flow import start_year

from .helpers import act_log, blank, city, company

#: The year the quiet stretch starts in.
FIRST = 20


def selling_position() -> State:
    """Two players at the start of year 20 in era b. Seat 0's Bali rice sells through seat 1's
    ships to Nusa Tenggara Barat every year; seat 1 has a free slot, seat 0 two rice
    companies it could merge; a rice and a shipping deed wait (two types: the era goes on)."""
    st = blank(2, era="b")
    st["hands"] = [[], []]
    st["year"] = FIRST - 1
    company(st, 0, "rice", areas=[46, 50, 51], deeds=["a1"])
    company(st, 0, "rice", areas=[97], deeds=["a2"])
    company(st, 1, "shipping", ships={119: 2}, deeds=["a6"])
    city(st, 52)
    st["research"][0]["mergers"] = 2
    st["research"][0]["slots"] = 2
    st["research"][1]["slots"] = 2
    st["deeds"] = ["b1", "b8"]
    st["last_progress"] = FIRST - 1  # a deed, a merger or a research step last year
    start_year(st, [])  # phase 1 of year 20: the era goes on, bids begin
    assert st["phase"] == "bid" and st["year"] == FIRST
    return st


def _idle(st: State, seat: int, rng: random.Random) -> dict:
    """A player who bids 0 and never acquires, merges or researches; the rest (selling and
    the forced free expansion) as the engine's bot plays it, paying for nothing."""
    kind = st["step"]["kind"]
    if kind == "bid":
        return {"type": "bid", "amount": 0}
    if kind in ("announce", "auction", "acquire", "research"):
        return {"type": "pass"}
    if kind == "expand" and st["step"]["paid"]:
        return {"type": "pass"}
    return bot_of(ENGINE).test_action(st, seat, rng)


#: One progressing move per kind: (step kind, seat, action).
PROGRESS = {
    "deed": ("acquire", 1, {"type": "acquire", "deed": "b1", "area": 0}),
    "merger": ("announce", 0, {"type": "announce", "a": "C1", "b": "C2", "bid": 80}),
    "research": ("research", 1, {"type": "research", "track": "hull", "player": 1}),
}


def play(st: State, last_year: int, progress: dict[int, str] | None = None
         ) -> tuple[State, list[LogEntry], list[int]]:
    """Idle players until the game ends or ``last_year`` is over; ``progress`` (year -> kind)
    makes one progressing move in those years. Returns the years in which goods sold."""
    rng = random.Random(3)
    log: list[LogEntry] = []
    sold_in: set[int] = set()
    todo = dict(progress or {})
    while ENGINE.outcome(st) is None and st["year"] <= last_year:
        seat = ENGINE.to_act(st)[0]
        action = _idle(st, seat, rng)
        kind = todo.get(st["year"])
        if kind is not None and PROGRESS[kind][:2] == (st["step"]["kind"], seat):
            action = PROGRESS[kind][2]
            del todo[st["year"]]
        if action["type"] == "sell" and action["routes"]:
            sold_in.add(st["year"])
        res = act_log(st, seat, action)
        st = res.state
        log.extend(res.log)
    assert not todo, f"progress not made: {todo}"
    return st, log, sorted(sold_in)


def test_ruling_14_five_years_without_deed_merger_or_research_end_the_game() -> None:
    st = selling_position()
    st, log, sold_in = play(st, FIRST + 10)
    out = ENGINE.outcome(st)
    assert out is not None, "goods sell every year, but nothing progresses: it must end"
    assert st["year"] == FIRST + 4, "at the end of the fifth year in a row"
    assert sold_in == list(range(FIRST, FIRST + 5)), "goods sold every year (not ruling 13)"
    assert st["end"] == "no progress" and out.detail["end"] == "no progress"
    assert ENGINE.view(st, None)["end"] == "no progress"
    # Scored as ruling 13 scores a stalled game: cash + bank + the last operations again.
    assert out.detail["doubled"] == st["earned"]
    assert out.scores == [st["cash"][s] + st["bank"][s] + st["earned"][s] for s in range(2)]
    why = [e for e in log if e.key == "indonesia.log.no_progress"]
    assert len(why) == 1 and why[0].english() == (
        "No deed was started, no merger completed and no research advanced for 5 years in a "
        f"row (years {FIRST} to {FIRST + 4}): the game no longer progresses and ends.")


def test_ruling_14_four_quiet_years_are_not_enough() -> None:
    st, _, _ = play(selling_position(), FIRST + 3)
    assert ENGINE.outcome(st) is None and st["year"] == FIRST + 4 and st["phase"] == "bid"


@pytest.mark.parametrize("kind", sorted(PROGRESS))
def test_ruling_14_a_deed_a_merger_or_a_research_step_starts_the_count_again(
        kind: str) -> None:
    st, _, _ = play(selling_position(), FIRST + 20, progress={FIRST + 2: kind})
    assert ENGINE.outcome(st) is not None and st["end"] == "no progress"
    assert st["year"] == FIRST + 2 + 5, "five quiet years after the year of the progress"


def test_ruling_14_the_count_is_in_the_state_so_a_replay_and_the_view_agree() -> None:
    st, _, _ = play(selling_position(), FIRST + 1)
    assert st["year"] == FIRST + 2
    assert st["last_progress"] == FIRST - 1
    view = ENGINE.view(st, 0)
    assert view["last_progress"] == st["last_progress"]
    sampled = bot_of(ENGINE).determinize(view, 0, random.Random(1))
    assert sampled["last_progress"] == st["last_progress"]


def test_ruling_14_a_game_stored_under_rules_2_counts_from_the_upgrade() -> None:
    """A snapshot from before ruling 14 has no count: its quiet stretch starts with the
    first year the new rules see end, so it does not end at once."""
    st = selling_position()
    del st["last_progress"]  # as stored by rules version 2
    st["year_start"] = None
    st, _, _ = play(st, FIRST + 20)
    assert st["end"] == "no progress" and st["year"] == FIRST + 5
