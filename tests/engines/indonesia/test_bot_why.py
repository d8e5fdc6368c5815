"""An Indonesia hint's reason (issue 41) on seeded games: what the normal bot's move says it
brings (goods sold for rupiah, a company founded, a cheap merger) is what playing it brings
(engines/indonesia/bot/why.py)."""

from __future__ import annotations

from engines.indonesia import ENGINE
from engines.indonesia.rules import merger_kind, minimum_bid, units
from engines.messages import render
from tests.engines.hinted import first_hint


def test_a_sale_names_the_goods_and_the_rupiah_the_engine_pays() -> None:
    found = first_hint(ENGINE, 3, 4, lambda a, w: w["key"] == "indonesia.why.sell")
    done = ENGINE.apply(found.state, found.seat, ENGINE.parse_action(found.action)).log
    sold = next(e for e in done if e.key == "indonesia.log.sold")
    assert sold.params is not None
    assert found.why["params"]["n"] == sold.params["sold"]
    assert found.why["params"]["rp"] == sold.params["income"]
    assert found.why["params"]["good"] == sold.params["good"]
    n, rp = sold.params["sold"], sold.params["income"]
    good = render(sold.params["good"]["term"])
    assert render(found.why["key"], found.why["params"]) == (
        f"It carries {n} good{'s' if n != 1 else ''} of {good} to the cities for {rp:,} Rp.")


def test_an_empty_sale_says_nothing_can_reach_a_city() -> None:
    found = first_hint(ENGINE, 3, 4, lambda a, w: a["type"] == "sell" and not a["routes"])
    assert found.why == {"key": "indonesia.why.sell_nothing", "params": {}}


def test_acquiring_a_deed_names_its_good_and_province() -> None:
    found = first_hint(ENGINE, 3, 4, lambda a, w: w["key"] == "indonesia.why.acquire")
    deed = next(d for d in found.view["deeds"] if d["id"] == found.action["deed"])
    assert found.why["params"]["province"] == deed["province"]
    assert found.why["params"]["good"] == {"term": f"indonesia.good.{deed['type']}"}
    after = ENGINE.view(found.after(ENGINE), found.seat)
    mine = [c for c in after["companies"] if c["owner"] == found.seat
            and found.action["deed"] in c["deeds"]]
    assert mine and mine[0]["type"] == deed["type"]


def test_a_merger_names_its_price_against_the_lowest_the_rules_allow() -> None:
    found = first_hint(ENGINE, 3, 4, lambda a, w: a["type"] == "announce", max_actions=3000)
    a, b = (found.state["companies"][found.action[k]] for k in ("a", "b"))
    kind = merger_kind(found.state, a, b)
    assert kind is not None
    least = minimum_bid(a, b, kind)
    assert found.why == {"key": "indonesia.why.merger",
                         "params": {"bid": found.action["bid"], "units": units(a) + units(b),
                                    "least": least}}
    assert found.action["bid"] >= least
