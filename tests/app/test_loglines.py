"""Log lines as stored and as read: keyed lines (issue 16) and the English lines of games
stored before log lines had keys, which keep displaying."""

from __future__ import annotations

from app import loglines
from engines.base import LogEntry, seat_ref


def test_a_keyed_line_travels_as_key_and_params_and_reads_in_english() -> None:
    stored = loglines.stored(3, 1, LogEntry.say("race.log.advanced", seat=seat_ref(1), n=4))
    assert stored == {"seq": 3, "seat": 1, "to": None, "data": None, "key": "race.log.advanced",
                      "params": {"seat": {"seat": 1}, "n": 4}}
    seen = loglines.for_viewer(stored, 3, 1)
    assert seen["key"] == "race.log.advanced" and "text" not in seen
    # The history API's English keeps the {seatN} placeholders old lines used.
    assert loglines.english(stored) == "{seat1} advanced 4."
    assert loglines.english(stored, {1: "Budi"}) == "Budi advanced 4."


def test_an_old_english_line_keeps_displaying() -> None:
    old = {"seq": 7, "seat": 0, "text": "{seat0} advanced 2.", "to": None, "data": None}
    seen = loglines.for_viewer(old, 7, 0)
    assert seen == {"seq": 7, "seat": 0, "private": False, "data": None,
                    "text": "{seat0} advanced 2."}
    assert loglines.english(old) == "{seat0} advanced 2."


def test_a_private_line_is_read_only_by_its_seats() -> None:
    line = loglines.stored(2, 0, LogEntry.say("race.log.advanced", seat=seat_ref(0), n=1,
                                              to=[0]))
    assert loglines.readable(line, 0)
    assert not loglines.readable(line, 1) and not loglines.readable(line, None)
