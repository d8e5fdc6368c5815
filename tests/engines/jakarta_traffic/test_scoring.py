"""Game end (ruling 5), final scoring and tie-breaks (ruling 6)."""

from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.scoring import breakdown, ranks
from tests.engines.jakarta_traffic.helpers import act, cell, land, position, walled_board


def finished(players: int = 2):
    state = position(players, tiles=walled_board(), mopeds=list(range(players)))
    state["phase"] = "over"
    return state


def test_the_rulebook_scoring_example_scores_23_as_the_spec_rules() -> None:
    state = finished()
    state["stars"][0] = [7, 5, 3]        # 3 stars worth 15
    state["bubbles"][0] = 3              # the table gives 5 for three bubbles
    state["energy"][0] = 3               # a full phone: 3 more
    assert breakdown(state, 0)["total"] == 23
    state["bubbles"][0] = 2              # the example's "two" bubbles give 3 by the table
    assert breakdown(state, 0)["total"] == 21


def test_speech_bubbles_score_one_three_and_five() -> None:
    state = finished()
    state["energy"][0] = 0
    assert [breakdown(dict(state, bubbles=[b, 0]), 0)["total"] for b in range(4)] == [0, 1, 3, 5]


def test_the_outcome_breaks_each_score_down() -> None:
    state = finished()
    state["stars"] = [[7, 4, 3, 3], [5]]
    state["delivered"] = [["Ibu", "Sate", "Bakso", "Bapak"], ["Nasi Goreng"]]
    state["energy"] = [1, 2]
    state["bubbles"] = [1, 3]
    outcome = ENGINE.outcome(state)
    assert outcome.scores == [17 + 1 + 1, 5 + 2 + 5]
    assert outcome.ranks == [1, 2]
    assert outcome.detail["star_points"] == [17, 5]
    assert outcome.detail["bubble_points"] == [1, 5]
    assert outcome.detail["passengers"] == [2, 0]
    assert outcome.detail["star_tokens"] == [4, 1]


def part(total: int, passengers: int = 0, tokens: int = 0, energy: int = 0) -> dict:
    return {"total": total, "passengers": passengers, "star_tokens": tokens, "energy": energy}


def test_ties_go_to_passengers_then_star_tokens_then_energy_then_are_shared() -> None:
    assert ranks([part(20, 1), part(20, 2)]) == [2, 1]
    assert ranks([part(20, 1, 4), part(20, 1, 3)]) == [1, 2]
    assert ranks([part(20, 1, 4, 0), part(20, 1, 4, 2)]) == [2, 1]
    assert ranks([part(20, 1, 4, 2), part(20, 1, 4, 2), part(25)]) == [2, 2, 1]


def three_player_game_one_delivery_from_the_end(deliverer: int):
    state = position(3, tiles=walled_board(), mopeds=[cell(1, 1), cell(1, 2), cell(1, 3)],
                     seat=deliverer)
    state["tiles"][cell(4, 4)] = {"kind": "building", "pattern": "P1", "rot": 0,
                                  "address": state["board"]["slots"][0]}
    state["phone"][deliverer] = [state["board"]["rows"][0]]
    state["stars"][deliverer] = [3, 3, 3]
    return state


def test_four_stars_trigger_the_end_and_the_round_is_completed() -> None:
    state = three_player_game_one_delivery_from_the_end(1)
    state, _ = land(state, 1, 4, 4)
    state = act(state, 1, type="deliver")
    assert state["end_triggered"] and ENGINE.outcome(state) is None
    assert ENGINE.to_act(state) == [2], "the last seat still plays its turn"
    state, _ = land(state, 2, 5, 5)
    assert ENGINE.outcome(state) is not None and ENGINE.to_act(state) == []


def test_the_last_seat_reaching_four_stars_ends_the_game_at_once() -> None:
    state = three_player_game_one_delivery_from_the_end(2)
    state, _ = land(state, 2, 4, 4)
    state = act(state, 2, type="deliver")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.ranks[2] == 1


def test_the_end_is_not_triggered_by_three_stars() -> None:
    state = three_player_game_one_delivery_from_the_end(2)
    state["stars"][2] = [3, 3]
    state, _ = land(state, 2, 4, 4)
    state = act(state, 2, type="deliver")
    assert not state["end_triggered"] and ENGINE.to_act(state) == [0]
