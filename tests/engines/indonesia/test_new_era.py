"""Set-up and phase 1: city cards, city placement, deed lay-out, era and game end (ruling 1)."""

import pytest

from engines.core.errors import RuleError
from engines.indonesia import ENGINE
from engines.indonesia.data.components import DEEDS
from engines.indonesia.flow import start_year

from .helpers import act, at, blank, city, company


def test_setup_gives_money_research_and_one_card_per_era() -> None:
    st = ENGINE.setup(4, {}, seed=3)
    assert st["cash"] == [100] * 4 and st["bank"] == [0] * 4
    assert all(set(r.values()) == {1} for r in st["research"])
    assert sorted(st["order"]) == [0, 1, 2, 3]
    for hand in st["hands"]:
        assert sorted(c[0] for c in hand) in (["A", "B", "C"], ["B", "C"], ["C"])
    assert st["secret"] is True  # money is secret by default
    assert st["phase"] == "new_era" and st["era"] == "a" and st["step"]["kind"] == "cities"


def test_two_players_get_two_cards_per_era_and_place_alternately() -> None:
    st = ENGINE.setup(2, {}, seed=5)
    assert sum(len(h) for h in st["hands"]) == 12
    first, second = st["order"]
    assert st["step"]["queue"] == [first, second, first, second]
    assert ENGINE.to_act(st) == [first]


def test_city_goes_in_an_empty_coastal_area_of_the_cards_provinces() -> None:
    st = blank(3)
    st["hands"][0] = ["A5"]  # Bali, Jawa Barat, Jawa Timur
    at(st, "new_era", {"kind": "cities", "seat": 0, "queue": [0]})
    tmpl = ENGINE.legal_actions(st, 0)
    areas = tmpl[0]["area"]["$choice"]
    assert 50 in areas and 45 in areas and 34 in areas
    assert 42 not in areas  # Jawa Tengah is not on the card
    with pytest.raises(RuleError, match="coastal"):
        act(st, 0, {"type": "place_city", "card": "A5", "area": 42})


def test_one_city_per_province_and_no_city_on_goods() -> None:
    st = blank(3)
    city(st, 50)  # Bali already has a city
    company(st, 1, "rice", areas=[46])
    st["hands"][0] = ["A5"]
    at(st, "new_era", {"kind": "cities", "seat": 0, "queue": [0]})
    areas = ENGINE.legal_actions(st, 0)[0]["area"]["$choice"]
    assert 51 not in areas and 50 not in areas and 46 not in areas
    assert 47 in areas


def test_a_card_with_no_legal_area_is_discarded_and_play_moves_on() -> None:
    st = blank(3)
    st["era"] = "b"
    city(st, 0)  # Aceh
    city(st, 5)  # Sumatera Utara
    city(st, 20)  # Bengkulu
    st["hands"][1] = ["B1"]  # Aceh, Sumatera Utara, Bengkulu: all taken
    st["hands"][2] = ["B2"]
    st["hands"][0] = []
    at(st, "new_era", {"kind": "cities", "seat": None, "queue": [1, 2]})
    from engines.indonesia.flow import cities_next

    log: list = []
    cities_next(st, log)
    assert st["hands"][1] == []
    assert ENGINE.to_act(st) == [2]
    assert any("B1" in e.english() and "discarded" in e.english() for e in log)


def test_no_size_one_stone_means_the_card_is_discarded() -> None:
    st = blank(3)
    st["stones"]["1"] = 0
    st["hands"][0] = ["A5"]
    st["hands"][1] = []
    st["hands"][2] = []
    at(st, "new_era", {"kind": "cities", "seat": None, "queue": [0, 1, 2]})
    from engines.indonesia.flow import cities_next

    cities_next(st, [])
    assert st["hands"][0] == [] and st["phase"] == "bid"


def test_cities_come_before_the_deeds_and_the_game_starts_in_era_a() -> None:
    st = ENGINE.setup(3, {}, seed=11)
    assert st["deeds"] == []
    for _ in range(3):
        seat = ENGINE.to_act(st)[0]
        t = ENGINE.legal_actions(st, seat)[0]
        st = act(st, seat, {"type": "place_city", "card": t["card"],
                            "area": t["area"]["$choice"][0]})
    assert len(st["cities"]) == 3
    assert sorted(st["deeds"]) == sorted(d for d in DEEDS if DEEDS[d]["era"] == "a")
    assert st["phase"] == "bid"


def _year_start(st: dict) -> dict:
    st["hands"] = [[] for _ in range(st["players"])]
    start_year(st, [])
    return st


def test_era_continues_while_two_types_of_deeds_remain() -> None:
    st = blank(3)
    st["deeds"] = ["a1", "a5"]
    _year_start(st)
    assert st["era"] == "a" and st["phase"] == "bid" and st["deeds"] == ["a1", "a5"]


def test_era_ends_when_one_type_remains_and_old_deeds_are_discarded() -> None:
    st = blank(3)
    st["deeds"] = ["a5", "a6"]  # two shipping deeds: one type
    _year_start(st)
    assert st["era"] == "b"
    assert "a5" in st["discarded"] and "a6" in st["discarded"]
    assert sorted(st["deeds"]) == sorted(d for d in DEEDS if DEEDS[d]["era"] == "b")


def test_unstartable_deeds_are_discarded_when_laid_out() -> None:
    st = blank(3)
    st["deeds"] = []
    # Fill Aceh (the era-b Aceh rice deed's province) with other goods and cities.
    company(st, 1, "spice", areas=[0, 1, 2, 3], deeds=["a3"])
    _year_start(st)
    assert st["era"] == "b" and "b1" not in st["deeds"] and "b1" in st["discarded"]


def test_the_game_ends_in_phase_one_when_era_c_would_end() -> None:
    st = blank(3, era="c")
    st["deeds"] = ["c4", "c5"]  # only oil left
    st["cash"] = [110, 96, 100]  # the last operations already paid these
    st["earned"] = [10, -4, 0]
    _year_start(st)
    assert st["phase"] == "over"
    out = ENGINE.outcome(st)
    assert out is not None
    assert out.scores == [110 + 10, 96 - 4, 100]


def test_era_c_goes_on_while_two_types_remain() -> None:
    st = blank(3, era="c")
    st["deeds"] = ["c1", "c4"]
    _year_start(st)
    assert st["phase"] == "bid"


def test_a_deed_blocked_since_it_was_laid_out_is_discarded_before_the_era_test() -> None:
    st = blank(3)
    st["deeds"] = ["a1", "a5"]  # Bali rice and Halmahera shipping
    city(st, 50)
    company(st, 1, "spice", areas=[51])  # Bali is full: the rice deed cannot start
    _year_start(st)
    assert "a1" in st["discarded"]
    assert st["era"] == "b"  # only shipping was left, so era a ended


def test_with_two_players_the_player_picks_which_era_card_to_play_first() -> None:
    st = blank(2)
    st["hands"] = [["A1", "A5", "B1", "B2", "C1", "C2"], ["A2", "A3", "B3", "B4", "C3", "C4"]]
    at(st, "new_era", {"kind": "cities", "seat": 0, "queue": [0, 1, 0, 1]})
    assert [t["card"] for t in ENGINE.legal_actions(st, 0)] == ["A1", "A5"]
    st = act(st, 0, {"type": "place_city", "card": "A5", "area": 50})
    assert ENGINE.to_act(st) == [1]
    st = act(st, 1, {"type": "place_city", "card": "A2", "area": 45})
    assert [t["card"] for t in ENGINE.legal_actions(st, 0)] == ["A1"]
