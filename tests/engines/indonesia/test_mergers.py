"""Phase 3: mergers (spec ruling 3) and the rulebook's merger examples."""

import pytest

from engines.core.errors import RuleError
from engines.indonesia import ENGINE
from engines.indonesia.flow import begin_merger, split_payment
from engines.indonesia.rules import ship_limit

from .helpers import act, blank, company


def _merger_phase(st: dict) -> dict:
    begin_merger(st, [])
    return st


def _announce_templates(st: dict, seat: int) -> list[dict]:
    return [t for t in ENGINE.legal_actions(st, seat) if t["type"] == "announce"]


def test_lampung_and_halmahera_shipping_merge_into_5_7_9_ships() -> None:
    st = blank(3)
    st["research"][0]["mergers"] = 2
    a = company(st, 0, "shipping", ships={117: 1}, deeds=["a7"])
    b = company(st, 1, "shipping", ships={124: 1}, deeds=["a5"])
    _merger_phase(st)
    st = act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 20})
    st = act(st, 1, {"type": "pass"})
    st = act(st, 2, {"type": "pass"})
    (merged,) = [co for co in st["companies"].values() if co["deeds"] == ["a7", "a5"]]
    limits = []
    for era in "abc":
        st["era"] = era
        limits.append(ship_limit(st, merged))
    assert limits == [5, 7, 9]
    assert merged["ships"] == {"117": 1, "124": 1} and merged["owner"] == 0


def test_a_five_rice_merger_opens_at_100() -> None:
    st = blank(3)
    st["research"][0]["mergers"] = 2
    a = company(st, 0, "rice", areas=[50, 51])
    b = company(st, 1, "rice", areas=[34, 35, 36], deeds=["a2"])
    _merger_phase(st)
    (t,) = _announce_templates(st, 0)
    assert t["bid"]["$range"][0] == 100 and t["bid"]["$range"][2] == 5
    with pytest.raises(RuleError, match="open at 100, 105"):
        act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 95})


def test_a_six_ship_merger_opens_at_60() -> None:
    st = blank(3)
    st["research"][0]["mergers"] = 2
    company(st, 0, "shipping", ships={117: 2, 118: 1}, deeds=["a7"])
    company(st, 1, "shipping", ships={124: 3}, deeds=["a5"])
    _merger_phase(st)
    (t,) = _announce_templates(st, 0)
    assert t["bid"]["$range"][0] == 60


def _eight_rice(players: int = 3) -> tuple[dict, str, str]:
    st = blank(players)
    st["research"][0]["mergers"] = 2
    for s in range(players):
        st["research"][s]["slots"] = 3
    st["cash"] = [300] * players
    a = company(st, 0, "rice", areas=[50, 51, 46])
    b = company(st, 1, "rice", areas=[34, 35, 36, 37, 38], deeds=["a2"])
    return _merger_phase(st), a, b


def test_raises_for_eight_units_go_160_168_176() -> None:
    st, a, b = _eight_rice()
    st = act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 160})
    assert ENGINE.to_act(st) == [1]
    assert ENGINE.legal_actions(st, 1)[0] == {"type": "raise", "amount": {"$range": [168, 296, 8]}}
    with pytest.raises(RuleError, match="multiples of the 8 units"):
        act(st, 1, {"type": "raise", "amount": 170})
    st = act(st, 1, {"type": "raise", "amount": 168})
    assert ENGINE.legal_actions(st, 2)[0]["amount"]["$range"][0] == 176
    st = act(st, 2, {"type": "raise", "amount": 176})
    assert st["step"]["high"] == 176 and st["step"]["leader"] == 2


def test_bidding_goes_round_until_one_bidder_is_left_and_the_payout_is_proportional() -> None:
    st, a, b = _eight_rice()
    st = act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 160})
    st = act(st, 1, {"type": "raise", "amount": 168})
    st = act(st, 2, {"type": "pass"})
    assert ENGINE.to_act(st) == [0]  # back round to the outbid announcer
    st = act(st, 0, {"type": "raise", "amount": 176})
    st = act(st, 1, {"type": "pass"})
    # Seat 0 pays 176; owners get 3/8 and 5/8 of it.
    assert st["cash"] == [300 - 176 + 66, 300 + 110, 300]
    (co,) = st["companies"].values()
    assert co["owner"] == 0 and len(co["areas"]) == 8 and co["deeds"] == ["a1", "a2"]
    assert co["merged"] is True


def test_rounding_remainder_goes_to_the_earlier_owner_in_turn_order() -> None:
    st = blank(3)
    st["order"] = [2, 1, 0]
    a = {"owner": 0, "type": "rice", "areas": [1]}
    b = {"owner": 1, "type": "rice", "areas": [2, 3]}
    assert split_payment(st, 100, a, b) == {0: 33, 1: 67}


def test_only_players_with_a_free_slot_or_an_owned_company_bid() -> None:
    st, a, b = _eight_rice()
    st["research"][2]["slots"] = 0  # no free slot, owns nothing here
    st = act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 160})
    assert st["step"]["bidders"] == [0, 1]


def test_a_bid_never_exceeds_cash() -> None:
    st, a, b = _eight_rice()
    st["cash"][0] = 150
    assert _announce_templates(st, 0) == []
    with pytest.raises(RuleError, match="more money"):
        act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 160})


def test_announcing_needs_mergers_research_and_the_level_caps_the_deeds() -> None:
    st = blank(3)
    a = company(st, 0, "rice", areas=[50], deeds=["a1"])
    b = company(st, 1, "rice", areas=[34], deeds=["a2", "b1"])
    st["research"][0]["mergers"] = 1
    _merger_phase(st)
    assert st["phase"] != "merger"  # nobody can announce: the phase is skipped
    st = blank(3)
    a = company(st, 0, "rice", areas=[50], deeds=["a1"])
    b = company(st, 1, "rice", areas=[34], deeds=["a2", "b1"])
    st["research"][0]["mergers"] = 2
    _merger_phase(st)
    assert st["phase"] != "merger"  # three deeds need level 3
    st = blank(3)
    a = company(st, 0, "rice", areas=[50], deeds=["a1"])
    b = company(st, 1, "rice", areas=[34], deeds=["a2", "b1"])
    st["research"][0]["mergers"] = 3
    _merger_phase(st)
    assert [(t["a"], t["b"]) for t in _announce_templates(st, 0)] == [(a, b)]


def test_the_announcer_needs_a_free_slot_or_one_of_the_companies() -> None:
    st = blank(3)
    st["research"][2]["mergers"] = 2
    st["research"][2]["slots"] = 1
    company(st, 2, "spice", areas=[63])
    company(st, 0, "rice", areas=[50])
    company(st, 1, "rice", areas=[34], deeds=["a2"])
    _merger_phase(st)
    assert st["phase"] != "merger"
    st["research"][2]["slots"] = 2
    _merger_phase(st)
    assert ENGINE.to_act(st) == [2]


def test_different_types_do_not_merge_and_rice_spice_only_from_era_b() -> None:
    st = blank(3)
    st["research"][0]["mergers"] = 2
    company(st, 0, "rice", areas=[50])
    company(st, 1, "spice", areas=[63])
    company(st, 1, "shipping", ships={119: 1}, deeds=["a6"])
    _merger_phase(st)
    assert st["phase"] != "merger"
    st["era"] = "b"
    _merger_phase(st)
    (t,) = _announce_templates(st, 0)
    assert t["bid"]["$range"][0] == 50  # 2 goods x 25


def test_a_company_merges_only_once_a_year() -> None:
    st = blank(3)
    st["research"][0]["mergers"] = 3
    st["research"][0]["slots"] = 3
    st["cash"][0] = 500
    a = company(st, 0, "rice", areas=[50])
    b = company(st, 1, "rice", areas=[34], deeds=["a2"])
    company(st, 2, "rice", areas=[0], deeds=["b1"])
    _merger_phase(st)
    st = act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 40})
    st = act(st, 1, {"type": "pass"})  # seat 2 has no free slot: not a bidder
    # The new company may not merge again this year: nothing left to announce.
    assert st["phase"] != "merger"
    _merger_phase(st)  # next year
    assert len(_announce_templates(st, 0)) == 1


def test_a_player_who_passed_may_announce_after_a_later_merger() -> None:
    st = blank(3)
    for s in range(3):
        st["research"][s]["mergers"] = 2
        st["research"][s]["slots"] = 3
    a = company(st, 0, "rice", areas=[50])
    b = company(st, 1, "rice", areas=[34], deeds=["a2"])
    c = company(st, 1, "spice", areas=[63])
    d = company(st, 2, "spice", areas=[60], deeds=["a4"])
    _merger_phase(st)
    st = act(st, 0, {"type": "pass"})
    st = act(st, 1, {"type": "announce", "a": a, "b": b, "bid": 40})
    st = act(st, 2, {"type": "pass"})
    st = act(st, 0, {"type": "pass"})
    # After the merger the turn passes on from the announcer; seat 0 may announce again.
    assert ENGINE.to_act(st) == [2]
    st = act(st, 2, {"type": "pass"})
    assert ENGINE.to_act(st) == [0]
    assert [(t["a"], t["b"]) for t in _announce_templates(st, 0)] == [(c, d)]
    st = act(st, 0, {"type": "pass"})
    st = act(st, 1, {"type": "pass"})
    assert st["phase"] != "merger"


def _siap_faji(other_sf: list[int] | None = None) -> tuple[dict, str, str]:
    st = blank(3, era="b")
    st["research"][0]["mergers"] = 2
    st["research"][0]["slots"] = 2
    st["cash"][0] = 200
    a = company(st, 0, "rice", areas=[50, 51])
    b = company(st, 1, "spice", areas=[64, 65, 66], deeds=["a4"])
    if other_sf:
        company(st, 2, "siap faji", areas=other_sf, deeds=["b1", "b3"])
    return _merger_phase(st), a, b


def test_rice_and_spice_become_siap_faji_after_giving_up_half_the_goods() -> None:
    st, a, b = _siap_faji()
    (t,) = _announce_templates(st, 0)
    assert t["bid"]["$range"][0] == 125  # 5 goods x 25
    st = act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 125})
    st = act(st, 1, {"type": "pass"})
    st = act(st, 2, {"type": "pass"})
    assert st["step"]["kind"] == "remove" and st["step"]["left"] == 3
    for area in (50, 51, 66):
        st = act(st, 0, {"type": "remove_good", "area": area})
    (co,) = st["companies"].values()
    assert co["type"] == "siap faji" and co["areas"] == [64, 65]
    assert st["step"]["kind"] != "remove"


def test_goods_touching_another_siap_faji_company_are_removed_first() -> None:
    st, a, b = _siap_faji(other_sf=[67])  # 67 touches 66
    st = act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 125})
    st = act(st, 1, {"type": "pass"})
    assert ENGINE.legal_actions(st, 0) == [{"type": "remove_good", "area": {"$choice": [66]}}]
    with pytest.raises(RuleError, match="first"):
        act(st, 0, {"type": "remove_good", "area": 50})
    st = act(st, 0, {"type": "remove_good", "area": 66})
    assert ENGINE.legal_actions(st, 0)[0]["area"]["$choice"] == [50, 51, 64, 65]


def test_a_siap_faji_merger_that_cannot_end_apart_cannot_be_announced() -> None:
    st = blank(3, era="b")
    st["research"][0]["mergers"] = 2
    company(st, 0, "rice", areas=[64])
    company(st, 1, "spice", areas=[66], deeds=["a4"])
    company(st, 2, "siap faji", areas=[65], deeds=["b1", "b3"])  # touches both
    _merger_phase(st)
    assert st["phase"] != "merger"


def test_a_siap_faji_merger_must_fit_the_supply() -> None:
    st, a, b = _siap_faji()
    far = [x for x in range(0, 45) if x not in (34, 35, 36, 41)][:39]
    company(st, 2, "siap faji", areas=far, deeds=["b1", "b3"])
    _merger_phase(st)
    assert st["phase"] != "merger"  # 39 on the board + 2 kept > 40


def test_siap_faji_merges_only_with_siap_faji() -> None:
    st = blank(3, era="c")
    st["research"][0]["mergers"] = 4
    company(st, 0, "siap faji", areas=[50], deeds=["a1", "a3"])
    company(st, 1, "rice", areas=[34], deeds=["a2"])
    _merger_phase(st)
    assert st["phase"] != "merger"
    company(st, 1, "siap faji", areas=[63], deeds=["a4", "b1"])
    _merger_phase(st)
    (t,) = _announce_templates(st, 0)
    assert t["bid"]["$range"][0] == 70  # 2 x 35


def test_a_bidder_who_cannot_afford_a_raise_is_still_asked_and_may_only_pass() -> None:
    st, a, b = _eight_rice()
    st["cash"][1] = 150
    st = act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 160})
    assert ENGINE.to_act(st) == [1]
    assert ENGINE.legal_actions(st, 1) == [{"type": "pass"}]
    with pytest.raises(RuleError, match="more money"):
        act(st, 1, {"type": "raise", "amount": 168})


def test_a_seat_that_cannot_pay_any_minimum_is_asked_and_may_only_pass() -> None:
    st, a, b = _eight_rice()
    st["cash"][0] = 20
    assert ENGINE.to_act(st) == [0]
    assert ENGINE.legal_actions(st, 0) == [{"type": "pass"}]


@pytest.mark.parametrize("bid", [95, 102, 0])
def test_ruling_3_an_opening_bid_off_the_units_is_refused_saying_bids_are_multiples(
        bid: int) -> None:
    st = blank(3)
    st["research"][0]["mergers"] = 2
    a = company(st, 0, "rice", areas=[50, 51])
    b = company(st, 1, "rice", areas=[34, 35, 36], deeds=["a2"])
    _merger_phase(st)
    with pytest.raises(RuleError) as err:
        act(st, 0, {"type": "announce", "a": a, "b": b, "bid": bid})
    # 5 units of rice: the minimum 100, then every multiple of 5 above it.
    assert "multiples of the 5 units" in str(err.value)
    assert "100, 105, 110" in str(err.value)
    assert st["phase"] == "merger" and st["step"]["kind"] == "announce"


@pytest.mark.parametrize("amount", [170, 160, 164])
def test_ruling_3_a_raise_off_the_units_is_refused_saying_bids_are_multiples(
        amount: int) -> None:
    st, a, b = _eight_rice()
    st = act(st, 0, {"type": "announce", "a": a, "b": b, "bid": 160})
    with pytest.raises(RuleError) as err:
        act(st, 1, {"type": "raise", "amount": amount})
    assert "multiples of the 8 units" in str(err.value)
    assert "168, 176, 184" in str(err.value)
