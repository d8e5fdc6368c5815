"""The normal bot's merger sense (engines/indonesia/bot/heuristic.py, plan.py) and the hard bot's
candidates (bot/search.py): a merger is worth the merged company's sales over the
operations left, so the bot outbids a rival for a company that sells, drops out once the
price passes what it is worth, and announces a merger of a rival's companies that sell."""

from __future__ import annotations

import random

from engines.bots import decide
from engines.core.copying import canonical_json
from engines.core.templates import random_action
from engines.core.types import State
from engines.indonesia import BOT, ENGINE
from engines.indonesia.bot import heuristic as bot
from engines.indonesia.bot import search as bot_search
from tests.engines.harness import play_random_game

from .helpers import at, blank, city, company
from .test_bot_heuristic import positions

# Aceh's coast on the Andaman sea (115): a city in area 0, goods in areas 3 and 6 (apart).
SEA, CITY, RICE_A, RICE_B = 115, 0, 3, 6


def _rivals_rice(era: str = "a") -> State:
    """Seat 1 holds two one-good rice companies that sell along its ships to a size-2 city;
    seat 0 has cash, a free slot and Mergers 2."""
    st = blank(2, era=era)
    st["deeds"] = ["a1", "a2", "a3"] if era == "a" else []
    st["cash"] = [300, 100]
    city(st, CITY, size=2)
    company(st, 1, "shipping", ships={SEA: 2}, deeds=["a5"])
    company(st, 1, "rice", areas=[RICE_A], deeds=["a1"])
    company(st, 1, "rice", areas=[RICE_B], deeds=["a2"])
    st["research"][0]["mergers"] = 2
    st["research"][0]["slots"] = 2
    return st


def _auction(st: State, high: int) -> State:
    return at(st, "merger", {"kind": "auction", "seat": 0, "a": "C2", "b": "C3",
                             "announcer": 1, "units": 2, "high": high, "leader": 1,
                             "bidders": [0, 1], "siap_faji": False})


def _normal(st: State, seat: int = 0) -> dict:
    return BOT.heuristic_action(st, seat, random.Random(0), 0.0)


def test_the_bot_outbids_a_rival_for_a_merger_that_sells_for_years() -> None:
    # Two rice goods sell 40 a year for about six more years; the rival opened at 40.
    st = _auction(_rivals_rice(), high=40)
    assert _normal(st) == {"type": "raise", "amount": 42}


def test_the_bot_drops_out_once_the_price_passes_the_merger_s_worth() -> None:
    st = _auction(_rivals_rice(), high=400)
    assert _normal(st) == {"type": "pass"}
    # The same company late in era c: only a year or two of sales left, 40 a year.
    late = _auction(_rivals_rice(era="c"), high=150)
    assert _normal(late) == {"type": "pass"}


def test_the_bot_announces_a_merger_of_a_rival_s_companies_that_sell() -> None:
    st = at(_rivals_rice(), "merger", {"kind": "announce", "seat": 0, "passed": []})
    assert _normal(st) == {"type": "announce", "a": "C2", "b": "C3", "bid": 40}


def test_the_bot_does_not_announce_a_merger_of_companies_that_sell_nothing() -> None:
    st = _rivals_rice(era="c")
    del st["cities"][str(CITY)]
    st = at(st, "merger", {"kind": "announce", "seat": 0, "passed": []})
    assert _normal(st) == {"type": "pass"}


def test_hard_candidates_are_legal_few_and_start_with_the_heuristic() -> None:
    checked = 0
    for state, seat in positions(games=6, every=11, seed0=400, limit=900):
        moves = bot_search.candidates(state, seat, ENGINE.legal_actions(state, seat),
                                      random.Random(checked), 6)
        assert moves[0] == BOT.heuristic_action(state, seat, random.Random(checked), 0.0)
        assert 1 <= len(moves) <= 6
        assert len({canonical_json(m) for m in moves}) == len(moves)
        for move in moves:
            ENGINE.apply(state, seat, ENGINE.parse_action(move))  # raises if illegal
        checked += 1
    assert checked > 100


def test_evaluate_prefers_the_seat_with_more_money_and_more_sales() -> None:
    st = _rivals_rice()
    st["cash"] = [100, 100]
    assert BOT.evaluate(st, 1) > 0.5 > BOT.evaluate(st, 0)  # seat 1's goods sell
    st["cash"] = [600, 100]
    assert BOT.evaluate(st, 0) > 0.5 > BOT.evaluate(st, 1)


def _locked(cash: tuple[int, int] = (600, 100)) -> State:
    """Both seats hold five companies at Slots 5 and deeds wait: nobody can acquire, so the
    era never ends unless a merger frees a slot. Seat 0's two rubber companies may merge
    (at a loss of sales: they would share the ships' hulls)."""
    st = blank(2, era="c")
    st["deeds"] = ["c1", "c5"]
    st["cash"] = list(cash)
    for s in (0, 1):
        st["research"][s]["slots"] = 5
        st["research"][s]["mergers"] = 5
    company(st, 0, "rubber", areas=[3], deeds=["b5"])
    company(st, 0, "rubber", areas=[6], deeds=["b6"])
    for kind, where in [("spice", 78), ("oil", 70), ("rice", 50)]:
        company(st, 0, kind, areas=[where])
    for kind, where in [("spice", 36), ("oil", 109), ("rice", 60), ("rubber", 90),
                        ("shipping", None)]:
        company(st, 1, kind, areas=[where] if where else None,
                ships={115: 1} if where is None else None)
    return at(st, "merger", {"kind": "announce", "seat": 0, "passed": []})


def test_a_locked_game_s_leader_merges_its_own_companies_so_that_it_can_end() -> None:
    st = _locked()
    assert bot.locked(st)
    assert _normal(st) == {"type": "announce", "a": "C1", "b": "C2", "bid": 60}


def test_a_locked_game_s_trailer_does_not_merge_its_own_companies() -> None:
    assert _normal(_locked(cash=(100, 900))) == {"type": "pass"}


def test_a_locked_game_s_trailer_merges_once_the_game_has_gone_on_far_too_long() -> None:
    # A leader who cannot or will not merge (a beginner without cash) must not keep the
    # table going for ever: past the patience year the trailer ends it.
    st = _locked(cash=(100, 900))
    st["year"] = bot.LOCKED_PATIENCE_YEAR
    assert _normal(st) == {"type": "announce", "a": "C1", "b": "C2", "bid": 60}


def test_a_locked_game_s_leader_without_a_pair_of_its_own_merges_with_another_s() -> None:
    # Seat 0 leads but holds five companies of five kinds (no rice and spice together):
    # only a merger with one of seat 1's companies frees a slot. Found by a soak of
    # random play against the normal bot: the leader passed, and the game ran past year 400.
    st = blank(2, era="c")
    st["deeds"] = ["c1", "c5"]
    st["cash"] = [600, 100]
    for s in (0, 1):
        st["research"][s]["slots"] = 5
        st["research"][s]["mergers"] = 5
    for kind, where in [("rubber", 3), ("oil", 70), ("rice", 50), ("siap faji", 78)]:
        company(st, 0, kind, areas=[where])
    company(st, 0, "shipping", ships={116: 1})
    for kind, where in [("spice", 36), ("oil", 109), ("rice", 60), ("rubber", 90)]:
        company(st, 1, kind, areas=[where])
    company(st, 1, "shipping", ships={115: 1})
    st = at(st, "merger", {"kind": "announce", "seat": 0, "passed": []})
    assert bot.locked(st)
    move = _normal(st)
    assert move["type"] == "announce"
    owners = {st["companies"][move[c]]["owner"] for c in ("a", "b")}
    assert owners == {0, 1}
    ENGINE.apply(st, 0, ENGINE.parse_action(move))  # legal


def test_a_player_at_random_and_the_normal_bot_finish_their_game() -> None:
    # The soak's table (2 players, open money, seed 1387): the random player ends with
    # five companies and no cash, the bot leads with no pair of its own; it used to pass
    # every year while selling, so no year stalled (ruling 13) and the era never ended.
    def seat_policy(state: State, seat: int, rng: random.Random) -> dict:
        if seat == 0:
            return random_action(ENGINE.legal_actions(state, seat), rng)
        return decide(ENGINE, ENGINE.view(state, seat), seat, "normal", rng)

    final, _ = play_random_game(ENGINE, 2, 1387, options={"money": "open"}, bot=seat_policy,
                                check_every=50, max_actions=5000)
    assert final["end"] == "era c"
