"""docs/protocol.md's frame tables are generated from app/realtime/frames.py (issue 11)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.realtime import protocol_doc
from app.realtime.frames import server_frame


def test_the_protocol_document_matches_the_frame_models() -> None:
    text = protocol_doc.DOC.read_text()
    assert protocol_doc.updated(text) == text, \
        ("docs/protocol.md drifted from app/realtime/frames.py: "
         "run python -m app.realtime.protocol_doc")


def test_a_changed_model_would_show_in_the_document() -> None:
    text = protocol_doc.DOC.read_text()
    drifted = text.replace("| `spectators` | int | yes |", "| `spectators` | str | yes |")
    assert drifted != text and protocol_doc.updated(drifted) == text


@pytest.mark.parametrize("frame", [
    '{"type":"rejected","id":"a","code":"nope","reason":"x"}',
    '{"type":"patch","from":1,"version":2,"ops":[],"log":[],"extra":1}',
    '{"type":"presence","seats":[{"seat":0}],"spectators":0}',
])
def test_frames_outside_the_protocol_fail_validation(frame: str) -> None:
    with pytest.raises(ValidationError):
        server_frame.validate_json(frame)
