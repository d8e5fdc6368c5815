"""A Jakarta Traffic hint's reason (issue 41) on seeded games: what the normal bot's move
says it brings (stars, an order, the squares left) is what playing it brings
(engines/jakarta_traffic/bot/why.py)."""

from __future__ import annotations

from engines.jakarta_traffic import BOT, ENGINE
from engines.jakarta_traffic.data import SIZE
from engines.messages import render
from tests.engines.hinted import first_hint


def _order(term: dict[str, str]) -> str:
    return render(term["term"])


def test_a_delivery_names_the_order_and_the_stars_the_order_board_gives() -> None:
    found = first_hint(ENGINE, 2, 3, lambda a, w: a["type"] == "deliver")
    assert found.why["key"] == "jakarta-traffic.why.deliver"
    order = _order(found.why["params"]["order"])
    # The engine's own line of the delivery: that order, and the star tokens it took.
    done = ENGINE.apply(found.state, found.seat, ENGINE.parse_action(found.action)).log
    line = next(e for e in done if e.key and e.key.startswith("jakarta-traffic.log.delivered"))
    assert line.params is not None and render(line.params["order"]["term"]) == order
    taken = line.params["star"] + line.params.get("star2", 0)
    assert found.why["params"]["stars"] == taken
    assert render(found.why["key"], found.why["params"]) == (
        f"It delivers {order} where the order board wants it, for {taken} stars.")


def test_accepting_names_the_order_taken_and_what_it_is_worth() -> None:
    found = first_hint(ENGINE, 2, 3, lambda a, w: a["type"] == "accept")
    assert found.why["key"] == "jakarta-traffic.why.accept"
    order = _order(found.why["params"]["order"])
    board = {r["order"]: r for r in found.view["orderboard"]}
    assert found.why["params"]["stars"] == board[order]["value"]
    assert render(found.why["params"]["address"]["term"]) == board[order]["address"]
    after = found.after(ENGINE)
    assert after["phone"][found.seat].count(order) == \
        found.view["phone"][found.seat].count(order) + 1


def test_driving_closer_says_how_many_squares_are_left() -> None:
    found = first_hint(ENGINE, 2, 5, lambda a, w: w["key"] == "jakarta-traffic.why.toward")
    assert found.action["type"] == "drive"
    left = found.why["params"]["left"]
    here = found.view["mopeds"][found.seat]
    to = (found.action["y"] - 1) * SIZE + found.action["x"] - 1
    apart = abs(here % SIZE - to % SIZE) + abs(here // SIZE - to // SIZE)
    assert 0 <= left and apart >= 1
    # Closer than the moped stands now, as the line says.
    name = render(found.why["params"]["name"]["term"])
    if found.why["params"]["target"] == "address":
        goals = [i for i, t in enumerate(found.view["tiles"]) if t and t.get("address") == name]
    else:
        goals = [i for i, s in enumerate(found.view["stacks"]) if s and s["order"] == name]

    def dist(a: int, b: int) -> int:
        return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)

    assert min(dist(to, g) for g in goals) <= left < min(dist(here, g) for g in goals)


def test_a_honk_names_where_the_new_road_leads_and_a_detour_why_it_is_dice() -> None:
    found = first_hint(ENGINE, 2, 5, lambda a, w: w["key"] == "jakarta-traffic.why.opens_way")
    assert found.action["type"] in ("rotate", "swap")
    params = found.why["params"]
    assert params["how"] == found.action["type"]
    name = render(params["name"]["term"])
    if params["target"] == "address":
        wanted = {r["address"] for r in found.view["orderboard"]
                  if r["order"] in found.view["phone"][found.seat]}
    else:
        wanted = {s["order"] for s in found.view["stacks"] if s}
    assert name in wanted
    # A detour with no ride offered (the rules offer only the detour then) says so.
    stuck = dict(found.view, routes={})
    assert BOT.explain(stuck, found.seat, {"type": "detour"}) == {
        "key": "jakarta-traffic.why.detour_only", "params": {}}
