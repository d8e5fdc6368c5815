"""Phase 7 (city growth, ruling 6), the end (ruling 7) and secret money in views."""


import pytest

from engines.bots import bot_of
from engines.core.errors import RuleError
from engines.indonesia import ENGINE
from engines.indonesia.flow import begin_growth, end_game

from .helpers import act, blank, city, company


def _grow(st: dict) -> dict:
    st["hands"] = [[] for _ in range(st["players"])]
    st["deeds"] = ["a1", "a5"]  # the era goes on, so the next year starts with bids
    begin_growth(st, [])
    return st


def test_a_city_supplied_with_every_good_on_the_board_grows() -> None:
    st = blank(3)
    company(st, 0, "rice", areas=[49])
    company(st, 1, "spice", areas=[63])
    city(st, 52, delivered={"rice": 1, "spice": 1})
    city(st, 43, delivered={"rice": 1})  # no spice: stays
    _grow(st)
    assert st["cities"]["52"]["size"] == 2 and st["cities"]["43"]["size"] == 1
    assert st["stones"] == {"1": 11, "2": 7, "3": 3}
    assert all(c["delivered"] == {} for c in st["cities"].values())
    assert st["phase"] == "bid"


def test_a_size_two_city_needs_two_of_each_and_size_three_is_the_top() -> None:
    st = blank(3)
    company(st, 0, "rice", areas=[49])
    city(st, 52, size=2, delivered={"rice": 1})
    city(st, 43, size=3, delivered={"rice": 3})
    city(st, 55, size=2, delivered={"rice": 2})
    _grow(st)
    assert [st["cities"][a]["size"] for a in ("52", "43", "55")] == [2, 3, 3]


def test_with_stones_short_the_first_player_chooses_which_cities_grow() -> None:
    st = blank(3)
    st["order"] = [2, 0, 1]
    company(st, 0, "rice", areas=[49])
    city(st, 52, delivered={"rice": 1})
    city(st, 43, delivered={"rice": 1})
    city(st, 55, delivered={"rice": 1})
    st["stones"]["2"] = 2
    _grow(st)
    assert ENGINE.to_act(st) == [2]
    assert ENGINE.legal_actions(st, 2) == [{"type": "grow", "city": {"$choice": [43, 52, 55]}}]
    with pytest.raises(RuleError, match="not your turn"):
        act(st, 0, {"type": "grow", "city": 43})
    st = act(st, 2, {"type": "grow", "city": 55})
    st = act(st, 2, {"type": "grow", "city": 43})
    assert [st["cities"][a]["size"] for a in ("52", "43", "55")] == [1, 2, 2]
    assert st["phase"] == "bid"


def test_a_stone_freed_by_a_growing_city_serves_a_smaller_one() -> None:
    st = blank(3)
    company(st, 0, "rice", areas=[49])
    city(st, 52, size=2, delivered={"rice": 2})
    city(st, 43, size=1, delivered={"rice": 1})
    st["stones"]["2"] = 0
    _grow(st)
    assert st["cities"]["52"]["size"] == 3 and st["cities"]["43"]["size"] == 2
    assert st["stones"]["2"] == 0 and st["stones"]["1"] == 12


def test_no_stone_left_means_no_growth() -> None:
    st = blank(3)
    company(st, 0, "rice", areas=[49])
    city(st, 52, size=2, delivered={"rice": 2})
    st["stones"]["3"] = 0
    _grow(st)
    assert st["cities"]["52"]["size"] == 2


def test_the_last_operations_count_twice_even_when_negative() -> None:
    st = blank(3)
    st["cash"] = [150, 80, 120]
    st["bank"] = [10, 0, 5]
    st["earned"] = [40, -20, 0]
    end_game(st, [])
    out = ENGINE.outcome(st)
    assert out is not None
    assert out.scores == [200, 60, 125]
    assert out.detail["doubled"] == [40, -20, 0]
    assert out.ranks == [1, 3, 2]
    assert ENGINE.to_act(st) == [] and ENGINE.legal_actions(st, 0) == []


def test_a_tie_goes_to_the_earlier_player_in_turn_order() -> None:
    st = blank(3)
    st["order"] = [1, 2, 0]
    st["cash"] = [100, 100, 100]
    end_game(st, [])
    assert ENGINE.outcome(st).ranks == [3, 1, 2]


def test_secret_money_hides_other_players_totals_until_the_end() -> None:
    st = blank(3, money="secret")
    st["cash"] = [111, 222, 333]
    st["bank"] = [4, 5, 6]
    for seat in (None, 0, 1, 2):
        view = ENGINE.view(st, seat)
        for p in view["players"]:
            shown = p["seat"] == seat
            for field in ("cash", "bank", "earned", "bonus"):
                assert (p[field] is not None) == shown, (seat, p["seat"], field)
        text = str(view)
        for other in (111, 222, 333):
            if seat is None or other != st["cash"][seat]:
                assert str(other) not in text
    end_game(st, [])
    assert [p["cash"] for p in ENGINE.view(st, None)["players"]] == [111, 222, 333]


def test_open_money_shows_everything() -> None:
    st = blank(3, money="open")
    st["cash"] = [111, 222, 333]
    assert [p["cash"] for p in ENGINE.view(st, None)["players"]] == [111, 222, 333]


def test_city_cards_are_hidden_until_played() -> None:
    st = ENGINE.setup(3, {}, seed=4)
    view = ENGINE.view(st, 0)
    assert view["players"][0]["cards"] == st["hands"][0]
    assert view["players"][1]["cards"] is None and view["players"][1]["card_count"] == 3
    assert all(p["cards"] is None for p in ENGINE.view(st, None)["players"])


def test_each_city_shows_what_it_still_needs() -> None:
    st = blank(3)
    company(st, 0, "rice", areas=[49])
    company(st, 1, "spice", areas=[63])
    city(st, 52, size=2, delivered={"rice": 2})
    (c,) = ENGINE.view(st, 0)["cities"]
    assert c["needs"] == {"spice": 2}


def test_with_no_goods_on_the_board_no_city_grows() -> None:
    st = blank(3)
    city(st, 52, delivered={})
    _grow(st)
    assert st["cities"]["52"]["size"] == 1


def _play_to_first_summary(money: str) -> list:
    """Bot-play from a fixed seed until the first year's summary is logged."""
    import random

    from engines.indonesia import ENGINE

    state = ENGINE.setup(3, {"money": money}, 11)
    rng = random.Random(11)
    for _ in range(3000):
        seat = ENGINE.to_act(state)[0]
        result = ENGINE.apply(state, seat, ENGINE.parse_action(
            bot_of(ENGINE).test_action(state, seat, rng)))
        state = result.state
        if any(e.key == "indonesia.log.year_ends" for e in result.log):
            return result.log
    raise AssertionError("no year ended")


def test_each_year_ends_with_a_summary_that_keeps_secret_money_secret() -> None:
    log = _play_to_first_summary("secret")
    public = [e for e in log if e.to is None]
    assert any(e.english().startswith("Year 1 ends.") for e in public)
    assert not any("earnings" in e.english() for e in public)
    private = [e for e in log if e.to is not None and "earnings" in e.english()]
    assert sorted(e.to for e in private) == [[0], [1], [2]]
    assert all(e.english().startswith("Your net earnings in year 1:") for e in private)


def test_with_open_money_the_year_summary_shows_everyones_earnings() -> None:
    log = _play_to_first_summary("open")
    names = {0: "Ani", 1: "Budi", 2: "Citra"}
    earnings = [e for e in log if "net earnings in year 1" in e.english(names)]
    assert len(earnings) == 3 and all(e.to is None for e in earnings)
    assert sorted(e.english(names).split("'")[0] for e in earnings) == ["Ani", "Budi", "Citra"]
