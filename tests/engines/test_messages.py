"""The message format of engines/messages.py, held to the cases static/i18n.js is held to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines import messages
from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref

CASES = json.loads((Path(__file__).parent / "messages_cases.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["pattern"][:40] for c in CASES])
def test_a_pattern_formats_as_the_browser_formats_it(case: dict) -> None:
    got = messages.format_message(case["pattern"], case["params"], case["lang"])
    assert got == case["expected"]


@pytest.mark.parametrize("bad", ["{", "}", "{n, plural, one {x}}", "{n, frobnicate}",
                                 "{n, select, a {x} other {y}", "'{unclosed"])
def test_a_malformed_pattern_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        messages.parse(bad)


def test_placeholders_are_found_inside_plurals_and_selects() -> None:
    assert messages.placeholders("{a} {n, plural, other {# {b}}} {k, select, x {{c}} other {}}") \
        == {"a", "n", "b", "k", "c"}


def test_a_rule_error_without_a_key_keeps_its_sentence() -> None:
    err = RuleError("Not now.")
    assert err.key is None and str(err) == "Not now."


def test_a_log_line_needs_words() -> None:
    with pytest.raises(ValueError):
        LogEntry()
    line = LogEntry.say("base.test", seat=seat_ref(0))
    assert line.key == "base.test" and line.params == {"seat": {"seat": 0}} and line.text == ""
