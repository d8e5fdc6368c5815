"""Log lines as stored and as read: keyed lines (issue 16) and the English lines of games
stored before log lines had keys, which keep displaying."""

from __future__ import annotations

from app.core import loglines
from engines.core.log import LogEntry, seat_ref


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


def _ship_line() -> dict:
    from engines.indonesia import places

    return loglines.stored(9, 1, LogEntry.say(
        "indonesia.log.ship_placed", seat=seat_ref(1), company=places.company("C3"),
        sea=places.sea(128)))


def test_a_sea_reads_in_the_readers_language() -> None:
    """A mail or webhook words a line in its reader's language: Indonesia's seas by their
    names in that language (the catalogues'), not the English label the reference carries."""
    line = _ship_line()
    assert line["params"]["sea"] == {"sea": 128, "label": "Riau Sea"}
    names = {1: "Budi"}
    assert loglines.words(line, "en", names) == \
        "Budi's shipping company C3 places a ship in the Riau Sea."
    assert loglines.words(line, "id", names) == \
        "Perusahaan pelayaran C3 milik Budi menempatkan kapal di Laut Riau."
    assert loglines.words(line, "ms", names) == \
        "Syarikat perkapalan C3 milik Budi meletakkan kapal di Laut Riau."
    assert loglines.english(line, names) == loglines.words(line, "en", names)
    # The server's sentences (app/core/i18n.py) word references the same way.
    from app.core.i18n import text

    assert text("indonesia.log.ship_placed", line["params"], "ms", names).endswith(
        "di Laut Riau.")


def test_a_reference_without_words_of_its_own_keeps_its_label() -> None:
    """An area is its province and letter in every language; a sea the board does not know
    keeps its label."""
    from engines.indonesia import places

    line = loglines.stored(4, 0, LogEntry.say(
        "indonesia.log.good_removed", seat=seat_ref(0), area=places.area(50)))
    assert loglines.words(line, "id", {0: "Ana"}) == \
        f"Ana menyingkirkan barang di {places.area_label(50)}."
    odd = {**line, "key": "indonesia.log.ship_placed",
           "params": {"seat": {"seat": 0}, "company": {"company": "C1", "label": "C1"},
                      "sea": {"sea": 999, "label": "sea 999"}}}
    assert loglines.words(odd, "ms", {0: "Ana"}).endswith("di sea 999.")
