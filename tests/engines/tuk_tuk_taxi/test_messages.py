"""Tuk-Tuk Taxi speaks in message keys (issue 16): every log line and refusal of a played
game words itself in English, Indonesian and Malay, names places as board references the
board labels, and the view's route notes carry keys that read as the stored English note."""

from __future__ import annotations

import random

import pytest

from engines import messages
from engines.core.errors import RuleError
from engines.core.templates import expand_template
from engines.tuk_tuk_taxi import ENGINE
from engines.tuk_tuk_taxi.words import NOTE_PARTS

from .helpers import make


def _played(seed: int, turns: int = 400) -> tuple[list, list]:
    rng = random.Random(seed)
    state = ENGINE.setup(3, {}, seed=seed)
    lines, notes = [], []
    for _ in range(turns):
        if ENGINE.outcome(state) is not None:
            break
        seat = state["current"]
        notes += [(m["note"], m["notes"]) for m in ENGINE.view(state, seat)["moves"]]
        action = expand_template(rng.choice(ENGINE.legal_actions(state, seat)), rng)
        result = ENGINE.apply(state, seat, ENGINE.parse_action(action))
        lines += result.log
        state = result.state
    return lines, notes


@pytest.mark.parametrize("seed", [3, 11])
def test_every_line_of_a_game_is_a_key_worded_in_each_language(seed: int) -> None:
    lines, _ = _played(seed)
    assert {e.key for e in lines} >= {"tuk-tuk-taxi.log.drew", "tuk-tuk-taxi.log.rolled",
                                      "tuk-tuk-taxi.log.drove"}
    for entry in lines:
        assert entry.key and messages.has(entry.key) and not entry.text
        for lang in messages.LANGS:
            said = messages.render(entry.key, entry.params, lang, {0: "Ana", 1: "Budi", 2: "Citra"})
            assert "{" not in said and "tuk-tuk-taxi." not in said, (lang, entry.key, said)
        for value in (entry.params or {}).values():
            if isinstance(value, dict) and "cell" in value:
                r, c = map(int, value["cell"].split(","))
                assert 0 <= r < 13 and 0 <= c < 13


def test_a_drive_names_its_steps_and_end_cell() -> None:
    lines, _ = _played(5)
    drove = next(e for e in lines if e.key == "tuk-tuk-taxi.log.drove")
    assert drove.params["steps"] == len(drove.data["path"]) - 1
    assert drove.params["place"] == {"cell": drove.data["path"][-1]}


def test_view_note_keys_read_as_the_stored_note() -> None:
    _, notes = _played(9)
    assert notes
    for text, keys in notes:
        assert "; ".join(NOTE_PARTS[k] for k in keys) == text


def test_a_refusal_carries_its_key_and_reads_in_indonesian() -> None:
    s = make(taxis={0: "0,0"}, drawn="stop", phase="sign")
    with pytest.raises(RuleError) as err:
        ENGINE.apply(s, 0, ENGINE.parse_action({"type": "place", "cell": "1,1"}))
    assert err.value.key == "tuk-tuk-taxi.err.bad_place"
    assert "cannot go on that space" in str(err.value)
    said = messages.render(err.value.key, err.value.params, "id")
    assert said.startswith("Stop tidak boleh dipasang di petak itu")
