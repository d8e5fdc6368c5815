"""Set-up (spec "Set-up" 1-4) and the component data it deals."""

from collections import Counter

import pytest

from engines.core.errors import RuleError
from engines.core.rng import Rng
from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.data import ADDRESSES, ORDER_TYPES, STREET_TILES
from engines.jakarta_traffic.setup import deal_tiles, stack_placements
from tests.engines.jakarta_traffic.helpers import act, cell


def test_the_tile_set_is_the_spec_s_thirty_tiles() -> None:
    counts = Counter()
    for kind, pattern, n in STREET_TILES:
        counts[(kind, pattern)] += n
    assert sum(n for (k, _), n in counts.items() if k == "pickup") == 20
    assert sum(n for (k, _), n in counts.items() if k == "charging") == 5
    assert counts[("pickup", "P5")] == 2 and counts[("pickup", "P6")] == 2
    assert counts[("charging", "P5")] == 0


@pytest.mark.parametrize("seed", range(40))
def test_each_row_is_one_pile_and_no_buildings_touch(seed: int) -> None:
    state = ENGINE.setup(3, {}, seed)
    tiles = state["tiles"]
    for row in range(5):
        kinds = Counter(t["kind"] for t in tiles[row * 5:row * 5 + 5])
        assert kinds == {"pickup": 3, "charging": 1, "building": 1}
    for c, t in enumerate(tiles):
        if t["kind"] == "building" and c + 5 < 25:
            assert tiles[c + 5]["kind"] != "building"
    assert sorted(t["address"] for t in tiles if t["kind"] == "building") == sorted(ADDRESSES)
    assert len(state["hand"]) == 3 and all(t["kind"] == "pickup" for t in state["hand"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_order_stacks_hold_one_per_row_and_column(players: int) -> None:
    state = ENGINE.setup(players, {}, seed=players)
    placed = [(c, s) for c, s in enumerate(state["stacks"]) if s is not None]
    assert sorted(c // 5 for c, _ in placed) == [0, 1, 2, 3, 4]
    assert sorted(c % 5 for c, _ in placed) == [0, 1, 2, 3, 4]
    assert sorted(s["order"] for _, s in placed) == sorted(ORDER_TYPES)
    assert all(s["count"] == players + 1 for _, s in placed)
    assert all(state["tiles"][c]["kind"] == "pickup" for c, _ in placed)


def test_a_deal_with_no_stack_placement_is_dealt_again() -> None:
    seed = next(s for s in range(500) if ENGINE.setup(2, {}, s)["deals"] > 1)
    first_board, _ = deal_tiles(Rng.from_seed(seed))
    assert stack_placements(first_board) == []
    state = ENGINE.setup(2, {}, seed)
    assert state["tiles"] != first_board
    assert stack_placements(state["tiles"]), "the new deal allows the stacks"


def test_board_supply_and_phones_start_as_the_spec_says() -> None:
    state = ENGINE.setup(4, {}, seed=11)
    assert sorted(state["board"]["rows"]) == sorted(ORDER_TYPES)
    assert len(state["board"]["slots"]) == 3 and len(state["board"]["idle"]) == 2
    assert sorted(state["board"]["slots"] + state["board"]["idle"]) == sorted(ADDRESSES)
    assert state["supply"] == {"7": 4, "5": 6, "4": 6, "3": 9}
    assert state["energy"] == [3, 3, 3, 3] and state["bubbles"] == [0, 0, 0, 0]
    assert state["marker"] is None


def test_mopeds_go_on_charging_stations_in_reverse_turn_order() -> None:
    state = ENGINE.setup(3, {}, seed=5)
    chargers = [c for c, t in enumerate(state["tiles"]) if t["kind"] == "charging"]
    assert ENGINE.to_act(state) == [2]
    with pytest.raises(RuleError, match="charging station"):
        other = next(c for c in range(25) if c not in chargers)
        act(state, 2, type="start", x=other % 5 + 1, y=other // 5 + 1)
    x, y = chargers[0] % 5 + 1, chargers[0] // 5 + 1
    state = act(state, 2, type="start", x=x, y=y)
    assert ENGINE.to_act(state) == [1]
    state = act(state, 1, type="start", x=x, y=y)  # sharing a station is allowed
    state = act(state, 0, type="start", x=x, y=y)
    assert state["mopeds"] == [cell(x, y)] * 3
    assert state["bubbles"] == [0, 0, 0], "placing is not a ride, so nobody chats"
    assert ENGINE.to_act(state) == [0] and state["phase"] == "honk"


def test_solo_means_one_human_and_a_bot_seat() -> None:
    assert ENGINE.min_players == 2 and ENGINE.max_players == 4
    with pytest.raises(ValueError):
        ENGINE.setup(1, {}, seed=1)
