"""Phases 4 and 5: acquisitions (spec ruling 4) and research."""

import pytest

from engines.core.errors import RuleError
from engines.indonesia import ENGINE
from engines.indonesia.flow import begin_acquire, begin_research

from .helpers import act, at, blank, city, company


def _acquiring(st: dict, deeds: list[str]) -> dict:
    st["deeds"] = deeds
    begin_acquire(st, [])
    return st


def _choices(st: dict, seat: int, deed: str) -> list[int]:
    for t in ENGINE.legal_actions(st, seat):
        if t.get("deed") == deed:
            return t["area"]["$choice"]
    return []


def test_a_good_starts_in_an_empty_home_area_not_next_to_the_same_good() -> None:
    st = blank(3)
    company(st, 1, "rice", areas=[46])  # Jawa Timur 46 touches Bali 50
    _acquiring(st, ["a1", "a3"])
    assert _choices(st, 0, "a1") == [51]
    with pytest.raises(RuleError, match="Bali"):
        act(st, 0, {"type": "acquire", "deed": "a1", "area": 50})
    st = act(st, 0, {"type": "acquire", "deed": "a1", "area": 51})
    (new,) = [co for co in st["companies"].values() if co["owner"] == 0]
    assert new["type"] == "rice" and new["areas"] == [51] and new["deeds"] == ["a1"]
    assert "a1" not in st["deeds"]


def test_cities_and_other_goods_block_a_start_but_other_types_may_touch() -> None:
    st = blank(3)
    city(st, 51)
    company(st, 1, "spice", areas=[46])
    _acquiring(st, ["a1"])
    assert _choices(st, 0, "a1") == [50]


def test_a_ship_starts_in_any_sea_next_to_the_province() -> None:
    st = blank(3)
    _acquiring(st, ["a7", "a1"])
    assert _choices(st, 0, "a7") == [117, 129, 131]
    st = act(st, 0, {"type": "acquire", "deed": "a7", "area": 129})
    (new,) = st["companies"].values()
    assert new["ships"] == {"129": 1} and new["areas"] == []


def test_a_deed_that_can_no_longer_start_is_discarded_after_an_acquisition() -> None:
    st = blank(3, era="c")
    for area in (69, 70, 71, 72, 73, 74):  # all of Papua but 75
        company(st, 2, "spice", areas=[area], deeds=["a4"])
    _acquiring(st, ["c3", "c6", "c1"])  # Papua rubber, Papua oil, Sulawesi Tenggara rice
    st = act(st, 0, {"type": "acquire", "deed": "c3", "area": 75})
    assert "c6" not in st["deeds"] and "c6" in st["discarded"]
    assert st["deeds"] == ["c1"]


def test_one_deed_per_turn_in_rounds_and_a_pass_is_final() -> None:
    st = blank(3)
    for s in range(3):
        st["research"][s]["slots"] = 3
    _acquiring(st, ["a1", "a2", "a5", "a6", "a7"])
    st = act(st, 0, {"type": "acquire", "deed": "a5", "area": 124})
    assert ENGINE.to_act(st) == [1]
    st = act(st, 1, {"type": "pass"})
    st = act(st, 2, {"type": "acquire", "deed": "a6", "area": 118})
    assert ENGINE.to_act(st) == [0]
    st = act(st, 0, {"type": "acquire", "deed": "a7", "area": 117})
    assert ENGINE.to_act(st) == [2]  # seat 1 passed for good


def test_no_free_slot_no_turn_and_no_deeds_ends_the_phase() -> None:
    st = blank(3)
    company(st, 1, "rice", areas=[34], deeds=["a2"])
    _acquiring(st, ["a5"])
    assert ENGINE.to_act(st) == [0]
    st = act(st, 0, {"type": "acquire", "deed": "a5", "area": 124})
    assert st["phase"] == "research"


def _researching(st: dict) -> dict:
    begin_research(st, [])
    return st


def test_research_advances_one_own_track_one_step() -> None:
    st = _researching(blank(3))
    st = act(st, 0, {"type": "research", "track": "expansion", "player": 0})
    assert st["research"][0]["expansion"] == 2
    assert ENGINE.to_act(st) == [1]


def test_hull_may_be_advanced_for_another_player_but_nothing_else() -> None:
    st = _researching(blank(3))
    templates = ENGINE.legal_actions(st, 0)
    assert {"type": "research", "track": "hull", "player": {"$choice": [1, 2]}} in templates
    with pytest.raises(RuleError, match="Only Hull"):
        act(st, 0, {"type": "research", "track": "slots", "player": 2})
    st = act(st, 0, {"type": "research", "track": "hull", "player": 2})
    assert st["research"][2]["hull"] == 2 and st["research"][0]["hull"] == 1


def test_tracks_stop_at_level_five_and_a_pass_is_allowed() -> None:
    st = _researching(blank(3))
    st["research"][0]["bid"] = 5
    assert "bid" not in ENGINE.legal_actions(st, 0)[0]["track"]["$choice"]
    with pytest.raises(RuleError, match="top level"):
        act(st, 0, {"type": "research", "track": "bid", "player": 0})
    st = act(st, 0, {"type": "pass"})
    assert ENGINE.to_act(st) == [1]


def test_after_the_last_researcher_operations_begin() -> None:
    st = blank(2)
    company(st, 0, "shipping", ships={124: 1}, deeds=["a5"])
    at(st, "research", {"kind": "research", "seat": 1, "i": 1})
    st = act(st, 1, {"type": "pass"})
    assert st["phase"] == "operate" and ENGINE.to_act(st) == [0]


def test_goods_supply_is_enforced_for_new_companies() -> None:
    st = blank(3)
    far = [a for a in range(0, 60) if a not in (34, 35, 36, 37, 38, 39, 40, 41, 50, 51)][:54]
    company(st, 2, "rice", areas=far, deeds=["b1"])  # all 54 rice counters are out
    _acquiring(st, ["a1", "a5"])
    assert "a1" not in st["deeds"] and "a1" in st["discarded"]
