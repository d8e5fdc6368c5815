"""The board and the components match the published game (spec: data and ruling 11)."""

from collections import Counter

from engines.indonesia.board import (
    COASTAL,
    LAND_LANDS,
    LAND_PROVINCE,
    LAND_SEAS,
    PROVINCES,
    SEA_LANDS,
    SEA_SEAS,
    SEAS,
)
from engines.indonesia.data.components import (
    BID_MULTIPLIER,
    CITY_CARDS,
    CITY_STONES,
    DEEDS,
    GOODS_SUPPLY,
)


def test_board_counts_and_ids() -> None:
    assert len(PROVINCES) == 26
    assert len(LAND_PROVINCE) == 116
    assert sorted(LAND_PROVINCE) == [*range(0, 41), *range(42, 115), 136, 137]
    assert SEAS == list(range(115, 136))
    assert LAND_PROVINCE[136] == LAND_PROVINCE[137] == "Jawa Tengah"
    assert sum(len(a) for a in PROVINCES.values()) == 116


def test_adjacency_is_symmetric() -> None:
    for a, near in LAND_LANDS.items():
        assert a not in near
        for b in near:
            assert a in LAND_LANDS[b], (a, b)
    for s, near in SEA_SEAS.items():
        assert s not in near
        for t in near:
            assert s in SEA_SEAS[t], (s, t)
    for a, seas in LAND_SEAS.items():
        for s in seas:
            assert a in SEA_LANDS[s], (a, s)
    for s, lands in SEA_LANDS.items():
        for a in lands:
            assert s in LAND_SEAS[a], (s, a)


def test_every_province_has_a_coast_and_every_sea_a_shore() -> None:
    for name, areas in PROVINCES.items():
        assert any(a in COASTAL for a in areas), name
    assert all(SEA_LANDS[s] for s in SEAS)
    assert 11 not in COASTAL and 17 not in COASTAL  # inland Riau and Jambi areas


def test_deeds_by_era_and_their_provinces_exist() -> None:
    assert Counter(d["era"] for d in DEEDS.values()) == {"a": 8, "b": 9, "c": 7}
    assert all(d["province"] in PROVINCES for d in DEEDS.values())
    assert not any(d["type"] == "siap faji" for d in DEEDS.values())
    assert DEEDS["a7"] == {"era": "a", "type": "shipping", "province": "Lampung",
                           "ships": [2, 3, 4]}


def test_city_cards_stones_goods_and_multipliers() -> None:
    assert len(CITY_CARDS) == 15
    assert all(len(p) == 3 and all(x in PROVINCES for x in p) for p in CITY_CARDS.values())
    assert sum(CITY_STONES.values()) == 23
    assert sum(GOODS_SUPPLY.values()) == 214
    assert list(BID_MULTIPLIER.values()) == [1, 5, 25, 100, 400]
