"""Set-up, the stack, the drawn sign and what each viewer may see."""

from collections import Counter

import pytest

from engines.core.errors import ActionError, RuleError
from engines.registry import get_engine
from engines.tuk_tuk_taxi import ENGINE
from engines.tuk_tuk_taxi.data import PASSENGER_SPOTS, cell_key
from tests.engines.tuk_tuk_taxi.helpers import act, make


def test_registered_under_its_id() -> None:
    assert get_engine("tuk-tuk-taxi") is ENGINE
    assert ENGINE.name == "Tuk-Tuk Taxi"
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 4)


@pytest.mark.parametrize("players,count", [(2, 4), (3, 6), (4, 8)])
def test_passengers_wait_on_distinct_spots(players: int, count: int) -> None:
    spots = {cell_key(c) for c in PASSENGER_SPOTS}
    for seed in range(5):
        s = ENGINE.setup(players, {}, seed)
        assert len(s["passengers"]) == count == len(set(s["passengers"]))
        assert set(s["passengers"]) <= spots


def test_passenger_spots_differ_between_seeds() -> None:
    layouts = {tuple(ENGINE.setup(2, {}, seed)["passengers"]) for seed in range(10)}
    assert len(layouts) > 1


def test_taxis_start_on_their_stops_clockwise_from_top_left() -> None:
    s = ENGINE.setup(4, {}, 1)
    assert s["taxis"] == ["0,0", "0,12", "12,12", "12,0"]


def test_full_stack_has_80_tiles_in_the_published_counts() -> None:
    s = ENGINE.setup(2, {}, 3)
    tiles = Counter(s["stack"] + [s["drawn"]])
    assert sum(tiles.values()) == 80
    assert tiles["no_entry"] == 6 and tiles["one_way"] == 4
    assert tiles["turn_right"] == tiles["turn_left"] == 4
    assert tiles["police"] == tiles["mechanic"] == 5


def test_simplified_variant_removes_the_starred_signs() -> None:
    s = ENGINE.setup(3, {"simplified": True}, 3)
    tiles = Counter(s["stack"] + [s["drawn"]])
    assert sum(tiles.values()) == 70
    assert "no_entry" not in tiles and "one_way" not in tiles
    assert ENGINE.view(s, None)["simplified"] is True


def test_board_side_is_a_visual_option_only() -> None:
    a = ENGINE.setup(2, {"side": "european"}, 5)
    b = ENGINE.setup(2, {"side": "asian"}, 5)
    assert {**a, "side": None} == {**b, "side": None}
    assert ENGINE.view(b, 0)["side"] == "asian"


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError):
        ENGINE.validate_options({"side": "martian"})


def test_first_seat_starts_with_a_drawn_sign_shown_to_everyone() -> None:
    s = ENGINE.setup(3, {}, 11)
    assert ENGINE.to_act(s) == [0]
    assert s["drawn"] is not None
    for viewer in (None, 0, 1, 2):
        assert ENGINE.view(s, viewer)["drawn"]["kind"] == s["drawn"]
    assert ENGINE.legal_actions(s, 1) == []


def test_no_viewer_sees_the_stack_order_only_its_size() -> None:
    s = ENGINE.setup(4, {}, 2)
    shuffled = dict(s, stack=list(reversed(s["stack"])))
    for viewer in (None, 0, 1, 2, 3):
        view = ENGINE.view(s, viewer)
        assert view == ENGINE.view(shuffled, viewer)
        assert view["stack_count"] == len(s["stack"])
        assert "stack" not in view and "rng" not in view


def test_acting_out_of_turn_is_refused_in_words() -> None:
    s = make(3, phase="roll")
    with pytest.raises(RuleError, match="not your turn"):
        act(s, 1, {"type": "roll"})


@pytest.mark.parametrize("bad", [{"type": "move"}, {"type": "place", "cell": "a,b"},
                                 {"type": "fly"}, {"type": "move", "to": "1,1", "route": -1}])
def test_malformed_actions_are_refused_before_any_rule(bad: dict) -> None:
    with pytest.raises(ActionError):
        ENGINE.parse_action(bad)


def test_roll_before_the_sign_is_dealt_with_is_refused() -> None:
    s = make(2, phase="sign", drawn="stop")
    with pytest.raises(RuleError, match="sign you drew"):
        act(s, 0, {"type": "roll"})
