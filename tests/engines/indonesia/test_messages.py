"""The engine speaks in catalogue keys (issue 16): every log line a whole game writes, and every
refusal a player can provoke, renders in English, Indonesian and Malay with every placeholder
filled, and the places a line names are board references the board draws (docs/rules/
indonesia-view.md, "Board references"), never the map's internal numbers."""

from __future__ import annotations

import random
import re
from typing import Any, get_args

import pytest

from engines import messages
from engines.bots import bot_of
from engines.core.errors import ActionError, RuleError
from engines.core.log import LogEntry
from engines.core.templates import expand_template
from engines.core.types import State
from engines.indonesia import ENGINE
from engines.indonesia.board import LAND_PROVINCE, SEA_NAMES
from engines.indonesia.client_data import client_data
from engines.indonesia.places import AREA_LETTER, area_label
from tests.engines.indonesia.helpers import act, at, blank, city, company

NAMES = {0: "Ani", 1: "Budi", 2: "Citra", 3: "Dewi", 4: "Eko"}
#: What a filled pattern never shows: a placeholder, an unrendered reference, a raw key.
LEFTOVER = re.compile(r"\{|\}|indonesia\.|'seat'|\{'|\[")
#: The board-reference kinds the board names and highlights (indonesia-view.md).
REF_KINDS = {"area", "city", "sea", "company", "deed"}


def _words(key: str, params: dict[str, Any] | None) -> dict[str, str]:
    return {lang: messages.render(key, params, lang, NAMES) for lang in messages.LANGS}


def _check_line(entry: LogEntry) -> None:
    assert entry.key and messages.has(entry.key), entry
    for lang, text in _words(entry.key, entry.params).items():
        assert not LEFTOVER.search(text), f"{lang}: {entry.key} -> {text!r}"
    for value in (entry.params or {}).values():
        if isinstance(value, dict) and "seat" not in value and "term" not in value:
            kind = next(iter(value))
            assert kind in REF_KINDS and "label" in value, value
            assert not str(value["label"]).isdigit(), f"{entry.key} names a place by its id"


def _play(players: int, money: str, seed: int) -> list[LogEntry]:
    """One whole game of the engine's bot; every line of the log."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, {"money": money}, seed)
    log: list[LogEntry] = []
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        result = ENGINE.apply(state, seat, ENGINE.parse_action(
            bot_of(ENGINE).test_action(state, seat, rng)))
        log.extend(result.log)
        state = result.state
    return log


@pytest.mark.parametrize(("players", "money", "seed"),
                         [(2, "secret", 3), (3, "open", 5), (4, "secret", 8), (5, "open", 13)])
def test_every_line_of_a_whole_game_renders_in_three_languages(players: int, money: str,
                                                               seed: int) -> None:
    log = _play(players, money, seed)
    for entry in log:
        _check_line(entry)
    keys = {e.key for e in log}
    # a whole game founds cities, bids, starts, operates and ends
    assert {"indonesia.log.city_founded", "indonesia.log.turn_order", "indonesia.log.started",
            "indonesia.log.final_score"} <= keys, keys


def _refusals(state: State, seat: int, rng: random.Random) -> list[RuleError]:
    """The refusals a few wrong moves provoke now: other action types, other seats, and
    legal templates with their values changed."""
    out: list[RuleError] = []
    wrong: list[dict[str, Any]] = [
        {"type": "pass"}, {"type": "bid", "amount": 10 ** 6}, {"type": "grow", "city": 0},
        {"type": "expand", "area": 0}, {"type": "place_ship", "sea": 115},
        {"type": "research", "track": "hull", "player": 4},
        {"type": "acquire", "deed": "a1", "area": 0}, {"type": "sail", "company": "C1"},
        {"type": "place_city", "card": "A1", "area": 0}, {"type": "remove_good", "area": 0},
        {"type": "raise", "amount": 1}, {"type": "announce", "a": "C1", "b": "C2", "bid": 1},
        {"type": "sell", "company": "C1", "routes": []},
    ]
    for template in ENGINE.legal_actions(state, seat):
        action = expand_template(template, rng)
        for field, value in action.items():
            if isinstance(value, int):
                wrong.append({**action, field: value + rng.choice([1, 7, 1000])})
    for raw in wrong:
        try:
            action = ENGINE.parse_action(raw)
        except ActionError:
            continue  # not even well formed: the shared words of engines/core/errors.py
        for who in (seat, (seat + 1) % state["players"]):
            try:
                ENGINE.apply(state, who, action)
            except RuleError as err:
                out.append(err)
    return out


def test_every_refusal_of_a_game_renders_in_three_languages() -> None:
    rng = random.Random(4)
    state = ENGINE.setup(3, {"money": "open"}, 4)
    seen: set[str] = set()
    steps = 0
    while ENGINE.outcome(state) is None and steps < 400:
        seat = ENGINE.to_act(state)[0]
        if steps % 3 == 0:
            for err in _refusals(state, seat, rng):
                assert err.key, f"refused in English only: {err}"
                seen.add(err.key)
                for lang, text in _words(err.key, err.params).items():
                    assert not LEFTOVER.search(text), f"{lang}: {err.key} -> {text!r}"
        state = ENGINE.apply(state, seat, ENGINE.parse_action(
            bot_of(ENGINE).test_action(state, seat, rng))).state
        steps += 1
    assert len(seen) >= 12, sorted(seen)


def test_every_action_type_has_its_not_now_refusal() -> None:
    from engines.indonesia import actions
    models = [v for v in vars(actions).values() if isinstance(v, type)
              and issubclass(v, actions._Action) and "type" in v.model_fields]
    kinds = {get_args(m.model_fields["type"].annotation)[0] for m in models}
    assert len(kinds) == 13
    for kind in kinds:
        assert messages.has("indonesia.err.not_now." + kind), kind


def test_an_action_the_step_does_not_take_is_refused_in_words() -> None:
    st = at(blank(3), "research", {"kind": "research", "seat": 0, "i": 0})
    with pytest.raises(RuleError, match="You cannot place a ship now") as err:
        act(st, 0, {"type": "place_ship", "sea": 120})
    assert err.value.key == "indonesia.err.not_now.place_ship"
    assert messages.render(err.value.key, err.value.params, "id") == (
        "Anda tidak dapat menempatkan kapal sekarang.")
    with pytest.raises(RuleError, match="not your turn") as other:
        act(st, 1, {"type": "pass"})
    assert messages.render(other.value.key or "", {}, "ms") == "Sekarang bukan giliran anda."


def test_a_route_error_names_the_seas_in_the_viewers_language() -> None:
    st = blank(3)
    company(st, 0, "rice", areas=[49])
    company(st, 1, "shipping", ships={118: 1, 119: 1}, deeds=["a6"])
    city(st, 52, size=2)
    at(st, "operate", {"kind": "operate", "seat": 0})
    route = {"from": 49, "ship": "C2", "seas": [131], "city": 52, "count": 1}
    with pytest.raises(RuleError, match="has no ship in the Java Sea") as err:
        act(st, 0, {"type": "sell", "company": "C1", "routes": [route]})
    assert "Laut Jawa (barat)" in messages.render(err.value.key or "", err.value.params, "id")
    assert "Laut Jawa (barat)" in messages.render(err.value.key or "", err.value.params, "ms")
    route["seas"] = [999]
    with pytest.raises(RuleError, match="999 is not one of them"):
        act(st, 0, {"type": "sell", "company": "C1", "routes": [route]})


def test_an_area_is_named_by_its_province_and_the_letter_the_board_draws() -> None:
    assert area_label(50) == "Bali A" and area_label(51) == "Bali B"
    assert area_label(137) == "Jawa Tengah D"  # ids 42, 43, 136, 137
    letters = client_data()["area_letters"]
    assert set(letters) == {str(a) for a in LAND_PROVINCE}
    named = {area_label(a) for a in LAND_PROVINCE}
    assert len(named) == len(LAND_PROVINCE)  # no two areas share a name
    assert all(letters[str(a)] == AREA_LETTER[a] for a in LAND_PROVINCE)


def test_founding_a_city_names_the_area_as_the_board_does() -> None:
    st = blank(3)
    st["hands"][0] = ["A3"]
    at(st, "new_era", {"kind": "cities", "seat": 0, "queue": [0]})
    result = ENGINE.apply(st, 0, ENGINE.parse_action(
        {"type": "place_city", "card": "A3", "area": 50}))
    line = result.log[0]
    assert line.params and line.params["area"] == {"area": 50, "label": "Bali A"}
    assert line.english(NAMES) == "Ani founds a city in Bali A (card A3)."
    assert messages.render(line.key or "", line.params, "id", NAMES) == (
        "Ani mendirikan kota di Bali A (kartu A3).")
    assert messages.render(line.key or "", line.params, "ms", NAMES) == (
        "Ani membina bandar di Bali A (kad A3).")


def test_every_sea_has_its_name_in_every_language() -> None:
    for sea, name in SEA_NAMES.items():
        assert messages.render(f"indonesia.sea.{sea}") == name
        for lang in ("id", "ms"):
            assert messages.catalogue(lang)[f"indonesia.sea.{sea}"]


def _random_game(players: int, seed: int) -> list[LogEntry]:
    """One whole game of random legal moves (passes and odd choices the engine's bot avoids)."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, {"money": "open"}, seed)
    log: list[LogEntry] = []
    for _ in range(3000):
        if ENGINE.outcome(state) is not None:
            break
        seat = ENGINE.to_act(state)[0]
        action = expand_template(rng.choice(ENGINE.legal_actions(state, seat)), rng)
        result = ENGINE.apply(state, seat, ENGINE.parse_action(action))
        log.extend(result.log)
        state = result.state
    return log


def test_every_line_of_random_play_renders_in_three_languages() -> None:
    log = _random_game(3, 21)
    for entry in log:
        _check_line(entry)
    assert "indonesia.log.acquire_pass" in {e.key for e in log}


def test_the_rarer_lines_render_in_three_languages() -> None:
    from engines.indonesia.flow import begin_acquire, begin_growth, end_game

    log: list[LogEntry] = []
    st = blank(3, era="c")
    for a in (69, 70, 71, 72, 73, 74):  # all of Papua but 75
        company(st, 2, "spice", areas=[a], deeds=["a4"])
    st["deeds"] = ["c3", "c6", "c1"]  # Papua rubber, Papua oil, Sulawesi Tenggara rice
    begin_acquire(st, log)
    log += ENGINE.apply(st, 0, ENGINE.parse_action(
        {"type": "acquire", "deed": "c3", "area": 75})).log
    st = blank(3)
    company(st, 0, "rice", areas=[49])
    city(st, 52, size=2, delivered={"rice": 2})
    st["stones"]["3"] = 0
    st["hands"] = [[] for _ in range(3)]
    st["deeds"] = ["a1", "a5"]
    begin_growth(st, log)
    end_game(st, log, "stalled")
    end_game(st, log, "no progress")
    keys = {e.key for e in log}
    assert {"indonesia.log.deed_unstartable", "indonesia.log.no_stone",
            "indonesia.log.stalled", "indonesia.log.no_progress"} <= keys, keys
    for entry in log:
        _check_line(entry)
    unstartable = next(e for e in log if e.key == "indonesia.log.deed_unstartable")
    assert unstartable.english() == "The Papua oil deed cannot start anywhere and is discarded."
    no_stone = next(e for e in log if e.key == "indonesia.log.no_stone")
    assert messages.render(no_stone.key or "", no_stone.params, "ms") == (
        "Penanda bandar saiz 3 sudah habis: bandar di Nusa Tenggara Barat tidak boleh membesar.")


def _sale_refusal(routes: list[dict[str, Any]], *, hull: int = 1, size: int = 2,
                  areas: tuple[int, ...] = (49,)) -> RuleError:
    st = blank(3)
    company(st, 0, "rice", areas=list(areas))
    company(st, 1, "shipping", ships={118: 1, 119: 1, 126: 1}, deeds=["a6"])
    city(st, 52, size=size)
    st["research"][1]["hull"] = hull
    at(st, "operate", {"kind": "operate", "seat": 0})
    with pytest.raises(RuleError) as err:
        act(st, 0, {"type": "sell", "company": "C1", "routes": routes})
    return err.value


def _r(seas: list[int], *, src: int = 49, ship: str = "C2", to: int = 52,
       count: int = 1) -> dict[str, Any]:
    return {"from": src, "ship": ship, "seas": seas, "city": to, "count": count}


@pytest.mark.parametrize(("routes", "key"), [
    ([], "sell_most"),
    ([_r([119], src=10)], "route_source"),
    ([_r([118], ship="C1")], "route_not_shipping"),
    ([_r([118, 118])], "route_twice"),
    ([_r([999])], "route_no_sea"),
    ([_r([131])], "route_no_ship"),
    ([_r([118, 126])], "route_not_adjacent"),
    ([_r([119])], "route_start"),
    ([_r([118, 119], to=50)], "route_no_city"),
    ([_r([118])], "route_end"),
    ([_r([118, 119], count=2)], "zone_goods"),
])
def test_every_refusal_of_a_sale_renders_in_three_languages(routes: list[dict[str, Any]],
                                                            key: str) -> None:
    err = _sale_refusal(routes)
    assert err.key == "indonesia.err." + key, str(err)
    for lang, text in _words(err.key, err.params).items():
        assert not LEFTOVER.search(text), f"{lang}: {text!r}"


def test_a_ship_or_city_limit_is_refused_in_three_languages() -> None:
    two = _r([119], src=50, count=2)
    capacity = _sale_refusal([two], size=3, areas=(46, 50, 51))
    demand = _sale_refusal([two], hull=3, size=1, areas=(46, 50, 51))
    assert capacity.key == "indonesia.err.ship_capacity"
    assert str(capacity) == ("The ships of C2 in the Bali and Lombok Straits can carry only "
                             "1 good for this company.")
    assert messages.render(capacity.key, capacity.params, "ms") == (
        "Kapal C2 di Selat Bali dan Lombok hanya boleh membawa 1 barangan untuk "
        "syarikat ini.")
    assert demand.key == "indonesia.err.city_demand"
    assert messages.render(demand.key, demand.params, "id") == (
        "Kota di Nusa Tenggara Barat hanya menerima 1 barang lagi dari jenis ini tahun ini.")
