"""DRIVE: rides along spurs, links, tees and the frame's alleys (spec "Driving")."""

import pytest

from engines.core.errors import RuleError
from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.roads import outer_port_side, tile_roads
from engines.jakarta_traffic.setup import make_tile
from tests.engines.jakarta_traffic.helpers import act, cell, position, walled_board


def drives(state) -> set[tuple[int, int]]:
    return {(t["x"], t["y"]) for t in ENGINE.legal_actions(state, state["current"])
            if t["type"] == "drive"}


def test_rotation_turns_the_pattern_clockwise() -> None:
    # P1 is spur S, link W-E; a quarter turn clockwise makes it spur W, link N-S.
    assert tile_roads("P1", 1) == ((3,), ((0, 2),))
    assert tile_roads("P5", 0) == ((2, 3), ((0, 1),))


def test_outer_ports_are_numbered_clockwise_from_the_top_left() -> None:
    assert outer_port_side(0) == (cell(1, 1), 0)
    assert outer_port_side(5) == (cell(5, 1), 1)
    assert outer_port_side(10) == (cell(5, 5), 2)
    assert outer_port_side(14) == (cell(1, 5), 2)
    assert outer_port_side(15) == (cell(1, 5), 3)
    assert outer_port_side(19) == (cell(1, 1), 3)


def test_a_ride_follows_a_link_and_an_alley_to_a_spur() -> None:
    tiles = walled_board()
    tiles[cell(2, 2)] = make_tile("pickup", "P2", 1)   # spur W, link E-S
    tiles[cell(1, 2)] = make_tile("pickup", "P1", 0)   # link W-E: on out of the left edge
    tiles[cell(1, 1)] = make_tile("pickup", "P5", 0)   # spurs S, W: alley 18-19 ends here
    state = position(tiles=tiles, mopeds=[cell(2, 2), cell(5, 5)])
    assert drives(state) == {(1, 1)}
    route = ENGINE.view(state, None)["routes"][str(cell(1, 1))]
    assert [hop[0] for hop in route] == [cell(2, 2), cell(1, 2), cell(1, 1)]


def test_a_tee_lets_the_driver_choose_either_branch() -> None:
    tiles = walled_board()
    tiles[cell(3, 3)] = make_tile("pickup", "P1", 2)   # spur N
    tiles[cell(3, 2)] = make_tile("pickup", "P4", 2)   # tee E-S-W, spur N
    tiles[cell(4, 2)] = make_tile("pickup", "P6", 1)   # spurs W, E
    tiles[cell(2, 2)] = make_tile("charging", "P6", 1)
    state = position(tiles=tiles, mopeds=[cell(3, 3), cell(5, 5)])
    assert drives(state) == {(4, 2), (2, 2)}


def test_a_wall_ends_the_ride_and_without_destinations_only_a_detour_is_left() -> None:
    tiles = walled_board()
    tiles[cell(3, 3)] = make_tile("pickup", "P1", 2)   # spur N
    tiles[cell(3, 2)] = make_tile("pickup", "P1", 1)   # link N-S
    tiles[cell(3, 1)] = make_tile("pickup", "P1", 1)   # link N-S: out through the top
    # alley 2-3 brings the ride into the top of (4,1), a P1 at rotation 0: a wall.
    state = position(tiles=tiles, mopeds=[cell(3, 3), cell(5, 5)])
    assert drives(state) == set()
    assert ENGINE.legal_actions(state, 0)[-1] == {"type": "detour"}
    with pytest.raises(RuleError, match="No road leads"):
        act(state, 0, type="drive", x=4, y=1)


def test_the_corner_alley_joins_two_sides_of_one_tile() -> None:
    tiles = walled_board()
    tiles[cell(5, 2)] = make_tile("pickup", "P1", 2)   # spur N into the corner tile
    tiles[cell(5, 1)] = make_tile("pickup", "P4", 1)   # spur W, tee N-E-S
    state = position(tiles=tiles, mopeds=[cell(5, 2), cell(1, 5)])
    # Into (5,1) through S, out N or E; alley 4-5 joins N and E, so every branch loops
    # through the tee or back into the start's spur: nowhere to park.
    assert drives(state) == set()
    tiles[cell(5, 1)] = make_tile("pickup", "P5", 1)   # spurs W, N; link E-S
    state = position(tiles=tiles, mopeds=[cell(5, 2), cell(1, 5)])
    # Into (5,1) through S, out E, round the corner by alley 4-5 and back in through N.
    assert drives(state) == {(5, 1)}
    route = ENGINE.view(state, None)["routes"][str(cell(5, 1))]
    assert route == [[cell(5, 2), None, 0], [cell(5, 1), 2, 1], [cell(5, 1), 0, None]]


def test_a_ride_cannot_end_where_it_started() -> None:
    tiles = walled_board()
    # (5,5)'s spur S leaves by port 10; alley 10-11 brings it into (4,5)'s spur S.
    tiles[cell(5, 5)] = make_tile("pickup", "P1", 0)
    state = position(tiles=tiles, mopeds=[cell(5, 5), cell(1, 1)])
    assert drives(state) == {(4, 5)}
    with pytest.raises(RuleError, match="different parking spot"):
        act(state, 0, type="drive", x=5, y=5)


def test_pieces_never_block_the_roads() -> None:
    tiles = walled_board()
    tiles[cell(2, 2)] = make_tile("pickup", "P2", 1)
    tiles[cell(1, 2)] = make_tile("pickup", "P1", 0)
    tiles[cell(1, 1)] = make_tile("pickup", "P5", 0)
    state = position(tiles=tiles, mopeds=[cell(2, 2), cell(1, 2)],
                     stacks={cell(1, 2): ("Sate", 3)})
    state["marker"] = cell(1, 2)
    assert drives(state) == {(1, 1)}


def test_driving_moves_the_moped_and_skips_the_honk() -> None:
    tiles = walled_board()
    tiles[cell(5, 5)] = make_tile("pickup", "P1", 0)
    state = position(tiles=tiles, mopeds=[cell(5, 5), cell(1, 1)])
    state = act(state, 0, type="drive", x=4, y=5)
    assert state["mopeds"][0] == cell(4, 5)
    assert ENGINE.to_act(state) == [1] and state["phase"] == "honk"
