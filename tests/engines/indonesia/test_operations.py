"""Phase 6: operations (spec ruling 5): max-flow sales checked against hand-solved cases,
income and fees, expansion of production and shipping companies."""

import pytest

from engines.core.errors import RuleError
from engines.indonesia import ENGINE
from engines.indonesia.routing import Network, max_goods
from engines.indonesia.rules import sale_network, ship_limit

from .helpers import act, at, blank, city, company


def _operating(st: dict, seat: int = 0) -> dict:
    for co in st["companies"].values():
        co["operated"] = False
    st["earned"] = [0] * st["players"]
    return at(st, "operate", {"kind": "operate", "seat": seat})


def _proposal(st: dict, seat: int, cid: str) -> list[dict]:
    for t in ENGINE.legal_actions(st, seat):
        if t["type"] == "sell" and t["company"] == cid:
            return t["routes"]
    raise AssertionError("no sell template")


def _sold(routes: list[dict]) -> int:
    return sum(r["count"] for r in routes)


def _bali_rice(st: dict) -> str:
    """Rice in 46, 50, 51: one zone touching seas 118, 119 and 132."""
    return company(st, 0, "rice", areas=[46, 50, 51])


@pytest.mark.parametrize(("hull", "ships", "sold"), [(1, 1, 1), (2, 1, 2), (3, 1, 3), (1, 2, 2)])
def test_each_ship_carries_its_owners_hull_level_per_company(hull, ships, sold) -> None:
    st = blank(3)
    rice = _bali_rice(st)
    company(st, 1, "shipping", ships={119: ships}, deeds=["a6"])
    city(st, 52, size=3)  # Nusa Tenggara Barat, on sea 119 only
    st["research"][1]["hull"] = hull
    _operating(st)
    assert _sold(_proposal(st, 0, rice)) == sold


def test_a_city_takes_at_most_its_size_of_each_good_per_year() -> None:
    st = blank(3)
    rice = _bali_rice(st)
    company(st, 1, "shipping", ships={119: 3}, deeds=["a6"])
    city(st, 52, size=2, delivered={"rice": 1, "spice": 2})
    _operating(st)
    assert _sold(_proposal(st, 0, rice)) == 1


def test_two_shipping_companies_serve_two_cities() -> None:
    st = blank(3)
    rice = _bali_rice(st)
    x = company(st, 1, "shipping", ships={119: 1}, deeds=["a6"])
    y = company(st, 2, "shipping", ships={132: 1}, deeds=["a7"])
    city(st, 52)  # sea 119
    city(st, 42)  # Jawa Tengah, sea 132
    _operating(st)
    routes = _proposal(st, 0, rice)
    assert sorted((r["ship"], r["seas"], r["city"]) for r in routes) == [
        (x, [119], 52), (y, [132], 42)]
    st = act(st, 0, {"type": "sell", "company": rice, "routes": routes})
    assert st["cash"] == [100 + 40 - 10, 105, 105]
    assert st["cities"]["52"]["delivered"] == {"rice": 1}


def test_a_chain_uses_the_ships_of_one_company_only() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49])  # sea 118 only
    company(st, 1, "shipping", ships={118: 1}, deeds=["a6"])
    company(st, 2, "shipping", ships={119: 1}, deeds=["a7"])
    city(st, 52)
    _operating(st)
    assert _proposal(st, 0, rice) == []


def test_a_company_that_must_sell_at_a_loss_sells() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49])
    ship = company(st, 1, "shipping", ships={118: 1, 119: 1, 120: 1, 121: 1, 122: 1},
                   deeds=["a5", "a8"])
    city(st, 61)  # Maluku, on sea 122 only: five seas away
    _operating(st)
    routes = _proposal(st, 0, rice)
    assert routes == [{"from": 49, "ship": ship, "seas": [118, 119, 120, 121, 122],
                       "city": 61, "count": 1}]
    with pytest.raises(RuleError, match="as many goods as possible"):
        act(st, 0, {"type": "sell", "company": rice, "routes": []})
    st = act(st, 0, {"type": "sell", "company": rice, "routes": routes})
    assert st["cash"][0] == 100 + 20 - 25 and st["cash"][1] == 125
    assert st["earned"] == [-5, 25, 0]


def test_goods_do_not_cross_between_zones() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49, 63])  # Jawa Timur and Maluku: two zones
    company(st, 1, "shipping", ships={118: 1, 119: 1}, deeds=["a6"])
    city(st, 52, size=2)
    _operating(st)
    routes = _proposal(st, 0, rice)
    assert _sold(routes) == 1 and routes[0]["from"] == 49
    st = act(st, 0, {"type": "sell", "company": rice, "routes": routes})
    assert st["step"]["kind"] == "expand" and st["step"]["paid"] is True


def test_the_proposal_prefers_the_owners_own_ships() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49])
    company(st, 1, "shipping", ships={118: 1, 119: 1}, deeds=["a6"])
    own = company(st, 0, "shipping", ships={118: 1, 119: 1}, deeds=["a7"])
    city(st, 52)
    _operating(st)
    (route,) = _proposal(st, 0, rice)
    assert route["ship"] == own
    st = act(st, 0, {"type": "sell", "company": rice, "routes": [route]})
    assert st["cash"][0] == 120 and st["cash"][1] == 100


def test_any_other_maximal_routing_is_accepted() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49])
    other = company(st, 1, "shipping", ships={118: 1, 119: 1}, deeds=["a6"])
    company(st, 0, "shipping", ships={118: 1, 119: 1}, deeds=["a7"])
    city(st, 52)
    _operating(st)
    route = {"from": 49, "ship": other, "seas": [118, 119], "city": 52, "count": 1}
    st = act(st, 0, {"type": "sell", "company": rice, "routes": [route]})
    assert st["cash"][0] == 110 and st["cash"][1] == 110


def test_among_free_routes_the_proposal_uses_the_fewest_ship_passes() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[51])  # sea 119
    own = company(st, 0, "shipping", ships={119: 1, 120: 1, 134: 1}, deeds=["a7"])
    city(st, 55)  # Nusa Tenggara Timur 55, on sea 120
    _operating(st)
    assert _proposal(st, 0, rice) == [
        {"from": 51, "ship": own, "seas": [119, 120], "city": 55, "count": 1}]


@pytest.mark.parametrize(("route", "message"), [
    ({"from": 50, "ship": "C2", "seas": [119], "city": 52, "count": 1}, "own areas"),
    ({"from": 49, "ship": "C2", "seas": [118, 120], "city": 52, "count": 1}, "no ship"),
    ({"from": 49, "ship": "C2", "seas": [119], "city": 52, "count": 1}, "does not touch"),
    ({"from": 49, "ship": "C2", "seas": [118], "city": 52, "count": 1}, "does not reach"),
    ({"from": 49, "ship": "C2", "seas": [118, 119], "city": 52, "count": 2}, "more goods"),
    ({"from": 49, "ship": "C1", "seas": [118, 119], "city": 52, "count": 1}, "not a shipping"),
])
def test_a_routing_must_follow_ships_seas_and_cities(route, message) -> None:
    st = blank(3)
    company(st, 0, "rice", areas=[49])
    company(st, 1, "shipping", ships={118: 1, 119: 1}, deeds=["a6"])
    city(st, 52, size=2)
    _operating(st)
    with pytest.raises(RuleError, match=message):
        act(st, 0, {"type": "sell", "company": "C1", "routes": [route]})


def test_hull_and_city_demand_limit_a_submitted_routing() -> None:
    st = blank(3)
    company(st, 0, "rice", areas=[46, 50, 51])
    company(st, 1, "shipping", ships={119: 1}, deeds=["a6"])
    city(st, 52, size=1)
    _operating(st)
    st["cities"]["52"]["size"] = 3
    two = {"from": 50, "ship": "C2", "seas": [119], "city": 52, "count": 2}
    with pytest.raises(RuleError, match="carry only 1"):
        act(st, 0, {"type": "sell", "company": "C1", "routes": [two]})
    st["research"][1]["hull"] = 3
    st["cities"]["52"]["size"] = 1
    with pytest.raises(RuleError, match="takes only 1"):
        act(st, 0, {"type": "sell", "company": "C1", "routes": [two]})


def test_max_flow_against_a_hand_solved_network() -> None:
    # Zone A (sea 119) and zone B (sea 132); company X on 119 and 132 with capacity 1 each,
    # company Y on 132 and 131 with capacity 2; cities on 119 (demand 1) and 131 (demand 3).
    # Solved by hand: A->119(X)->52 sells 1; B->132(Y)->131(Y)->35 sells 2; X cannot reach
    # 131, so zone B's third good stays.
    net = Network(zones=[[51], [42, 44, 45]], ships={"X": {119: 1, 132: 1},
                                                      "Y": {132: 2, 131: 2}},
                  demand={52: 1, 35: 3})
    assert max_goods(net) == 3
    net.ships["X"][131] = 1  # now X carries B's third good along 132, 131
    assert max_goods(net) == 4
    net.demand[35] = 2  # but a smaller city takes only two
    assert max_goods(net) == 3
    net.demand[52] = 0
    assert max_goods(net) == 2


def test_an_all_sold_company_must_expand_for_free() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49])
    company(st, 1, "shipping", ships={118: 1}, deeds=["a6"])
    company(st, 2, "rice", areas=[45], deeds=["a2"])  # 45 touches 44
    city(st, 43)  # Jawa Tengah 43, sea 118
    st["research"][0]["expansion"] = 2
    _operating(st)
    st = act(st, 0, {"type": "sell", "company": rice, "routes": _proposal(st, 0, rice)})
    assert st["step"] == {"kind": "expand", "seat": 0, "company": rice, "left": 2,
                          "paid": False}
    assert ENGINE.legal_actions(st, 0) == [{"type": "expand", "area": {"$choice": [42, 48]}}]
    with pytest.raises(RuleError, match="must expand"):
        act(st, 0, {"type": "pass"})
    st = act(st, 0, {"type": "expand", "area": 48})
    # Areas added earlier in the same expansion count: 47 (next to 48) is now legal.
    assert 47 in ENGINE.legal_actions(st, 0)[0]["area"]["$choice"]
    st = act(st, 0, {"type": "expand", "area": 47})
    assert st["companies"][rice]["areas"] == [47, 48, 49] and st["cash"][0] == 115


def test_a_player_in_debt_still_expands_for_free_after_selling_everything() -> None:
    # Found by random play: cash below zero (a forced sale, spec 8) made the free expansion
    # "cost" more than the cash, while passing was refused: the game could not go on.
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49])
    company(st, 1, "shipping", ships={118: 1}, deeds=["a6"])
    city(st, 43)
    _operating(st)
    st["cash"][0] = -40
    st = act(st, 0, {"type": "sell", "company": rice, "routes": _proposal(st, 0, rice)})
    assert st["step"]["paid"] is False and st["cash"][0] == -25  # +20, 5 in fees
    st = act(st, 0, {"type": "expand", "area": 48})
    assert st["companies"][rice]["areas"] == [48, 49] and st["cash"][0] == -25


def test_a_company_that_did_not_sell_everything_may_pay_to_expand() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49])
    st["research"][0]["expansion"] = 2
    _operating(st)
    st = act(st, 0, {"type": "sell", "company": rice, "routes": []})
    assert st["step"]["paid"] is True
    assert {"type": "pass"} in ENGINE.legal_actions(st, 0)
    st = act(st, 0, {"type": "expand", "area": 48})
    assert st["cash"][0] == 80 and st["earned"][0] == -20
    st["cash"][0] = 10
    assert ENGINE.legal_actions(st, 0) == [{"type": "pass"}]
    with pytest.raises(RuleError, match="cannot pay"):
        act(st, 0, {"type": "expand", "area": 44})


def test_with_no_legal_area_the_operation_ends() -> None:
    st = blank(2)
    rice = company(st, 0, "rice", areas=[45])  # 45 touches only 44
    city(st, 44)
    company(st, 1, "shipping", ships={124: 1}, deeds=["a5"])
    _operating(st)
    st = act(st, 0, {"type": "sell", "company": rice, "routes": []})
    assert st["step"] == {"kind": "operate", "seat": 1}


def test_shipping_expands_in_or_next_to_its_seas_up_to_its_limit() -> None:
    st = blank(2)
    ship = company(st, 0, "shipping", ships={117: 1}, deeds=["a7"])  # limit 2 in era a
    company(st, 1, "rice", areas=[34], deeds=["a2"])
    st["research"][0]["expansion"] = 3
    _operating(st)
    st = act(st, 0, {"type": "sail", "company": ship})
    assert ENGINE.legal_actions(st, 0)[0] == {"type": "place_ship",
                                              "sea": {"$choice": [116, 117, 118, 131]}}
    with pytest.raises(RuleError, match="in or next to"):
        act(st, 0, {"type": "place_ship", "sea": 124})
    st = act(st, 0, {"type": "place_ship", "sea": 117})
    assert st["companies"][ship]["ships"] == {"117": 2}
    assert st["step"] == {"kind": "operate", "seat": 1}  # limit reached


def test_a_shipping_company_at_its_limit_operates_at_once() -> None:
    st = blank(2)
    ship = company(st, 0, "shipping", ships={117: 2}, deeds=["a7"])
    company(st, 0, "rice", areas=[34], deeds=["a2"])
    _operating(st)
    st = act(st, 0, {"type": "sail", "company": ship})
    assert st["step"] == {"kind": "operate", "seat": 0}
    assert [t["type"] for t in ENGINE.legal_actions(st, 0)] == ["sell"]


def test_players_operate_one_company_per_turn_in_turn_order() -> None:
    st = blank(3)
    a = company(st, 0, "shipping", ships={117: 2}, deeds=["a7"])
    b = company(st, 0, "shipping", ships={124: 5}, deeds=["a5"])
    company(st, 2, "shipping", ships={118: 3}, deeds=["a6"])
    _operating(st)
    st = act(st, 0, {"type": "sail", "company": a})
    assert ENGINE.to_act(st) == [2]
    st = act(st, 2, {"type": "sail", "company": "C3"})
    assert ENGINE.to_act(st) == [0]
    with pytest.raises(RuleError, match="not operated yet"):
        act(st, 0, {"type": "sail", "company": a})
    st = act(st, 0, {"type": "sail", "company": b})
    assert st["phase"] != "operate"


def test_sale_network_uses_each_ship_owners_hull() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49])
    company(st, 1, "shipping", ships={118: 2}, deeds=["a6"])
    st["research"][1]["hull"] = 3
    net = sale_network(st, rice)
    assert net.ships == {"C2": {118: 6}} and net.foreign == {"C2"}


def test_a_route_may_not_pass_the_same_sea_twice() -> None:
    st = blank(3)
    company(st, 0, "rice", areas=[49])
    company(st, 1, "shipping", ships={118: 2, 119: 2}, deeds=["a6"])
    city(st, 52)
    _operating(st)
    loop = {"from": 49, "ship": "C2", "seas": [118, 119, 118, 119], "city": 52, "count": 1}
    with pytest.raises(RuleError, match="same sea twice"):
        act(st, 0, {"type": "sell", "company": "C1", "routes": [loop]})


def test_expansion_stops_when_the_goods_supply_is_out() -> None:
    st = blank(3)
    rice = company(st, 0, "rice", areas=[49])
    far = [*range(0, 40), *range(60, 73)]
    company(st, 2, "rice", areas=far, deeds=["b1"])  # 53 + 1 = all 54 rice counters
    _operating(st)
    st = act(st, 0, {"type": "sell", "company": rice, "routes": []})
    assert st["step"]["kind"] == "operate"  # no counter left to expand with


def test_ship_limits_rise_with_the_era() -> None:
    st = blank(3)
    ship = company(st, 0, "shipping", ships={118: 1}, deeds=["a6"])  # Jawa Timur 2/3/3
    limits = []
    for era in "abc":
        st["era"] = era
        limits.append(ship_limit(st, st["companies"][ship]))
    assert limits == [2, 3, 3]
